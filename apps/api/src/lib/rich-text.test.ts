import { describe, expect, it } from 'vitest';
import { LINK_REL, safeHref, sanitizeRichText } from './rich-text';

const REL = `rel="${LINK_REL}"`;

/** Nothing in the output can run: no tag outside the allow-list, no event handler, no style, no other scheme. */
function expectInert(html: string) {
  const tags = [...html.matchAll(/<\/?([a-z][a-z0-9-]*)/gi)].map((match) => (match[1] ?? '').toLowerCase());
  expect(tags.filter((tag) => !['p', 'br', 'strong', 'em', 'u', 'ul', 'ol', 'li', 'h2', 'h3', 'blockquote', 'a'].includes(tag))).toEqual(
    [],
  );
  // Attributes only inside tags: text is escaped, so "<" in the output always opens a tag.
  for (const tag of html.match(/<[^>]*>/g) ?? []) {
    const attributes = [...tag.matchAll(/\s([^\s=>]+)=/g)].map((match) => match[1]);
    expect(attributes.every((name) => ['href', 'rel', 'start', 'type'].includes(name ?? ''))).toBe(true);
    const href = /href="([^"]*)"/.exec(tag)?.[1];
    if (href !== undefined) expect(href).toMatch(/^(https?:\/\/[^/\\]|\/(?![/\\]))/i);
  }
}

describe('sanitizeRichText keeps ordinary formatting exactly', () => {
  it('keeps the allowed tags and text', () => {
    const html =
      '<h2>Care</h2><p>Wash <strong>cold</strong>, <em>dry</em> <u>flat</u>.<br>Iron low.</p><ul><li>One</li><li>Two</li></ul><ol><li>A</li></ol><blockquote>Soft</blockquote><h3>Size</h3>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('keeps what the editor writes: list items and quotes holding paragraphs, nested lists and marks, empty paragraphs', () => {
    const html =
      '<h2>যত্ন</h2><p></p><ul><li><p>One <strong><em>both</em></strong></p><ul><li><p>Inner</p></li></ul></li></ul><ol><li><p>A</p></li></ol><blockquote><p>Soft</p><p>Second</p></blockquote><p>a&nbsp;b</p>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('keeps Bengali text, entities and escaped markup as text', () => {
    expect(sanitizeRichText('<p>হাতে ছাপা সুতির কুর্তি — ৳১,২৫০</p>')).toBe('<p>হাতে ছাপা সুতির কুর্তি — ৳১,২৫০</p>');
    expect(sanitizeRichText('<p>Salt &amp; pepper</p>')).toBe('<p>Salt &amp; pepper</p>');
    expect(sanitizeRichText('2 < 3 & 5 > 4')).toBe('2 &lt; 3 &amp; 5 &gt; 4');
    expect(sanitizeRichText('&lt;script&gt;alert(1)&lt;/script&gt;')).toBe('&lt;script&gt;alert(1)&lt;/script&gt;');
    // Other entities become the characters they stand for.
    expect(sanitizeRichText('Caf&eacute; &copy; &#2547; &#x9F3;')).toBe('Café © ৳ ৳');
    expect(sanitizeRichText('<p>Dear {{customer_name}}</p>')).toBe('<p>Dear {{customer_name}}</p>');
  });

  it('renames old spellings: b, i, h1, h4–h6', () => {
    expect(sanitizeRichText('<b>old</b> <i>tags</i> <h1>Title</h1><h4>a</h4><h5>b</h5><h6>c</h6>')).toBe(
      '<strong>old</strong> <em>tags</em> <h2>Title</h2><h3>a</h3><h3>b</h3><h3>c</h3>',
    );
  });

  it('keeps http(s) and site links with rel forced, dropping every other attribute', () => {
    expect(sanitizeRichText('<a href="https://haat.example/x?a=1&amp;b=2" target="_blank" rel="opener" class="x">Go</a>')).toBe(
      `<a href="https://haat.example/x?a=1&amp;b=2" ${REL}>Go</a>`,
    );
    expect(sanitizeRichText("<a href='/product/kurti'>Kurti</a>")).toBe(`<a href="/product/kurti" ${REL}>Kurti</a>`);
    expect(sanitizeRichText('<a HREF="HTTP://Haat.example">x</a>')).toBe(`<a href="HTTP://Haat.example" ${REL}>x</a>`);
    expect(sanitizeRichText('<a>no address</a>')).toBe('<a>no address</a>');
  });
});

