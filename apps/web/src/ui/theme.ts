import { createTheme, type MantineColorsTuple, NumberInput } from '@mantine/core';

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

export const theme = createTheme({
  primaryColor: 'navy',
  primaryShade: 7,
  colors: { navy },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans Bengali", "Hind Siliguri", sans-serif',
  defaultRadius: 'md',
  components: {
    // A number out of range stays as typed and the form's contract names the mistake at the field: Mantine's
    // default clamps it on blur, so −500 silently became 0 (issue 17).
    NumberInput: NumberInput.extend({ defaultProps: { clampBehavior: 'none' } }),
  },
});
