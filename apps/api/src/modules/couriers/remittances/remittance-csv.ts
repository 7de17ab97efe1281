import type { RemittanceCsvLayout } from '@haat/contracts';
import { parseCsv } from '../../../http/csv';
import { invalid } from '../../../http/errors';

/**
 * A courier's payment sheet read into rows (decision 049). Each layout names, for each figure, the
 * headers it may have (case and spacing ignored); the first present wins. Amounts are taka as the
 * couriers write them ("1,250.00", "৳ 60"), kept as paisa.
 */
export interface SheetRow {
  /** 1-based row of the sheet, the header being row 1. */
  row: number;
  /** The order number, id, consignment id or tracking code the row names. */
  reference: string;
  collected: number;
  deliveryFee: number;
  codCharge: number;
}

interface Layout {
  reference: string[];
  collected: string[];
  deliveryFee: string[];
  codCharge: string[];
}

const LAYOUTS: Record<RemittanceCsvLayout, Layout> = {
  // Steadfast's payment invoice export: the merchant's invoice is the shop's order number.
  steadfast: {
    reference: ['invoice', 'invoice id', 'consignment id', 'tracking code'],
    collected: ['collected amount', 'cod amount collected', 'cod amount'],
    deliveryFee: ['delivery charge', 'delivery fee'],
    codCharge: ['cod charge', 'cod fee'],
  },
  // Pathao's payment statement: "Merchant Order ID" carries the shop's order number.
  pathao: {
    reference: ['merchant order id', 'order id', 'consignment id'],
    collected: ['collected amount', 'amount collected', 'cash collection'],
    deliveryFee: ['delivery fee', 'delivery charge'],
    codCharge: ['cod fee', 'cod charge'],
  },
  generic: {
    reference: ['order', 'order number', 'order_number', 'invoice', 'consignment id', 'consignment_id', 'tracking code'],
    collected: ['collected', 'collected amount', 'amount collected', 'amount'],
    deliveryFee: ['delivery charge', 'delivery_charge', 'delivery fee', 'delivery_fee'],
    codCharge: ['cod charge', 'cod_charge', 'cod fee', 'cod_fee'],
  },
};

const normal = (header: string) =>
  header
    .trim()
    .toLowerCase()
    .replace(/[_\s]+/g, ' ');

function column(headers: string[], names: string[]): number {
  for (const name of names) {
    const at = headers.indexOf(normal(name));
    if (at >= 0) return at;
  }
  return -1;
}

/** Taka as written → paisa; null when it is not a number. */
export function paisaOf(raw: string | undefined): number | null {
  const text = (raw ?? '').replace(/[৳,\s]|tk\.?|bdt/gi, '');
  if (text === '') return 0;
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null;
  return Math.round(Number(text) * 100);
}

/** The sheet's rows; a missing column or an amount that is not a number is a 422 naming `csv`. */
export function readSheet(csv: string, layout: RemittanceCsvLayout): SheetRow[] {
  const [header, ...body] = parseCsv(csv).filter((cells) => cells.some((cell) => cell.trim() !== ''));
  if (!header) throw invalid('csv', 'The sheet is empty.');
  const headers = header.map(normal);
  const spec = LAYOUTS[layout];
  const at = {
    reference: column(headers, spec.reference),
    collected: column(headers, spec.collected),
    deliveryFee: column(headers, spec.deliveryFee),
    codCharge: column(headers, spec.codCharge),
  };
  if (at.reference < 0) throw invalid('csv', `The sheet has no order column (one of: ${spec.reference.join(', ')}).`);
  if (at.collected < 0) throw invalid('csv', `The sheet has no collected amount column (one of: ${spec.collected.join(', ')}).`);
  if (body.length === 0) throw invalid('csv', 'The sheet has no rows under its header.');
  if (body.length > 5000) throw invalid('csv', 'A sheet may have at most 5,000 rows.');
  return body.map((cells, index) => {
    const row = index + 2;
    const amount = (where: number, what: string) => {
      if (where < 0) return 0;
      const value = paisaOf(cells[where]);
      if (value === null) throw invalid('csv', `Row ${row}: the ${what} “${cells[where]}” is not an amount.`);
      return value;
    };
    return {
      row,
      reference: (cells[at.reference] ?? '').trim(),
      collected: amount(at.collected, 'collected amount'),
      deliveryFee: amount(at.deliveryFee, 'delivery charge'),
      codCharge: amount(at.codCharge, 'COD charge'),
    };
  });
}
