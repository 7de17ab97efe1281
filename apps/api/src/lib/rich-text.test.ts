import { describe, expect, it } from 'vitest';
import { safeHref, sanitizeRichText } from './rich-text';

describe('sanitizeRichText', () => {
  it('keeps the allowed tags and text', () => {
    const html =
      '<h2>Care</h2><p>Wash <strong>cold</strong>, <em>dry</em> <u>flat</u>.<br>Iron low.</p><ul><li>One</li><li>Two</li></ul><ol><li>A</li></ol><blockquote>Soft</blockquote><h3>Size</h3>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('drops scripts, styles and their content, other tags (keeping their text) and every attribute but a safe href', () => {
    expect(sanitizeRichText('<p style="color:red" onclick="x()">Hi<script>alert(1)</script><style>p{}</style></p>')).toBe('<p>Hi</p>');
    expect(sanitizeRichText('<div class="x"><span>Text</span><img src=x onerror=alert(1)></div>')).toBe('Text');
    expect(sanitizeRichText('<iframe src="https://evil"></iframe><svg><script>1</script></svg>ok')).toBe('ok');
    expect(sanitizeRichText('<!-- note --><p>A</p><!DOCTYPE html>')).toBe('<p>A</p>');
    expect(sanitizeRichText('<SCRIPT>bad()</SCRIPT ><P>Up</P>')).toBe('<p>Up</p>');
    expect(sanitizeRichText('<script>never closed')).toBe('');
  });

  it('keeps http(s) and site links only, with rel set, and strips other schemes however they are spelt', () => {
    expect(sanitizeRichText('<a href="https://haat.example/x?a=1&amp;b=2" target="_blank">Go</a>')).toBe(
      '<a href="https://haat.example/x?a=1&amp;b=2" rel="nofollow noopener noreferrer">Go</a>',
    );
    expect(sanitizeRichText("<a href='/product/kurti'>Kurti</a>")).toBe(
      '<a href="/product/kurti" rel="nofollow noopener noreferrer">Kurti</a>',
    );
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'java&#x09;script:alert(1)',
      ' javascript:x',
      'data:text/html,x',
      '//evil.example',
      'vbscript:x',
    ]) {
      expect(sanitizeRichText(`<a href="${href}">x</a>`)).toBe('<a>x</a>');
    }
    expect(safeHref('http://ok.example')).toBe('http://ok.example');
    expect(safeHref('https:/\\evil')).toBeNull();
  });

  it('escapes text and quotes so nothing becomes markup, and closes what is left open', () => {
    expect(sanitizeRichText('2 < 3 & 5 > 4')).toBe('2 &lt; 3 &amp; 5 &gt; 4');
    expect(sanitizeRichText('&lt;script&gt;alert(1)&lt;/script&gt;')).toBe('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(sanitizeRichText('<a href="https://x.example/&quot;onmouseover=&quot;alert(1)">x</a>')).toBe(
      '<a href="https://x.example/&quot;onmouseover=&quot;alert(1)" rel="nofollow noopener noreferrer">x</a>',
    );
    expect(sanitizeRichText('<p><strong>Bold <em>both</p>after')).toBe('<p><strong>Bold <em>both</em></strong></p>after');
    expect(sanitizeRichText('<ul><li>One<li>Two</ul>')).toBe('<ul><li>One</li><li>Two</li></ul>');
    expect(sanitizeRichText('</p></strong>stray')).toBe('stray');
    expect(sanitizeRichText('<b>old</b> <i>tags</i> <h1>Title</h1>')).toBe('<strong>old</strong> <em>tags</em> <h2>Title</h2>');
    expect(sanitizeRichText('Caf&eacute; &copy; &#2547;')).toBe('Caf&eacute; © ৳');
  });
});
