import { Link } from '@tiptap/extension-link';
import { Plugin } from '@tiptap/pm/state';
import { Extension, type Extensions } from '@tiptap/react';
import { StarterKit } from '@tiptap/starter-kit';

/**
 * What the back office's rich-text editor can write, and nothing more: the server's allow-list
 * (apps/api/src/lib/rich-text.ts, decision 021) keeps exactly these tags and attributes, so what
 * the editor gives back is stored as it was written. rich-text-extensions.test.ts holds the two
 * together: a new extension here fails it until the sanitiser keeps what the extension writes.
 *
 *   p, br, strong, em, u, ul, ol, li, h2, h3, blockquote, a href rel
 *
 * Strike-through, code, code blocks and horizontal rules are left out (the sanitiser would drop
 * them), and headings are h2 and h3 only (the page's title is its h1).
 */

/** Every kept link gets this rel, in the editor as on the server. */
export const LINK_REL = 'noopener noreferrer nofollow';

/** http(s) links and paths on this site; the server's `safeHref` rule. */
export function isAllowedHref(value: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point.
  const href = value.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '').replace(/[\t\n\r]/g, '');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point.
  const squeezed = href.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  const allowed = (url: string) => /^https?:\/\/[^/\\]/i.test(url) || /^\/(?![/\\])/.test(url);
  return allowed(href) && allowed(squeezed);
}

/**
 * How the editor behaves at the keyboard and on paste:
 * - Tab and Shift+Tab move focus in and out of the editor, as in any form (inside a list Tiptap would
 *   indent instead, which traps a keyboard user); Ctrl+] and Ctrl+[ indent and outdent list items.
 * - Pasted h1 becomes h2 and h4–h6 become h3, as the server renames them (otherwise the editor,
 *   which knows h2 and h3 only, would turn them into paragraphs).
 */
const SiteBehaviour = Extension.create({
  name: 'siteBehaviour',
  addKeyboardShortcuts() {
    return {
      'Mod-]': () => this.editor.commands.sinkListItem('listItem'),
      'Mod-[': () => this.editor.commands.liftListItem('listItem'),
    };
  },
  addProseMirrorPlugins() {
    return [
      new Plugin({
        props: {
          // Returning true leaves the event to the browser: ProseMirror's key handling (and Tiptap's Tab in lists) never sees it.
          handleDOMEvents: { keydown: (_view, event) => event.key === 'Tab' && !event.ctrlKey && !event.metaKey && !event.altKey },
          transformPastedHTML: (html) => html.replace(/<(\/?)h1(?=[\s>/])/gi, '<$1h2').replace(/<(\/?)h[4-6](?=[\s>/])/gi, '<$1h3'),
        },
      }),
    ];
  },
});

/** Links carry href and the fixed rel only: no target, class or title, which the server would drop. */
const SiteLink = Link.extend({
  addOptions() {
    return {
      ...this.parent!(),
      openOnClick: false,
      defaultProtocol: 'https',
      HTMLAttributes: {},
      isAllowedUri: (url: string) => isAllowedHref(url),
    };
  },
  addAttributes() {
    return {
      href: { default: null, parseHTML: (element: HTMLElement) => element.getAttribute('href') },
      rel: { default: LINK_REL, parseHTML: () => LINK_REL },
    };
  },
});

export const richTextExtensions: Extensions = [
  StarterKit.configure({
    heading: { levels: [2, 3] },
    link: false,
    strike: false,
    code: false,
    codeBlock: false,
    horizontalRule: false,
    // No empty paragraph added after a closing list or quote: what is stored is what was written.
    trailingNode: false,
  }),
  SiteLink,
  SiteBehaviour,
];
