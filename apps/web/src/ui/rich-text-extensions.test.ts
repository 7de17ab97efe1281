import { DOMSerializer, type Node as ProseMirrorNode } from '@tiptap/pm/model';
import { getSchema, type JSONContent } from '@tiptap/react';
import { describe, expect, it } from 'vitest';
import { RICH_TEXT_TAGS, LINK_REL as SERVER_LINK_REL, safeHref, sanitizeRichText } from '../../../api/src/lib/rich-text';
import { isAllowedHref, LINK_REL, richTextExtensions } from './rich-text-extensions';

/**
 * The editor and the server's sanitiser agree: what the editor writes is stored unchanged.
 *
 * Tests run in node, with no DOM. The editor's HTML is made the way Tiptap's getHTML() makes it —
 * ProseMirror's DOMSerializer over the editor's own schema — into a small stand-in document, written
 * out as a browser's innerHTML would write it.
 */

class FakeText {
  readonly nodeType = 3;
  constructor(readonly data: string) {}
}

class FakeElement {
  nodeType = 1;
  readonly attributes: [string, string][] = [];
  readonly childNodes: (FakeElement | FakeText)[] = [];
  constructor(readonly tagName: string) {}
  setAttribute(name: string, value: unknown) {
    const at = this.attributes.findIndex(([existing]) => existing === name);
    if (at === -1) this.attributes.push([name, String(value)]);
    else this.attributes[at] = [name, String(value)];
  }
  appendChild<Child extends FakeElement | FakeText>(child: Child): Child {
    if (child instanceof FakeElement && child.nodeType === 11) this.childNodes.push(...child.childNodes);
    else this.childNodes.push(child);
    return child;
  }
}

const fakeDocument = {
  createElement: (tag: string) => new FakeElement(tag),
  createElementNS: (_namespace: string, tag: string) => new FakeElement(tag),
  createTextNode: (text: string) => new FakeText(text),
  createDocumentFragment: () => Object.assign(new FakeElement('#fragment'), { nodeType: 11 }),
};

const VOID = new Set(['br', 'hr', 'img', 'input', 'wbr']);

/** The HTML fragment serialisation algorithm, as element.innerHTML runs it. */
function innerHtml(node: FakeElement | FakeText): string {
  if (node instanceof FakeText)
    return node.data
      .replace(/&/g, '&amp;')
      .replace(/\u00a0/g, '&nbsp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;');
  const attributes = node.attributes
    .map(
      ([name, value]) =>
        ` ${name}="${value
          .replace(/&/g, '&amp;')
          .replace(/\u00a0/g, '&nbsp;')
          .replace(/"/g, '&quot;')
          .replace(/</g, '&lt;')
          .replace(/>/g, '&gt;')}"`,
    )
    .join('');
  const inside = node.childNodes.map(innerHtml).join('');
  if (node.nodeType === 11) return inside;
  const tag = node.tagName.toLowerCase();
  return VOID.has(tag) ? `<${tag}${attributes}>` : `<${tag}${attributes}>${inside}</${tag}>`;
}

const schema = getSchema(richTextExtensions);

/** What the editor's getHTML() gives for this document. */
function editorHtml(content: JSONContent[]): string {
  const doc: ProseMirrorNode = schema.nodeFromJSON({ type: 'doc', content });
  doc.check();
  const fragment = DOMSerializer.fromSchema(schema).serializeFragment(doc.content, {
    document: fakeDocument as unknown as Document,
  }) as unknown as FakeElement;
  return innerHtml(fragment);
}

type MarkName = 'bold' | 'italic' | 'underline';
const text = (value: string, ...marks: MarkName[]): JSONContent => ({ type: 'text', text: value, marks: marks.map((type) => ({ type })) });
const link = (value: string, href: string): JSONContent => ({
  type: 'text',
  text: value,
  marks: [{ type: 'link', attrs: { href } }],
});
const paragraph = (...content: JSONContent[]): JSONContent => ({ type: 'paragraph', content });
const item = (...content: JSONContent[]): JSONContent => ({ type: 'listItem', content });

