import { z } from 'zod';
import { idField, moneyField, optionalId, type ReversalView, statusField } from './fields';

/**
 * Recurring bills (issue 19, decision 051): rent, electricity, internet, water, gas… A bill is booked
 * period by period (`2026-10`): recording a period's amount makes it an expense of the bill's purpose
 * and due; a payment out of a balance settles it.
 */
export const BILL_RECURRENCES = ['monthly', 'quarterly', 'yearly', 'one_off'] as const;
export type BillRecurrence = (typeof BILL_RECURRENCES)[number];
export const BILL_RECURRENCE_LABELS: Record<BillRecurrence, string> = {
  monthly: 'Monthly',
  quarterly: 'Quarterly',
  yearly: 'Yearly',
  one_off: 'One-off',
};
/** Months between two periods of a recurrence (a one-off has one period). */
export const BILL_RECURRENCE_MONTHS: Record<BillRecurrence, number> = { monthly: 1, quarterly: 3, yearly: 12, one_off: 0 };

const text = (max: number, label: string) => z.string().trim().max(max, `Use at most ${max} characters for the ${label}`).default('');
const day = z.iso.date({ error: 'Use a date like 2025-03-01' });

export const billInput = z.object({
  name: z
    .string({ error: 'Enter the bill’s name' })
    .trim()
    .min(2, 'The name must have at least 2 characters')
    .max(120, 'The name must have at most 120 characters'),
  payee: text(160, 'payee'),
  /** The expense purpose it is booked under; "Rent and bills" when left empty. */
  purpose_id: optionalId.default(null),
  usual_amount: moneyField('usual amount'),
  recurrence: z.enum(BILL_RECURRENCES, { error: 'Choose monthly, quarterly, yearly or one-off' }).default('monthly'),
  due_day: z.coerce
    .number({ error: 'Enter the day of the month it falls due' })
    .int('Enter the day of the month it falls due')
    .min(1, 'Enter a day from 1 to 31')
    .max(31, 'Enter a day from 1 to 31'),
  start_date: day,
  note: text(500, 'note'),
  status: statusField,
});
export type BillInput = z.input<typeof billInput>;

export type BillView = {
  id: number;
  name: string;
  payee: string;
  purpose_id: number;
  purpose_name: string;
  usual_amount: number;
  recurrence: BillRecurrence;
  due_day: number;
  start_date: string;
  note: string;
  status: number;
  /** The earliest unpaid period's due date, else the next period's. */
  next_due_date: string | null;
  /** Recorded and not yet paid, in paisa. */
  due: number;
  overdue: boolean;
  last_period: string | null;
  created_at: string;
  updated_at: string;
};

/** One period's bill as it came (electricity varies): its amount and due date; the same shape corrects one. */
export const billPeriodInput = z.object({
  period: z.string({ error: 'Enter the month, like 2026-10' }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Enter the month, like 2026-10'),
  amount: moneyField('amount').refine((value) => value > 0, 'Enter an amount above zero'),
  due_date: day,
  note: text(500, 'note'),
});
export type BillPeriodInput = z.input<typeof billPeriodInput>;

export const billPaymentInput = z.object({
  date: day,
  balance_id: idField('balance'),
  amount: moneyField('amount').refine((value) => value > 0, 'Enter an amount above zero'),
  reference: text(120, 'reference'),
});
export type BillPaymentInput = z.input<typeof billPaymentInput>;

export type BillPaymentView = {
  id: number;
  period_id: number;
  date: string;
  balance_id: number;
  balance_name: string;
  amount: number;
  reference: string;
  entry_id: number;
  admin_name: string | null;
} & ReversalView;

export type BillPeriodView = {
  id: number;
  period: string;
  amount: number;
  due_date: string;
  paid: number;
  due: number;
  overdue: boolean;
  note: string;
  entry_id: number;
  payments: BillPaymentView[];
} & ReversalView;

/** `/admin/bill/statement/details/{id}`. */
export type BillDetail = {
  bill: BillView;
  periods: BillPeriodView[];
  /** The period to record next (`2026-11`), or null when a one-off is recorded. */
  next_period: string | null;
  next_due_date: string | null;
};
