import { z } from 'zod';
import { idField, moneyField } from './fields';

/**
 * Opening balances (`/admin/account/opening`, decision 051): for a shop that starts using Haat mid-year,
 * what it held and owed on one day, posted as ONE entry against "Opening balances". A second save
 * reverses that entry and posts the new one. Each balance's figure is its opening balance as a whole
 * (the same figure its own form shows): the entry posts only the difference from what that form posted.
 */
const zeroIfEmpty = (value: unknown) => (value === '' || value === null || value === undefined ? 0 : value);
const amount = (label: string) => z.preprocess(zeroIfEmpty, moneyField(label));

export const OPENING_AMOUNT_KEYS = [
  'courier_receivable',
  'company_receivable',
  'inventory',
  'loan_receivable',
  'supplier_payable',
  'loan_payable',
] as const;
export type OpeningAmountKey = (typeof OPENING_AMOUNT_KEYS)[number];
/** Which side each figure is on: what the shop has or is owed (asset), or what it owes (liability). */
export const OPENING_AMOUNT_SIDES: Record<OpeningAmountKey, 'asset' | 'liability'> = {
  courier_receivable: 'asset',
  company_receivable: 'asset',
  inventory: 'asset',
  loan_receivable: 'asset',
  supplier_payable: 'liability',
  loan_payable: 'liability',
};

export const openingBalancesInput = z.object({
  date: z.iso.date({ error: 'Use a date like 2025-03-01' }),
  balances: z
    .array(z.object({ balance_id: idField('balance'), amount: amount('amount') }), { error: 'Send the balances as a list' })
    .max(200)
    .default([]),
  courier_receivable: amount('amount owed by couriers'),
  company_receivable: amount('amount owed by companies'),
  inventory: amount('stock value'),
  loan_receivable: amount('amount of loans given'),
  supplier_payable: amount('amount due to suppliers'),
  loan_payable: amount('amount of loans taken'),
  note: z.string().trim().max(500, 'Use at most 500 characters for the note').default(''),
});
export type OpeningBalancesInput = z.input<typeof openingBalancesInput>;

export type OpeningBalancesView = {
  /** Null until the first save. */
  date: string | null;
  balances: { balance_id: number; name: string; amount: number }[];
  courier_receivable: number;
  company_receivable: number;
  inventory: number;
  loan_receivable: number;
  supplier_payable: number;
  loan_payable: number;
  note: string;
  /** Assets − liabilities: what the owners' side starts with. */
  equity: number;
  entry_id: number | null;
  /** How many times it was saved; from the second on each save reversed the one before. */
  saves: number;
  saved_at: string | null;
  saved_by: string | null;
};
