import regular from '@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-400-normal.woff2?url';
import bold from '@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-700-normal.woff2?url';

/**
 * Noto Sans Bengali, self-hosted (@fontsource, the Bengali subset only), for machines without a Bengali font.
 * lib/i18n.ts loads this module only when Bengali is chosen. The back office and the portals swap it in (no page is drawn
 * before their app). In the storefront `optional`, not `swap`: it comes after the app's code,
 * when the server's drawing of the page is already on screen in the phone's own Bengali font; swapping then would
 * move every Bengali line (a layout shift). Not there in time, the phone's font stays for this visit and the cached
 * file is used from the next one. (Preloading it from the page's head instead took bandwidth from the page's
 * largest picture: the Bengali product page's LCP went from 1.1 s to 1.6 s.) Every font stack lists "Noto Sans Bengali" before
 * its generic family, and the unicode range keeps Latin text in the page's own font.
 */
const BENGALI = 'U+0964-0965, U+0980-09FE, U+200C-200D, U+20B9, U+25CC';

export function addBengaliFont(display: FontDisplay): void {
  if (typeof FontFace === 'undefined' || !document.fonts) return;
  for (const [url, weight] of [
    [regular, '400'],
    [bold, '600 700'],
  ] as const) {
    document.fonts.add(new FontFace('Noto Sans Bengali', `url(${url}) format("woff2")`, { weight, unicodeRange: BENGALI, display }));
  }
}
