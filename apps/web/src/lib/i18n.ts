import i18next, { type FormatterModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from '../i18n/en';
import { loadPhrasebooks } from './phrases';

export const LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'bn', label: 'বাংলা' },
] as const;
export type Language = (typeof LANGUAGES)[number]['code'];

const STORAGE_KEY = 'haat_language';

/**
 * A chosen language is kept in localStorage and, for the server, in a cookie of the same name: the storefront's
 * pages arrive drawn in it (the API's storefront/first-paint.ts reads it).
 */
function rememberLanguage(language: Language): void {
  localStorage.setItem(STORAGE_KEY, language);
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox and older Safari
  document.cookie = `${STORAGE_KEY}=${language}; path=/; max-age=31536000; samesite=lax`;
}

function initialLanguage(): Language {
  const stored = localStorage.getItem(STORAGE_KEY);
  if (stored === 'en' || stored === 'bn') {
    // A choice made before the cookie existed reaches the server from the next page on.
    if (!document.cookie.includes(`${STORAGE_KEY}=${stored}`)) rememberLanguage(stored);
    return stored;
  }
  // A choice this browser's cookie holds without localStorage (set by the server's side, or a test): the page was
  // drawn in it.
  const cookie = /(?:^|;\s*)haat_language=(en|bn)(?:;|$)/.exec(document.cookie)?.[1];
  if (cookie === 'en' || cookie === 'bn') {
    localStorage.setItem(STORAGE_KEY, cookie);
    return cookie;
  }
  return navigator.language.toLowerCase().startsWith('bn') ? 'bn' : 'en';
}

/**
 * English ships with the first page; Bengali (its messages, the area's phrasebooks and its web font) is
 * fetched only by those who read it.
 */
let bengaliFontDisplay: FontDisplay = 'swap';

/**
 * Keyed messages an app adds to those every app has (i18n/en.ts): the back office's `admin.*`, `orders.*`…
 * (i18n/en-staff.ts), registered by its route table so that the storefront never downloads them. English is added
 * at once; another language when it is loaded.
 */
interface KeyedMessages {
  en: object;
  other: Partial<Record<Language, () => Promise<object>>>;
  added: Set<Language>;
}
const keyedMessages: KeyedMessages[] = [];

export function registerKeyedMessages(en: object, other: KeyedMessages['other']): void {
  keyedMessages.push({ en, other, added: new Set() });
}

async function addKeyedMessages(language: Language): Promise<void> {
  for (const bundle of keyedMessages) {
    if (!bundle.added.has('en')) {
      i18next.addResourceBundle('en', 'translation', bundle.en, true, false);
      bundle.added.add('en');
    }
    const load = bundle.other[language];
    if (language !== 'en' && load && !bundle.added.has(language)) {
      i18next.addResourceBundle(language, 'translation', await load(), true, false);
      bundle.added.add(language);
    }
  }
}

async function loadMessages(language: Language): Promise<void> {
  if (language !== 'en' && !i18next.hasResourceBundle(language, 'translation')) {
    const [{ bn }, { addBengaliFont }] = await Promise.all([import('../i18n/bn'), import('../ui/bengali-font')]);
    addBengaliFont(bengaliFontDisplay);
    i18next.addResourceBundle('bn', 'translation', bn);
  }
  await addKeyedMessages(language);
  if (language !== 'en') await loadPhrasebooks(language);
}

/** The phrasebooks an app registered after the language was set up (its route table loads beside it). */
export function phrasesReady(): Promise<void> {
  return loadMessages(i18next.language as Language).catch(() => undefined);
}

let dateLocale: Promise<void> | null = null;
let dateLanguage: string | null = null;
/**
 * The language setupI18n is switching to: the router starts (and runs its first loaders) beside it, so a
 * loader that waits for dates may ask before i18next has switched; it must get the page's language.
 */
let startingLanguage: Language | null = null;

function loadDateLocale(language: string): Promise<void> {
  dateLanguage = language;
  // One after another, so the language asked last is the one dates end in (a loader may ask before the
  // interface's language is set up, in English).
  dateLocale = (dateLocale ?? Promise.resolve())
    .then(() => import('./dates'))
    .then(({ setDateLocale }) => setDateLocale(language))
    .catch(() => undefined);
  return dateLocale;
}

/**
 * Dates (dayjs and its locales) load the first time a page needs them, not with the first page:
 * most storefront pages show none. Screens that format dates as they render wait for this first.
 */
export function dateLocaleReady(): Promise<void> {
  const wanted = startingLanguage ?? i18next.language;
  return dateLocale && dateLanguage === wanted ? dateLocale : loadDateLocale(wanted);
}

const BENGALI_DIGITS = '০১২৩৪৫৬৭৮৯';

/**
 * A number put into a message is written in the page's digits: "মাত্র ৩টি বাকি" (strings, such as an order number
 * or a product's name, stay as they are). No message names a format (`{{n, number}}`): this is the only one.
 */
const localDigits: FormatterModule = {
  type: 'formatter',
  init: () => undefined,
  add: () => undefined,
  addCached: () => undefined,
  format: (value, _format, language) =>
    typeof value === 'number' && language === 'bn' ? String(value).replace(/\d/g, (digit) => BENGALI_DIGITS.charAt(Number(digit))) : value,
};

/**
 * `fontDisplay`: how the Bengali web font comes in (ui/bengali-font.ts). The back office and the portals swap it in;
 * the storefront, whose first paint the server has already drawn, takes it only when it is there in time ('optional').
 */
export async function setupI18n({ fontDisplay = 'swap' }: { fontDisplay?: FontDisplay } = {}): Promise<void> {
  bengaliFontDisplay = fontDisplay;
  const language = initialLanguage();
  startingLanguage = language;
  await i18next
    .use(initReactI18next)
    .use(localDigits)
    .init({
      resources: { en: { translation: en } },
      lng: 'en',
      fallbackLng: 'en',
      interpolation: { escapeValue: false, alwaysFormat: true },
    });
  await loadMessages(language).catch(() => undefined);
  if (language !== 'en') await i18next.changeLanguage(language);
  startingLanguage = null;
  document.documentElement.lang = language;
}

/**
 * The shop's default language (general settings) for a visitor who has not chosen one and whose
 * browser does not ask for Bengali.
 */
export async function applyShopLanguage(language: string): Promise<void> {
  if (localStorage.getItem(STORAGE_KEY) || navigator.language.toLowerCase().startsWith('bn')) return;
  if ((language !== 'en' && language !== 'bn') || language === i18next.language) return;
  await loadMessages(language);
  document.documentElement.lang = language;
  await Promise.all([i18next.changeLanguage(language), dateLocale ? loadDateLocale(language) : undefined]);
}

export async function changeLanguage(language: Language): Promise<void> {
  rememberLanguage(language);
  await loadMessages(language);
  document.documentElement.lang = language;
  // Dates follow only once a page has loaded them.
  await Promise.all([i18next.changeLanguage(language), dateLocale ? loadDateLocale(language) : undefined]);
}

/**
 * A screen's own words, loaded with its code under their own namespace (English may be left to the
 * keys' defaults in the screen). Added once, however often the module is imported.
 */
export function addTranslations(namespace: string, resources: { en?: object; bn: object }): void {
  for (const [language, words] of Object.entries(resources)) {
    if (words && !i18next.hasResourceBundle(language, namespace)) i18next.addResourceBundle(language, namespace, words, true, true);
  }
}
