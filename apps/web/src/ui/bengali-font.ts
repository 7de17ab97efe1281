import regular from '@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-400-normal.woff2?url';
import bold from '@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-700-normal.woff2?url';

/**
 * Noto Sans Bengali, self-hosted (@fontsource, the Bengali subset only), for machines without a Bengali font.
 * lib/i18n.ts loads this module only when Bengali is chosen. Every font stack lists "Noto Sans Bengali" before
 * its generic family, and the unicode range keeps Latin text in the page's own font.
 */
const BENGALI = 'U+0964-0965, U+0980-09FE, U+200C-200D, U+20B9, U+25CC';

export function addBengaliFont(): void {
  if (typeof FontFace === 'undefined' || !document.fonts) return;
  for (const [url, weight] of [
    [regular, '400'],
    [bold, '600 700'],
  ] as const) {
    document.fonts.add(
      new FontFace('Noto Sans Bengali', `url(${url}) format("woff2")`, { weight, unicodeRange: BENGALI, display: 'swap' }),
    );
  }
}
