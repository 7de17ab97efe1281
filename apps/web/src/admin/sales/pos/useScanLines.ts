import type { CounterItem } from '@haat/contracts';
import { useState } from 'react';

/** A point-of-sale line: an item, how many, at what price, less its own discount. */
export interface ScanLine {
  variant_id: number;
  product_name: string;
  variant_label: string;
  sku: string;
  quantity: number;
  unit_price: number;
  discount: number;
  /** On the counter: what is in stock. */
  stock?: number;
  /** An item coming back from a known sale: how many can still come back. */
  max?: number;
}

/**
 * The lines a scan box fills: a scanned item is added once, scanned again it is one more; each line
 * can be changed or removed. Shared by the counter sale and both sides of an exchange.
 */
export function useScanLines() {
  const [lines, setLines] = useState<ScanLine[]>([]);
  const add = (item: CounterItem) =>
    setLines((current) => {
      const found = current.find((line) => line.variant_id === item.variant_id);
      if (found) return current.map((line) => (line === found ? { ...line, quantity: line.quantity + 1 } : line));
      return [
        ...current,
        {
          variant_id: item.variant_id,
          product_name: item.product_name,
          variant_label: item.variant_label,
          sku: item.sku,
          stock: item.stock,
          quantity: 1,
          unit_price: item.unit_price,
          discount: 0,
        },
      ];
    });
  const change = (index: number, patch: Partial<ScanLine>) =>
    setLines((current) => current.map((line, at) => (at === index ? { ...line, ...patch } : line)));
  const remove = (index: number) => setLines((current) => current.filter((_, at) => at !== index));
  /** What the server is sent. */
  const input = lines.map((line) => ({
    variant_id: line.variant_id,
    quantity: line.quantity,
    unit_price: line.unit_price,
    discount: line.discount,
  }));
  return { lines, setLines, add, change, remove, input };
}

export type ScanLines = ReturnType<typeof useScanLines>;
