/**
 * A product's description in a reseller's shop, as HTML the page shows as it is. The catalogue's
 * description is rich text cut down to a safe subset by lib/rich-text.ts on every write (the
 * product form, the import; the demo catalogue escapes its own), so it is passed on unchanged. A
 * reseller's own description is plain text from a textarea: it is escaped and written out as
 * paragraphs (a blank line) and line breaks, so nothing they type can become markup.
 */
export function shopDescriptionHtml(catalogue: string, own: string | null | undefined): string {
  const text = own?.trim();
  return text ? plainTextAsHtml(text) : catalogue;
}

const ESCAPED: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function plainTextAsHtml(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${paragraph.replace(/[&<>"']/g, (character) => ESCAPED[character] ?? character).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/** Plain text of such HTML (a search result's snippet): tags gone, the entities written back. */
export function htmlAsPlainText(html: string): string {
  return html
    .replace(/<(br|\/p|\/li|\/h[23])\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(
      /&(amp|lt|gt|quot|#39|nbsp);/g,
      (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' })[name] ?? '',
    )
    .replace(/\s+/g, ' ')
    .trim();
}
