/** How a product's variant rows follow the options chosen for it (pure, so it is tested on its own). */

export interface OptionValue {
  id: number;
  attributeId: number;
  value: string;
}

/** One row of the variants editor: the contract's variant plus what the screen shows. */
export interface VariantRow {
  /** An existing variant of the product; absent for a new one. */
  id?: number | null;
  sku: string;
  attribute_value_ids: number[];
  price_override: number | null;
  opening_stock: number;
  /** "M / Red"; empty for a product without options. */
  label: string;
  /** On-hand stock of an existing variant (from the ledger). */
  stock?: number;
  /** Set once someone types the SKU, so it no longer follows the product's SKU. */
  skuEdited?: boolean;
  /** False when an existing variant has stock history or is in a combo (the server keeps it). */
  removable?: boolean;
  /** What a scanner reads off the item; empty: none. */
  barcode?: string | null;
  /** Moving-average cost of one unit (paisa), shown read-only; null until the first purchase is received. */
  average_cost?: number | null;
}

/** Every combination of one value from each group, in the groups' order. */
export function combinations<T>(groups: T[][]): T[][] {
  return groups.reduce<T[][]>((rows, group) => rows.flatMap((row) => group.map((item) => [...row, item])), [[]]);
}

/** The same set of values whatever the order: the key rows are matched by. */
export function combinationKey(ids: readonly number[]): string {
  return [...ids].sort((a, b) => a - b).join(',');
}

/** A code for a value inside a SKU: "Navy Blue" → "NAVYBLUE", "42" → "42". */
function skuPart(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]/g, '')
    .toUpperCase()
    .slice(0, 12);
}

/** The suggested SKU of a variant: the product's SKU and the values, e.g. KT-101-M-RED. */
export function suggestSku(productSku: string, values: readonly string[], index: number): string {
  const base = productSku.trim().toUpperCase();
  if (values.length === 0) return base;
  const parts = values.map(skuPart).filter(Boolean);
  const tail = parts.length ? parts.join('-') : String(index + 1);
  return base ? `${base}-${tail}` : tail;
}

/**
 * The rows for the chosen values (one list of value ids per option, in option order). A row whose
 * combination is still chosen is kept as it is (its id, SKU, price and stock); new combinations get
 * a suggested SKU. With no option chosen the product has one row without values.
 */
export function rowsForOptions(
  chosen: number[][],
  current: readonly VariantRow[],
  valueById: ReadonlyMap<number, OptionValue>,
  productSku: string,
): VariantRow[] {
  const groups = chosen.filter((group) => group.length > 0);
  const wanted = groups.length ? combinations(groups) : [[]];
  const byKey = new Map(current.map((row) => [combinationKey(row.attribute_value_ids), row]));
  return wanted.map((ids, index) => {
    const existing = byKey.get(combinationKey(ids));
    const values = ids.map((id) => valueById.get(id)?.value ?? String(id));
    const label = values.join(' / ');
    if (existing) return { ...existing, attribute_value_ids: ids, label: existing.label || label };
    return {
      sku: suggestSku(productSku, values, index),
      attribute_value_ids: ids,
      price_override: null,
      opening_stock: 0,
      label,
    };
  });
}

/** When the product's SKU changes, the SKUs nobody typed follow it. */
export function followProductSku(
  rows: readonly VariantRow[],
  productSku: string,
  valueById: ReadonlyMap<number, OptionValue>,
): VariantRow[] {
  return rows.map((row, index) =>
    row.skuEdited || row.id
      ? row
      : {
          ...row,
          sku: suggestSku(
            productSku,
            row.attribute_value_ids.map((id) => valueById.get(id)?.value ?? String(id)),
            index,
          ),
        },
  );
}
