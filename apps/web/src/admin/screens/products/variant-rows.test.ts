import { describe, expect, it } from 'vitest';
import { combinations, followProductSku, type OptionValue, rowsForOptions, suggestSku, type VariantRow } from './variant-rows';

const values = new Map<number, OptionValue>(
  [
    { id: 1, attributeId: 10, value: 'M' },
    { id: 2, attributeId: 10, value: 'L' },
    { id: 3, attributeId: 20, value: 'Red' },
    { id: 4, attributeId: 20, value: 'Navy Blue' },
  ].map((value) => [value.id, value]),
);

describe('variant rows', () => {
  it('makes every combination of the chosen values', () => {
    expect(
      combinations([
        [1, 2],
        [3, 4],
      ]),
    ).toEqual([
      [1, 3],
      [1, 4],
      [2, 3],
      [2, 4],
    ]);
    expect(combinations([])).toEqual([[]]);
  });

  it('suggests SKUs from the product SKU and the values', () => {
    expect(suggestSku('kt-101', ['M', 'Navy Blue'], 0)).toBe('KT-101-M-NAVYBLUE');
    expect(suggestSku('KT-101', [], 0)).toBe('KT-101');
    expect(suggestSku('KT-101', ['লাল'], 2)).toBe('KT-101-3');
  });

  it('keeps rows whose combination is still chosen and adds the new ones', () => {
    const first = rowsForOptions([[1, 2]], [], values, 'KT');
    expect(first.map((row) => [row.label, row.sku])).toEqual([
      ['M', 'KT-M'],
      ['L', 'KT-L'],
    ]);
    const kept: VariantRow[] = first.map((row, index) => ({ ...row, id: index + 100, stock: 7, sku: `OWN-${index}` }));
    const next = rowsForOptions([[1, 2], [3]], kept, values, 'KT');
    expect(next.map((row) => row.label)).toEqual(['M / Red', 'L / Red']);
    expect(next.every((row) => row.id === undefined)).toBe(true);
    const same = rowsForOptions([[2]], kept, values, 'KT');
    expect(same).toEqual([{ ...kept[1], attribute_value_ids: [2] }]);
  });

  it('gives a product without options one row without values', () => {
    expect(rowsForOptions([], [], values, 'CUP-1')).toEqual([
      { sku: 'CUP-1', attribute_value_ids: [], price_override: null, opening_stock: 0, label: '' },
    ]);
  });

  it('lets untouched SKUs follow the product SKU', () => {
    const rows = rowsForOptions([[1, 2]], [], values, 'A');
    rows[1] = { ...rows[1], sku: 'MINE', skuEdited: true } as VariantRow;
    expect(followProductSku(rows, 'B', values).map((row) => row.sku)).toEqual(['B-M', 'MINE']);
  });
});
