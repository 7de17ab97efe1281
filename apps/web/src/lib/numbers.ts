import { useTranslation } from 'react-i18next';

const formats = new Map<string, Intl.NumberFormat>();

/** A count or quantity in the page's language: 1,234 in English, ১,২৩৪ in Bengali (money: formatMoney). */
export function formatNumber(value: number, language: string, options?: Intl.NumberFormatOptions): string {
  const key = `${language}|${JSON.stringify(options ?? {})}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language === 'bn' ? 'bn-BD' : 'en-IN', options);
    formats.set(key, format);
  }
  return format.format(value);
}

/** `formatNumber` in the current language, re-rendering on a language change. */
export function useNumber(): (value: number | null | undefined, options?: Intl.NumberFormatOptions) => string {
  const { i18n } = useTranslation();
  return (value, options) => (value === null || value === undefined ? '—' : formatNumber(value, i18n.language, options));
}
