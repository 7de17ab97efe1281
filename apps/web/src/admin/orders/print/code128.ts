/**
 * Code 128 (ISO/IEC 15417), enough for what we print: order numbers (HB-100245) and couriers'
 * tracking codes, any printable ASCII. Code set B for text, code set C (two digits a symbol) for
 * runs of four digits or more, so "HB-100245" is 10 symbols instead of 12. Decision 059.
 */

/** Each symbol's bar and space widths in modules (bar first); 106 is the stop, 7 elements. */
const PATTERNS = [
  '212222',
  '222122',
  '222221',
  '121223',
  '121322',
  '131222',
  '122213',
  '122312',
  '132212',
  '221213',
  '221312',
  '231212',
  '112232',
  '122132',
  '122231',
  '113222',
  '123122',
  '123221',
  '223211',
  '221132',
  '221231',
  '213212',
  '223112',
  '312131',
  '311222',
  '321122',
  '321221',
  '312212',
  '322112',
  '322211',
  '212123',
  '212321',
  '232121',
  '111323',
  '131123',
  '131321',
  '112313',
  '132113',
  '132311',
  '211313',
  '231113',
  '231311',
  '112133',
  '112331',
  '132131',
  '113123',
  '113321',
  '133121',
  '313121',
  '211331',
  '231131',
  '213113',
  '213311',
  '213131',
  '311123',
  '311321',
  '331121',
  '312113',
  '312311',
  '332111',
  '314111',
  '221411',
  '431111',
  '111224',
  '111422',
  '121124',
  '121421',
  '141122',
  '141221',
  '112214',
  '112412',
  '122114',
  '122411',
  '142112',
  '142211',
  '241211',
  '221114',
  '413111',
  '241112',
  '134111',
  '111242',
  '121142',
  '121241',
  '114212',
  '124112',
  '124211',
  '411212',
  '421112',
  '421211',
  '212141',
  '214121',
  '412121',
  '111143',
  '111341',
  '131141',
  '114113',
  '114311',
  '411113',
  '411311',
  '113141',
  '114131',
  '311141',
  '411131',
  '211412',
  '211214',
  '211232',
  '2331112',
] as const;

const CODE_C = 99;
const CODE_B = 100;
const START_B = 104;
const START_C = 105;
const STOP = 106;

/** Digits from `at` on. */
function digitRun(text: string, at: number): number {
  let end = at;
  while (end < text.length && text.charCodeAt(end) >= 48 && text.charCodeAt(end) <= 57) end += 1;
  return end - at;
}

/** The symbol values of `text`, start and check symbol included, stop excluded. */
export function code128Values(text: string): number[] {
  if (text.length === 0) throw new Error('Code 128 needs something to encode');
  for (const char of text) {
    const code = char.charCodeAt(0);
    if (code < 32 || code > 126) throw new Error(`Code 128 here encodes printable ASCII only, not "${char}"`);
  }
  const values: number[] = [];
  let set: 'B' | 'C';
  let at = 0;
  const leading = digitRun(text, 0);
  if (leading >= 4 && leading % 2 === 0) {
    set = 'C';
    values.push(START_C);
  } else {
    set = 'B';
    values.push(START_B);
  }
  while (at < text.length) {
    const run = digitRun(text, at);
    if (set === 'C') {
      if (run >= 2) {
        values.push(Number(text.slice(at, at + 2)));
        at += 2;
        continue;
      }
      set = 'B';
      values.push(CODE_B);
    }
    // In B: a run of 4+ digits goes to C (an odd run leaves its first digit in B).
    if (run >= 4) {
      if (run % 2 === 1) {
        values.push(text.charCodeAt(at) - 32);
        at += 1;
      }
      set = 'C';
      values.push(CODE_C);
      continue;
    }
    values.push(text.charCodeAt(at) - 32);
    at += 1;
  }
  let sum = values[0] ?? 0;
  for (let index = 1; index < values.length; index += 1) sum += (values[index] ?? 0) * index;
  values.push(sum % 103);
  return values;
}

/** The bar widths in modules, alternating bar, space, bar…, from the start symbol to the stop's last bar. */
export function code128Widths(text: string): number[] {
  const widths: number[] = [];
  for (const value of [...code128Values(text), STOP]) {
    for (const digit of PATTERNS[value] ?? '') widths.push(Number(digit));
  }
  return widths;
}

/** The modules as 1 (bar) and 0 (space), the way the standard's figures print them. */
export function code128Modules(text: string): string {
  return code128Widths(text)
    .map((width, index) => (index % 2 === 0 ? '1' : '0').repeat(width))
    .join('');
}

/** The quiet zone each side: ten modules, as ISO/IEC 15417 asks. */
export const QUIET_ZONE_MODULES = 10;