describe('sanitizeRichText neutralises', () => {
  const cases: [string, string, string][] = [
    ['scripts with their content', '<p>Hi<script>alert(1)</script></p>', '<p>Hi</p>'],
    ['upper-case scripts', '<SCRIPT>bad()</SCRIPT ><P>Up</P>', '<p>Up</p>'],
    ['an unclosed script', '<script>never closed', ''],
    ['event handlers', '<p onclick="x()" onmouseover=y()>A</p><img src=x onerror=alert(1)>', '<p>A</p>'],
    ['an image with onerror inside text', '<p>Ten pieces <img src=x onerror=alert(1)></p>', '<p>Ten pieces </p>'],
    ['style elements and attributes', '<p style="color:red;background:url(javascript:alert(1))">s</p><style>p{}</style>', '<p>s</p>'],
    ['other tags, keeping their text', '<div class="x"><span>Text</span></div>', 'Text'],
    ['iframes, objects and embeds', '<iframe src="https://evil"></iframe><object data="x">o</object><embed src="x">ok', 'ok'],
    ['comments and doctypes', '<!-- note --><p>A</p><!DOCTYPE html><!--[if IE]><script>x</script><![endif]-->', '<p>A</p>'],
    ['templates and titles', '<template><p>t</p></template><title>T</title>body', 'body'],
    ['SVG with a script', '<svg><script>alert(1)</script></svg>ok', 'ok'],
    [
      'SVG animating a link to javascript: (<animate>)',
      '<svg><a><animate attributeName="href" values="javascript:alert(1)"/><text x="20" y="20">Click</text></a></svg>after',
      'after',
    ],
    [
      'SVG animating a link to javascript: (<set>)',
      '<svg><a xlink:href="#"><set attributeName="xlink:href" to="javascript:alert(1)"/><text>Click</text></a></svg>after',
      'after',
    ],
    ['SVG smuggling markup through its style', '<svg><style><img src=x onerror=alert(1)></style></svg>z', 'z'],
    ['MathML', '<math><mtext><a href="javascript:alert(1)">x</a></mtext><mi xlink:href="javascript:alert(1)">y</mi></math>m', 'm'],
    ['a textarea closed with </textarea/>', '<textarea></textarea/><img src=x onerror=alert(1)>', ''],
    ['a textarea holding markup', '<p>a</p><textarea><p title="</textarea/><img src=x onerror=alert(1)>">t</textarea>', '<p>a</p>'],
    ['noscript hiding a tag in an attribute', '<noscript><p title="</noscript><img src=x onerror=alert(1)>">', ''],
    [
      'noscript hiding a tag in an attribute, then text',
      '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>ok',
      'ok',
    ],
    ['xmp hiding a tag in an attribute', '<xmp><p title="</xmp><img src=x onerror=alert(1)>">', '"&gt;'],
    ['nested and unclosed tags', '<p><strong>Bold <em>both</p>after', '<p><strong>Bold <em>both</em></strong></p>after'],
    ['unclosed list items', '<ul><li>One<li>Two</ul>', '<ul><li>One</li><li>Two</li></ul>'],
    ['stray closing tags', '</p></strong>stray', '<p></p>stray'],
    ['a tag split by quotes', '<p title="a>b" onclick="x">c</p>', '<p>c</p>'],
    ['forms and buttons', '<form action="javascript:alert(1)"><button formaction="javascript:x">B</button><input value=v></form>', 'B'],
    ['a base tag redirecting links', '<base href="https://evil.example/"><a href="/x">x</a>', `<a href="/x" ${REL}>x</a>`],
    ['meta refresh', '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">m', 'm'],
  ];
  for (const [what, dirty, clean] of cases) {
    it(what, () => {
      const out = sanitizeRichText(dirty);
      expect(out).toBe(clean);
      expectInert(out);
    });
  }

  it('links to any other scheme, however it is spelt: the tag stays, the href goes', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'javascript&#58;alert(1)',
      'javascript&colon;alert(1)',
      '&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)',
      '&#x6A;avascript:alert(1)',
      'java&#x09;script:alert(1)',
      'java&#x0A;script:alert(1)',
      'java\u0000script:alert(1)',
      ' javascript:x',
      '\u0001javascript:x',
      'data:text/html,<script>alert(1)</script>',
      'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
      'DATA:image/svg+xml,x',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      'mailto:a@b.example',
      '//evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      'https:/\\evil.example',
      'https:evil.example',
      'relative/path',
      '#top',
      '',
    ]) {
      expect(sanitizeRichText(`<a href="${href}">x</a>`), href).toBe('<a>x</a>');
    }
    expect(sanitizeRichText('<a href="javascript:alert(1)" href="/ok">x</a>')).toBe('<a>x</a>');
  });

  it('quotes in an href: they stay inside the attribute', () => {
    const out = sanitizeRichText('<a href="https://x.example/&quot;onmouseover=&quot;alert(1)">x</a>');
    expect(out).toBe(`<a href="https://x.example/&quot;onmouseover=&quot;alert(1)" ${REL}>x</a>`);
    expectInert(out);
  });

  it('a long hostile document, in one piece', () => {
    const dirty =
      '<h1 onclick=x>T</h1><p>a<svg/onload=alert(1)>b</p><img src=x:y onerror=alert(1)//><a href=" JaVaScRiPt:alert(1)">c</a>' +
      '<math><maction actiontype="statusline" xlink:href="javascript:alert(1)">d</maction></math><p>e<style>*{x:expression(alert(1))}</style></p>';
    const out = sanitizeRichText(dirty);
    expect(out).toBe('<h2>T</h2><p>a</p><a>c</a><p>e</p>');
    expectInert(out);
  });
});

describe('safeHref', () => {
  it('returns the address the browser follows, or null', () => {
    expect(safeHref('http://ok.example')).toBe('http://ok.example');
    expect(safeHref('  https://ok.example/a b\n')).toBe('https://ok.example/a b');
    expect(safeHref('/product/kurti?size=M#top')).toBe('/product/kurti?size=M#top');
    expect(safeHref('https:/\\evil')).toBeNull();
    expect(safeHref('//evil.example')).toBeNull();
    expect(safeHref('/\t/evil.example')).toBeNull();
    expect(safeHref('java\tscript:alert(1)')).toBeNull();
    expect(safeHref('h\u0001ttps://ok.example')).toBeNull();
  });
});

describe('numbered lists', () => {
  it('keep where they start and how they count, and nothing else', () => {
    expect(sanitizeRichText('<ol start="5" type="a"><li>e</li></ol>')).toBe('<ol start="5" type="a"><li>e</li></ol>');
    expect(sanitizeRichText('<ol start="-2" type="I"><li>x</li></ol>')).toBe('<ol start="-2" type="I"><li>x</li></ol>');
    expect(sanitizeRichText('<ol start="5x" type="disc" reversed onclick="x"><li>e</li></ol>')).toBe('<ol><li>e</li></ol>');
    expect(sanitizeRichText('<ul start="5" type="a"><li>e</li></ul>')).toBe('<ul><li>e</li></ul>');
  });
});