describe('the rich-text editor and the server sanitiser', () => {
  it('the editor has exactly the nodes and marks the sanitiser keeps (a new extension must be added to both)', () => {
    expect(Object.keys(schema.nodes).sort()).toEqual(
      ['blockquote', 'bulletList', 'doc', 'hardBreak', 'heading', 'listItem', 'orderedList', 'paragraph', 'text'].sort(),
    );
    expect(Object.keys(schema.marks).sort()).toEqual(['bold', 'italic', 'link', 'underline']);
  });

  it('every tag and attribute the editor can write is on the allow-list', () => {
    const html = editorHtml([
      { type: 'heading', attrs: { level: 2 }, content: [text('h2')] },
      { type: 'heading', attrs: { level: 3 }, content: [text('h3')] },
      paragraph(text('b', 'bold'), text('i', 'italic'), text('u', 'underline'), link('l', '/x'), { type: 'hardBreak' }),
      { type: 'bulletList', content: [item(paragraph(text('ul')))] },
      { type: 'orderedList', attrs: { start: 3, type: 'a' }, content: [item(paragraph(text('ol')))] },
      { type: 'blockquote', content: [paragraph(text('q'))] },
    ]);
    const tags = new Set([...html.matchAll(/<([a-z0-9]+)/g)].map((match) => match[1]));
    expect([...tags].filter((tag) => !(RICH_TEXT_TAGS as readonly string[]).includes(tag ?? ''))).toEqual([]);
    expect([...tags].sort()).toEqual([...RICH_TEXT_TAGS].sort());
    const attributes = new Set([...html.matchAll(/\s([a-z-]+)="/g)].map((match) => match[1]));
    expect([...attributes].sort()).toEqual(['href', 'rel', 'start', 'type']);
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('typical content goes through the sanitiser unchanged', () => {
    const html = editorHtml([
      { type: 'heading', attrs: { level: 2 }, content: [text('যত্ন ও ধোয়া')] },
      paragraph(
        text('Wash '),
        text('cold', 'bold'),
        text(', '),
        text('dry', 'italic'),
        text(' '),
        text('flat', 'underline'),
        text(' and '),
        text('both', 'bold', 'italic'),
        { type: 'hardBreak' },
        text('Fish & chips < 3 > 2 "quoted" ৳১,২৫০\u00a0only'),
      ),
      { type: 'paragraph' },
      { type: 'heading', attrs: { level: 3 }, content: [text('Sizes')] },
      {
        type: 'bulletList',
        content: [
          item(paragraph(text('One'))),
          item(paragraph(text('Two')), { type: 'orderedList', attrs: { start: 1 }, content: [item(paragraph(text('Nested')))] }),
        ],
      },
      { type: 'orderedList', attrs: { start: 4 }, content: [item(paragraph(text('Fourth')))] },
      { type: 'blockquote', content: [paragraph(text('Soft, ', 'italic'), text('breathes')), paragraph(text('Second'))] },
      paragraph(
        text('See '),
        link('the size guide', '/page/size-guide'),
        text(' or '),
        link('our other shop', 'https://haat.example/?a=1&b=2'),
        text('.'),
      ),
    ]);
    expect(html).toContain(
      '<p>Wash <strong>cold</strong>, <em>dry</em> <u>flat</u> and <strong><em>both</em></strong><br>Fish &amp; chips',
    );
    expect(html).toContain(`<a href="/page/size-guide" rel="${LINK_REL}">the size guide</a>`);
    expect(html).toContain('<ol start="4">');
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('links carry the rel the server forces, and the editor accepts exactly the addresses the server keeps', () => {
    expect(LINK_REL).toBe(SERVER_LINK_REL);
    for (const href of [
      'https://haat.example/kurti',
      'http://haat.example',
      'HTTPS://HAAT.EXAMPLE',
      '/page/size-guide',
      '  /trimmed  ',
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,x',
      'vbscript:x',
      'mailto:shop@haat.example',
      '//evil.example',
      '/\\evil.example',
      'https:/\\evil.example',
      'relative/path',
      '#top',
      '',
    ]) {
      expect(isAllowedHref(href), href).toBe(safeHref(href) !== null);
    }
  });
});
