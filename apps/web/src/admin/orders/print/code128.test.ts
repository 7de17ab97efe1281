import { describe, expect, it } from 'vitest';
import { code128Modules, code128Values, code128Widths } from './code128';

describe('Code 128', () => {
  it('encodes the standard’s own example: "AIM" (ISO/IEC 15417 Figure 1)', () => {
    expect(code128Modules('AIM')).toBe('11010010000101000110001100010001010111011000101110110001100011101011');
  });

  it('encodes a run of digits in code set C, two a symbol', () => {
    expect(code128Values('1234567890')).toEqual([105, 12, 34, 56, 78, 90, 85]);
    expect(code128Modules('1234567890')).toBe('110100111001011001110010001011000111000101101100001010011011110110100111100101100011101011');
  });

  it('encodes an order number: the prefix in B, its digits in C, with the check symbol', () => {
    // Start B, H B -, Code C, 10 02 45, check (104 + 40 + 2×34 + 3×13 + 4×99 + 5×10 + 6×2 + 7×45 = 1024 ≡ 97 mod 103).
    expect(code128Values('HB-100245')).toEqual([104, 40, 34, 13, 99, 10, 2, 45, 97]);
    // 10 symbols of 11 modules and the stop's 13.
    expect(code128Modules('HB-100245')).toHaveLength(9 * 11 + 13);
  });

  it('leaves the first digit of an odd run in B, and comes back to B after digits', () => {
    expect(code128Values('A12345B')).toEqual([104, 33, 17, 99, 23, 45, 100, 34, expect.any(Number)]);
    expect(code128Values('12345')).toEqual([104, 17, 99, 23, 45, expect.any(Number)]);
  });

  it('draws every symbol 11 modules wide with an even count of bar modules', () => {
    const widths = code128Widths('SFC-9A8B7C6D5E4F3G2H1I0J');
    const symbols = (widths.length - 7) / 6;
    for (let symbol = 0; symbol < symbols; symbol += 1) {
      const pattern = widths.slice(symbol * 6, symbol * 6 + 6);
      expect(pattern.reduce((a, b) => a + b, 0)).toBe(11);
      expect(((pattern[0] ?? 0) + (pattern[2] ?? 0) + (pattern[4] ?? 0)) % 2).toBe(0);
    }
  });

  it('refuses what it cannot encode', () => {
    expect(() => code128Values('')).toThrow();
    expect(() => code128Values('অর্ডার')).toThrow(/printable ASCII/);
  });
});
