import {
  ColorInput,
  createTheme,
  DEFAULT_THEME,
  darken,
  defaultVariantColorsResolver,
  type MantineColorsTuple,
  NumberInput,
  parseThemeColor,
  toRgba,
  type VariantColorsResolver,
} from '@mantine/core';
import { phrase } from '../lib/phrases';

// The shop's navy (#161745, the loading bar's colour) as a Mantine palette.
const navy: MantineColorsTuple = [
  '#ececf7',
  '#d3d4ea',
  '#a6a8d6',
  '#7679c1',
  '#4f52ae',
  '#383ba2',
  '#2b2e8c',
  '#22246f',
  '#1b1d57',
  '#161745',
];

/** WCAG relative luminance of a colour Mantine can read (hex, rgb, rgba over white). */
function relativeLuminance(color: string): number {
  const { r, g, b, a } = toRgba(color);
  const channel = (value: number) => {
    const over = (value * a + 255 * (1 - a)) / 255;
    return over <= 0.03928 ? over / 12.92 : ((over + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

function contrast(one: string, other: string): number {
  const [light, dark] = [relativeLuminance(one), relativeLuminance(other)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The colour, darkened in steps until it reads at 4.5:1 (WCAG AA) on the background. */
function readableOn(color: string, background: string): string {
  let current = color;
  for (let step = 1; step <= 8 && contrast(current, background) < 4.6; step++) current = darken(color, step * 0.1);
  return current;
}

/** A colour as #rrggbb (darken answers rgba()). */
function hex(color: string): string {
  const { r, g, b } = toRgba(color);
  return `#${[r, g, b].map((value) => Math.round(value).toString(16).padStart(2, '0')).join('')}`;
}

/**
 * Mantine's palettes with shades 7–9 darkened where they read under 4.5:1 on white or on a striped
 * row: `c="green.8"` is 3.4:1, `c="orange.9"` 4.1:1, yellow 9 3.0:1. Screens use shades 7–9 for text
 * and for white text on a badge; shades 0–6 (tints, borders) stay as Mantine has them.
 */
const AA_PALETTES = Object.fromEntries(
  ['red', 'pink', 'grape', 'violet', 'indigo', 'blue', 'cyan', 'teal', 'green', 'lime', 'yellow', 'orange'].map((name) => {
    const tuple = [...(DEFAULT_THEME.colors[name] ?? [])];
    for (const shade of [7, 8, 9]) tuple[shade] = hex(readableOn(tuple[shade] ?? '#000000', '#f1f3f5'));
    return [name, tuple as unknown as MantineColorsTuple];
  }),
);

/** A tint of a colour at Mantine's light-variant strength over the grey of a striped or hovered row. */
function tint(color: string): string {
  const { r, g, b } = toRgba(color);
  const mix = (value: number, under: number) => Math.round(value * 0.12 + under * 0.88);
  return `rgb(${mix(r, 241)}, ${mix(g, 243)}, ${mix(b, 245)})`;
}

/**
 * Mantine's filled, light, subtle and outline variants draw text in shades 6–7 of a colour, under
 * 4.5:1 for green, blue, orange, yellow, teal, cyan… (white on green 7 is 2.9:1, blue 6 on its light
 * tint 3.2:1). Whatever colour a badge or button is given, its text is darkened until it passes AA.
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const resolved = defaultVariantColorsResolver(input);
  const parsed = parseThemeColor({ color: input.color || input.theme.primaryColor, theme: input.theme });
  if (!parsed.isThemeColor || !parsed.value) return resolved;
  const base = parsed.value;
  switch (input.variant) {
    case 'filled': {
      if (input.autoContrast || contrast('#ffffff', base) >= 4.5) return resolved;
      const background = readableOn(base, '#ffffff');
      return { ...resolved, background, hover: darken(background, 0.1) };
    }
    case 'light':
      return { ...resolved, color: readableOn(base, tint(base)) };
    case 'subtle':
    case 'outline':
      return { ...resolved, color: readableOn(base, tint(base)) };
    default:
      return resolved;
  }
};

export const theme = createTheme({
  primaryColor: 'navy',
  primaryShade: 7,
  colors: { ...AA_PALETTES, navy },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans Bengali", "Hind Siliguri", sans-serif',
  defaultRadius: 'md',
  variantColorResolver,
  components: {
    // A number out of range stays as typed and the form's contract names the mistake at the field: Mantine's
    // default clamps it on blur, so −500 silently became 0 (issue 17).
    NumberInput: NumberInput.extend({ defaultProps: { clampBehavior: 'none' } }),
    // A field's clear button is an icon alone: it needs a name (axe: button-name).
    InputClearButton: {
      defaultProps: {
        get 'aria-label'() {
          return phrase('Clear the field');
        },
      },
    },
    // A table wider than the screen scrolls sideways: keyboard users reach it (axe: scrollable-region-focusable).
    TableScrollContainer: { defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } } },
    // The colour picker's eye-dropper button is an icon alone: it needs a name (axe: button-name).
    // A getter: Mantine spreads the defaults at each render, so the name follows the language.
    ColorInput: ColorInput.extend({
      defaultProps: {
        get eyeDropperButtonProps() {
          return { 'aria-label': phrase('Pick a colour from the screen') };
        },
      },
    }),
  },
});
