/**
 * Rich text from the back office's editor, cut down to a safe subset before it is stored:
 * p, br, strong, em, u, ul, ol, li, h2, h3, blockquote, and a with an http(s) or site-relative
 * href. Everything else goes: scripts and styles with their content, other tags (their text is
 * kept), every attribute but href, comments and doctypes.
 *
 * The output is rebuilt, not filtered: text is re-escaped, tags are written from the allow-list
 * with nothing copied through, and open tags are closed. A construct this small parser reads
 * differently from a browser can lose text, but it cannot smuggle markup.
 */

const ALLOWED = new Set(['p', 'br', 'strong', 'em', 'u', 'ul', 'ol', 'li', 'h2', 'h3', 'a', 'blockquote']);
const VOID = new Set(['br']);
/** Same meaning, allowed spelling. */
const RENAMED: Record<string, string> = { b: 'strong', i: 'em', h1: 'h2', h4: 'h3', h5: 'h3', h6: 'h3' };
/** Tags whose content is not text for the reader and goes with them. */
const DROPPED_WITH_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'noscript',
  'template',
  'svg',
  'math',
  'textarea',
  'select',
  'title',
  'head',
  'xmp',
  'noembed',
  'noframes',
  'plaintext',
]);

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  copy: '©',
  reg: '®',
  trade: '™',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  bull: '•',
  middot: '·',
  times: '×',
  deg: '°',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? Number.parseInt(body.slice(2), 16) : Number.parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? whole;
  });
}

/**
 * Text as written back: entities decoded and re-escaped, except named entities this file does
 * not know (&eacute;), kept as they are — a browser turns those into a character, never markup.
 */
function textOut(raw: string): string {
  let out = '';
  let last = 0;
  for (const match of raw.matchAll(/&(#x[0-9a-f]+|#\d+|[a-z][a-z0-9]{1,31});?/gi)) {
    out += escapeText(raw.slice(last, match.index));
    const body = match[1] ?? '';
    const known = body[0] === '#' || body.toLowerCase() in NAMED_ENTITIES;
    out += known || !match[0].endsWith(';') ? escapeText(decodeEntities(match[0])) : match[0];
    last = match.index + match[0].length;
  }
  return out + escapeText(raw.slice(last));
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeAttribute(text: string): string {
  return escapeText(text).replace(/"/g, '&quot;');
}

/** http(s) links and paths on this site; never javascript:, data: or other schemes. */
export function safeHref(raw: string): string | null {
  // Browsers ignore control characters and spaces inside a scheme ("java\tscript:"), so drop them first.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point.
  const value = decodeEntities(raw).replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  if (/^https?:\/\/[^/\\]/i.test(value)) return value;
  if (/^\/(?![/\\])/.test(value)) return value;
  return null;
}

interface Tag {
  name: string;
  closing: boolean;
  attributes: Record<string, string>;
}

function parseAttributes(source: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  const pattern = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
  for (const match of source.matchAll(pattern)) {
    const name = (match[1] ?? '').toLowerCase();
    if (!(name in attributes)) attributes[name] = match[2] ?? match[3] ?? match[4] ?? '';
  }
  return attributes;
}

export function sanitizeRichText(html: string): string {
  const out: string[] = [];
  const open: string[] = [];
  let index = 0;
  const length = html.length;

  const closeTo = (name: string) => {
    const at = open.lastIndexOf(name);
    if (at === -1) return;
    while (open.length > at) out.push(`</${open.pop()}>`);
  };

  while (index < length) {
    const lt = html.indexOf('<', index);
    if (lt === -1) {
      out.push(textOut(html.slice(index)));
      break;
    }
    if (lt > index) out.push(textOut(html.slice(index, lt)));
    if (html.startsWith('<!--', lt)) {
      const end = html.indexOf('-->', lt + 4);
      index = end === -1 ? length : end + 3;
      continue;
    }
    const match = /^<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:"[^"]*"|'[^']*'|[^'">])*)>/.exec(html.slice(lt, lt + 10_000));
    if (!match) {
      if (/^<[!?/]/.test(html.slice(lt, lt + 2))) {
        // A doctype, processing instruction or broken tag: skip to its end.
        const end = html.indexOf('>', lt);
        index = end === -1 ? length : end + 1;
      } else {
        // A lone "<" in text ("2 < 3").
        out.push('&lt;');
        index = lt + 1;
      }
      continue;
    }
    index = lt + match[0].length;
    const raw = (match[2] ?? '').toLowerCase();
    const tag: Tag = { name: RENAMED[raw] ?? raw, closing: match[1] === '/', attributes: parseAttributes(match[3] ?? '') };

    if (DROPPED_WITH_CONTENT.has(raw)) {
      if (!tag.closing && !/\/\s*$/.test(match[3] ?? '')) {
        const closer = new RegExp(`</${raw}\\s*>`, 'i').exec(html.slice(index));
        index = closer ? index + closer.index + closer[0].length : length;
      }
      continue;
    }
    if (!ALLOWED.has(tag.name)) continue;
    if (tag.closing) {
      if (!VOID.has(tag.name)) closeTo(tag.name);
      continue;
    }
    if (VOID.has(tag.name)) {
      out.push(`<${tag.name}>`);
      continue;
    }
    if (tag.name === 'li' && open.at(-1) === 'li') closeTo('li');
    if (tag.name === 'p' && open.includes('p')) closeTo('p');
    if (tag.name === 'a') {
      if (open.includes('a')) closeTo('a');
      const href = tag.attributes.href === undefined ? null : safeHref(tag.attributes.href);
      out.push(href ? `<a href="${escapeAttribute(href)}" rel="nofollow noopener noreferrer">` : '<a>');
    } else out.push(`<${tag.name}>`);
    open.push(tag.name);
  }
  while (open.length) out.push(`</${open.pop()}>`);
  return out.join('').trim();
}
