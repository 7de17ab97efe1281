import i18next, { type TOptions } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Phrases: the interface's words keyed by their English text (decision 030). A screen writes
 * `phrase('Export CSV')` or `phrase('{{name}} was saved.', { name })`; English needs no file, and
 * Bengali comes from the `phrases.bn.ts` files beside the screens (a flat map English → Bengali),
 * fetched only by those who read Bengali. Declarations (a resource's labels, the side menu, a
 * toast's message) keep their English and the machinery that shows them passes it through
 * `phrase`. `scripts/check-i18n.mjs` fails on visible English outside `phrase` and on a phrase
 * missing from the Bengali phrasebooks.
 *
 * Plural forms are not used: pass a count as another name than `count` (`{{n}} orders`).
 */
export const PHRASES = 'phrases';

export type PhraseValues = Record<string, string | number | null | undefined>;
export type Phrasebook = Record<string, string>;
type PhrasebookModule = { default: Phrasebook };

const OPTIONS = { ns: PHRASES, keySeparator: false, nsSeparator: false } as const;

/** A phrase in the current language (outside React, or where the caller already re-renders on a language change). */
export function phrase(text: string, values?: PhraseValues): string {
  return i18next.t(text, { ...OPTIONS, defaultValue: text, ...(values as TOptions) }) as string;
}

/** `phrase`, re-rendering the component when the language changes. */
export function usePhrase(): (text: string, values?: PhraseValues) => string {
  const { i18n } = useTranslation(PHRASES);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new function per language re-renders its users
  return useCallback((text: string, values?: PhraseValues) => phrase(text, values), [i18n.language]);
}

const loaders = new Map<string, () => Promise<PhrasebookModule>>();
const loaded = new Set<string>();

/**
 * An app's Bengali phrasebooks (each entry's router registers its own area's with `import.meta.glob`,
 * so the storefront never fetches the back office's words).
 */
export function registerPhrasebooks(found: Record<string, () => Promise<unknown>>): void {
  for (const [path, load] of Object.entries(found)) loaders.set(path, load as () => Promise<PhrasebookModule>);
}

/** Fetches the registered phrasebooks of a language not yet loaded (English has none). */
export async function loadPhrasebooks(language: string): Promise<void> {
  if (language !== 'bn') return;
  const pending = [...loaders].filter(([path]) => !loaded.has(path));
  const modules = await Promise.all(pending.map(([, load]) => load()));
  pending.forEach(([path], index) => {
    loaded.add(path);
    i18next.addResourceBundle('bn', PHRASES, modules[index]?.default ?? {}, true, true);
  });
}

const onDemand = new Map<string, () => Promise<PhrasebookModule>>();

/**
 * Phrasebooks an app fetches only when first needed, not with its pages: the storefront's messages (the contracts'
 * and the server's), needed once a shopper fills in a form or the server refuses something.
 */
export function registerPhrasebooksOnDemand(found: Record<string, () => Promise<unknown>>): void {
  for (const [path, load] of Object.entries(found)) onDemand.set(path, load as () => Promise<PhrasebookModule>);
}

/** Fetches the phrasebooks kept for later (at the first focus, or before a server's refusal is shown). */
export function loadPhrasebooksOnDemand(language: string): Promise<void> {
  if (onDemand.size) {
    registerPhrasebooks(Object.fromEntries(onDemand));
    onDemand.clear();
  }
  return loadPhrasebooks(language);
}

let messageTranslator: ((message: string) => string) | null = null;

/** lib/translate-message.ts registers itself here when it loads (the back office at once; the storefront at a form or a refusal). */
export function setMessageTranslator(translate: (message: string) => string): void {
  messageTranslator = translate;
}

/**
 * A message from the server in the reader's language (toasts): with templates ("The category was saved.") once
 * lib/translate-message.ts is loaded, else as a phrase. The storefront's first load does without the templates'
 * machinery; lib/api.ts loads it before it shows a refusal.
 */
export function serverMessage(message: string): string {
  return messageTranslator ? messageTranslator(message) : phrase(message);
}
