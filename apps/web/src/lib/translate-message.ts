import i18next from 'i18next';
import { PHRASES, phrase, setMessageTranslator } from './phrases';

/**
 * Templates ordered for `translateMessage`, the most specific first: a counter's "{{n}} characters" must not take
 * "The name must have at least 2 characters" before that message's own template does.
 */
export function mostSpecificFirst(keys: readonly string[]): string[] {
  const fixedText = (key: string) => key.replace(/\{\{\w+\}\}/g, '').length;
  return [...keys].sort((a, b) => fixedText(b) - fixedText(a));
}

/**
 * A contract's or the server's message in the reader's language. The phrasebooks hold each message of
 * packages/contracts (ui/messages.phrases.bn.ts) and of the API (ui/server-messages.phrases.bn.ts,
 * ui/shopper-messages.phrases.bn.ts); a message made from a template (`The ${label} is too large`) is found by its
 * key `The {{label}} is too large`, and the words put in (`retail price`) are phrases too. `phrase` returns the
 * English when there is no Bengali.
 */
export function translateMessage(
  message: string,
  phrase: (text: string, values?: Record<string, string>) => string,
  keys: readonly string[],
  language = 'en',
  depth = 0,
): string {
  const whole = phrase(message);
  if (whole !== message) return whole;
  for (const key of keys) {
    const match = templateRegex(key).exec(message);
    if (!match) continue;
    const names = [...key.matchAll(/\{\{(\w+)\}\}/g)].map((found) => found[1] as string);
    // Numbers and amounts put in ("at most 120 characters", "৳1,200") read in Bengali digits; words ("retail price")
    // are phrases, and a message put into another ("Order HB-1 was not shipped: {{message}}") a message.
    const word = (text: string): string =>
      language === 'bn' && /^৳?\s?[\d.,]+$/.test(text)
        ? bengaliDigits(text)
        : language === 'bn' && countsOf(text, phrase) !== null
          ? (countsOf(text, phrase) as string)
          : depth === 0
            ? translateMessage(text, phrase, keys, language, 1)
            : phrase(text);
    const values = Object.fromEntries(names.map((name, index) => [name, word(match[index + 1] ?? '')]));
    return phrase(key, values);
  }
  return message;
}

/** "3 subcategories and 12 products": each count in Bengali digits with its word a phrase ("৩ সাবক্যাটাগরি ও ১২ পণ্য"). */
function countsOf(text: string, phrase: (text: string) => string): string | null {
  const parts = text.split(/, | and /).map((part) => /^(\d[\d,]*) (\D+)$/.exec(part));
  if (parts.some((part) => !part)) return null;
  const counted = parts.map((part) => `${bengaliDigits(part?.[1] ?? '')} ${phrase(part?.[2] ?? '')}`);
  return counted.length > 1 ? `${counted.slice(0, -1).join(', ')} ও ${counted.at(-1)}` : (counted[0] ?? null);
}

const bengaliDigits = (text: string) => text.replace(/\d/g, (digit) => String.fromCharCode(0x09e6 + Number(digit)));

const templates = new Map<string, RegExp>();

/** `The {{label}} is too large` → /^The (.+?) is too large$/, a part within one sentence. */
function templateRegex(key: string): RegExp {
  let found = templates.get(key);
  if (!found) {
    const pattern = key
      .split(/\{\{\w+\}\}/)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      // A part put in never spans two sentences: "The category was not found. The brand was not found." is two.
      .join('((?:(?![.!?] ).)+?)');
    found = new RegExp(`^${pattern}$`);
    templates.set(key, found);
  }
  return found;
}

let cachedBundle: object | undefined;
let cachedSize = 0;
let cachedKeys: string[] = [];

/** The phrasebooks' keys that are templates (`The {{label}} is too large`), for messages made from one. */
export function templateKeys(): string[] {
  if (i18next.language === 'en') return [];
  const bundle = i18next.getResourceBundle(i18next.language, PHRASES) as Record<string, string> | undefined;
  const size = Object.keys(bundle ?? {}).length;
  if (bundle !== cachedBundle || size !== cachedSize) {
    cachedBundle = bundle;
    cachedSize = size;
    cachedKeys = mostSpecificFirst(Object.keys(bundle ?? {}).filter((key) => key.includes('{{')));
  }
  return cachedKeys;
}

/**
 * A message from the server (a toast, a refusal) in the reader's language: whole, else sentence by sentence (a bulk
 * action's "The category was not found. The brand was not found.").
 */
export function translateServerMessage(message: string): string {
  if (!message || i18next.language === 'en') return message;
  const keys = templateKeys();
  const whole = translateMessage(message, phrase, keys, i18next.language);
  if (whole !== message) return whole;
  return message
    .split(/(?<=[.!?])\s+/)
    .map((sentence) => translateMessage(sentence, phrase, keys, i18next.language))
    .join(' ');
}

setMessageTranslator(translateServerMessage);
