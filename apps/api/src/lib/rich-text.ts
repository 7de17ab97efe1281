import { createRequire } from 'node:module';
import type sanitizeHtml from 'sanitize-html';

/**
 * Rich text from the back office's editor, cut down to a safe subset before it is stored:
 * p, br, strong, em, u, ul, ol, li, h2, h3, blockquote, and a with an http(s) or site-relative
 * href (and rel="noopener noreferrer nofollow", always); an ol may also say where its numbers
 * start and how they are written (start="3", type="a"), as the editor's numbered lists do.
 * Everything else goes: scripts, styles, SVG, MathML, form fields and other embedded documents
 * with their content; other tags (their text is kept); every other attribute; comments and
 * doctypes.
 *
 * Built on sanitize-html (decision 021): htmlparser2 reads the input, and the output is written
 * from the allow-list alone, with text and attribute values re-escaped. None of the kept tags is
 * raw text (textarea, xmp, style, script) or foreign content (svg, math), so the browser reads
 * the stored HTML the way it was written here. The editor (apps/web/src/ui/rich-text-extensions.ts)
 * produces exactly these tags and attributes, so what it writes is stored unchanged.
 *
 * sanitize-html (with htmlparser2 and postcss, ~2 MB resident) is loaded the first time rich text is
 * saved, not at start-up: a running shop rarely writes rich text (decision 023).
 */

/** The tags kept, as the editor writes them. */
export const RICH_TEXT_TAGS = ['p', 'br', 'strong', 'em', 'u', 'ul', 'ol', 'li', 'h2', 'h3', 'blockquote', 'a'] as const;

/** Every kept link gets this rel: no window.opener, no referrer, no endorsement of the target. */
export const LINK_REL = 'noopener noreferrer nofollow';

/** How an ol's numbers may be written: 1, 2, 3; a, b, c; A, B, C; i, ii, iii; I, II, III. */
const LIST_NUMBERING = ['1', 'a', 'A', 'i', 'I'];

/** Same meaning, allowed spelling. */
const RENAMED: Record<string, string> = { b: 'strong', i: 'em', h1: 'h2', h4: 'h3', h5: 'h3', h6: 'h3' };

/** Tags whose content is not text for the reader and goes with them. */
const DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'noscript',
  'template',
  'svg',
  'math',
  'textarea',
  'select',
  'option',
  'title',
  'head',
  'xmp',
  'noembed',
  'noframes',
  'plaintext',
];

/**
 * http(s) links and paths on this site; never javascript:, data:, other schemes or
 * protocol-relative //host. `value` is the attribute as the browser reads it (entities decoded).
 * Returns the address the browser would follow, or null.
 */
export function safeHref(value: string): string | null {
  // What a browser does before parsing: leading and trailing controls and spaces go, tabs and newlines anywhere.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point.
  const href = value.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '').replace(/[\t\n\r]/g, '');
  // And stricter: no control character or space anywhere may hide a scheme ("java\u0001script:").
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point.
  const squeezed = href.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  const allowed = (url: string) => /^https?:\/\/[^/\\]/i.test(url) || /^\/(?![/\\])/.test(url);
  return allowed(href) && allowed(squeezed) ? href : null;
}

const renamed = Object.fromEntries(
  Object.entries(RENAMED).map(([from, to]) => [
    from,
    (_tag: string, _attributes: sanitizeHtml.Attributes) => ({ tagName: to, attribs: {} }),
  ]),
);

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: { a: ['href', 'rel'], ol: ['start', 'type'] },
  parseStyleAttributes: false,
  // sanitize-html checks the scheme again after the transform below: the same rule, twice.
  allowedSchemes: ['http', 'https'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  allowVulnerableTags: false,
  disallowedTagsMode: 'discard',
  nonTextTags: DROPPED_WITH_CONTENT,
  enforceHtmlBoundary: false,
  parser: { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  transformTags: {
    ...renamed,
    a: (_tag, attributes) => {
      const href = attributes.href === undefined ? null : safeHref(attributes.href);
      const attribs: sanitizeHtml.Attributes = href ? { href, rel: LINK_REL } : {};
      return { tagName: 'a', attribs };
    },
    ol: (_tag, attributes) => {
      const attribs: sanitizeHtml.Attributes = {};
      if (attributes.start !== undefined && /^-?\d{1,9}$/.test(attributes.start)) attribs.start = attributes.start;
      if (attributes.type !== undefined && LIST_NUMBERING.includes(attributes.type)) attribs.type = attributes.type;
      return { tagName: 'ol', attribs };
    },
  },
};

const require = createRequire(import.meta.url);
let sanitizer: typeof sanitizeHtml | undefined;

export function sanitizeRichText(html: string): string {
  sanitizer ??= require('sanitize-html') as typeof sanitizeHtml;
  return (
    sanitizer(html, OPTIONS)
      // Written as browsers (and so the editor) serialise them; both are only ever markup here, since text is escaped.
      .replace(/<br \/>/g, '<br>')
      .replace(/\u00a0/g, '&nbsp;')
      .trim()
  );
}
