/** Money is an integer count of the smallest unit (paisa); these helpers never use floats for storage. */

export type Paisa = number;

export function toPaisa(amount: string | number): Paisa {
  const text = typeof amount === 'number' ? amount.toFixed(2) : amount.trim();
  const match = /^(-)?(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) throw new RangeError(`Not an amount of money: ${amount}`);
  const [, minus, whole, fraction = ''] = match;
  const value = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return minus ? -value : value;
}

export function formatMoney(paisa: Paisa, symbol = '৳', locale = 'en'): string {
  const negative = paisa < 0;
  const absolute = Math.abs(paisa);
  const whole = Math.trunc(absolute / 100);
  const fraction = absolute % 100;
  const number = new Intl.NumberFormat(locale === 'bn' ? 'bn-BD' : 'en-IN', {
    minimumFractionDigits: fraction ? 2 : 0,
    maximumFractionDigits: 2,
  }).format(whole + fraction / 100);
  return `${negative ? '-' : ''}${symbol}${number}`;
}

/** The inverse of toPaisa, for spreadsheets: 125050 → "1250.50" (no symbol, no grouping). */
export function fromPaisa(paisa: Paisa): string {
  const sign = paisa < 0 ? '-' : '';
  const absolute = Math.abs(Math.trunc(paisa));
  return `${sign}${Math.trunc(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}
