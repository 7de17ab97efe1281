import { THEME_FONTS, type ThemeSetting } from '@haat/contracts';

/** WCAG relative luminance of a #rrggbb colour. */
export function luminance(hex: string): number {
  const channel = (offset: number) => {
    const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** White or near-black, whichever reads better on the background: any colour the shop picks stays legible. */
export function readableTextOn(background: string): string {
  return contrastRatio(background, '#ffffff') >= contrastRatio(background, '#111111') ? '#ffffff' : '#111111';
}

/** The CSS font stack for a theme font; web fonts fall back to the system's while they load. */
export function fontStack(font: ThemeSetting['font_family']): string | undefined {
  if (font === 'system') return undefined;
  return `"${font}", system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans Bengali", sans-serif`;
}

/**
 * Google Fonts' stylesheet for a theme font, or null for the system font. `display=optional`: a font that is not
 * in within a moment stays out for the page (the system font shows, nothing moves); it is cached for the next one.
 * `swap` would redraw every line in the new font's sizes once it arrived, a layout shift on every first visit.
 */
export function fontStylesheet(font: ThemeSetting['font_family']): string | null {
  if (font === 'system' || !THEME_FONTS.some((each) => each.value === font)) return null;
  return `https://fonts.googleapis.com/css2?family=${encodeURIComponent(font).replace(/%20/g, '+')}:wght@400;600;700&display=optional`;
}
