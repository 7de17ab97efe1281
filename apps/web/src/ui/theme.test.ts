import { DEFAULT_THEME, mergeMantineTheme, toRgba } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { theme } from './theme';

const merged = mergeMantineTheme(DEFAULT_THEME, theme);

function luminance(color: string): number {
  const { r, g, b, a } = toRgba(color);
  const channel = (value: number) => {
    const over = (value * a + 255 * (1 - a)) / 255;
    return over <= 0.03928 ? over / 12.92 : ((over + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}
/** A colour Mantine answers as a CSS variable, as the browser computes it in the light scheme. */
function computed(color: string): string {
  const variable = /^var\(--mantine-color-([a-z]+)-(filled|light-color|\d)\)$/.exec(color);
  if (!variable) return color;
  const [, name = '', part = ''] = variable;
  const shade = part === 'filled' ? 7 : part === 'light-color' ? 6 : Number(part);
  return merged.colors[name]?.[shade] ?? color;
}
const ratio = (one: string, other: string) => {
  const [light, dark] = [luminance(computed(one)), luminance(computed(other))].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
};

// Every palette colour, bare and at the shades the screens pick (badges, buttons, statuses).
const COLORS = Object.keys(merged.colors).flatMap((name) => [name, `${name}.6`, `${name}.7`, `${name}.8`, `${name}.9`]);

describe('the theme keeps badge and button text at WCAG AA (4.5:1)', () => {
  it('white text on a filled colour', () => {
    const failing = COLORS.filter((color) => {
      const { background, color: text } = merged.variantColorResolver({ color, theme: merged, variant: 'filled' });
      return text.includes('white') && ratio('#ffffff', background) < 4.5;
    });
    expect(failing).toEqual([]);
  });

  it('coloured text on the light tint, over the grey of a striped row', () => {
    const failing = COLORS.filter((color) => {
      const { color: text } = merged.variantColorResolver({ color, theme: merged, variant: 'light' });
      const base = merged.colors[color.split('.')[0] as string]?.[6] ?? '#000000';
      const { r, g, b } = toRgba(base);
      const tint = `rgb(${r * 0.1 + 248 * 0.9}, ${g * 0.1 + 249 * 0.9}, ${b * 0.1 + 250 * 0.9})`;
      return ratio(text, tint) < 4.5;
    });
    expect(failing).toEqual([]);
  });

  it('text in shades 7 to 9 of every palette, on white and on a striped row', () => {
    const failing = Object.entries(merged.colors).flatMap(([name, tuple]) =>
      [7, 8, 9]
        .filter((shade) => name !== 'dark' && (ratio(tuple[shade] ?? '', '#ffffff') < 4.5 || ratio(tuple[shade] ?? '', '#f1f3f5') < 4.5))
        .map((shade) => `${name}.${shade}`),
    );
    expect(failing).toEqual([]);
  });
});
