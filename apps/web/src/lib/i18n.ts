import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { bn } from '../i18n/bn';
import { en } from '../i18n/en';
import { setDateLocale } from './dates';

export const LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'bn', label: 'বাংলা' },
] as const;
export type Language = (typeof LANGUAGES)[number]['code'];

const STORAGE_KEY = 'haat_language';

function initialLanguage(): Language {
  const stored = localStorage.getItem(STORAGE_KEY);
  if (stored === 'en' || stored === 'bn') return stored;
  return navigator.language.toLowerCase().startsWith('bn') ? 'bn' : 'en';
}

export async function setupI18n(): Promise<void> {
  const language = initialLanguage();
  await i18next.use(initReactI18next).init({
    resources: { en: { translation: en }, bn: { translation: bn } },
    lng: language,
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
  });
  document.documentElement.lang = language;
  await setDateLocale(language);
}

export async function changeLanguage(language: Language): Promise<void> {
  localStorage.setItem(STORAGE_KEY, language);
  document.documentElement.lang = language;
  await Promise.all([i18next.changeLanguage(language), setDateLocale(language)]);
}
