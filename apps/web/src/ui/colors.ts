/**
 * Colours for text and for white text on a badge that pass WCAG AA (4.5:1) on white and on striped
 * table rows. Mantine's green 8 (3.4:1) and orange 9 (4.1:1 on grey rows) do not.
 */
export const AA_COLORS = {
  success: '#237032',
  warning: '#b03a0b',
  danger: '#c92a2a',
  muted: '#495057',
} as const;
