import { z } from 'zod';
import { hasFields, idField, moneyField, optionalId, type ReversalView } from './fields';

/**
 * Loans (issue 19, decision 051): money the shop borrowed (`taken`: from a bank, a person) or lent
 * (`given`: to a person, a business), with the lender or borrower ("loaner"). Interest is FLAT: a
 * yearly rate on the whole principal for the whole term, spread evenly over the monthly instalments
 * (how Bangladeshi lenders usually quote a small loan). A repayment pays interest first, then principal,
 * instalment by instalment from the oldest.
 */
export const LOAN_DIRECTIONS = ['taken', 'given'] as const;
export type LoanDirection = (typeof LOAN_DIRECTIONS)[number];
export const LOAN_DIRECTION_LABELS: Record<LoanDirection, string> = { taken: 'Loan taken', given: 'Loan given' };

/**
 * How interest is reckoned: `flat` on the whole principal for the whole term, spread evenly; or
 * `reducing` on what is still owed each month (equal monthly instalments, interest shrinking as the
 * principal is paid down), as banks quote a term loan.
 */
export const LOAN_INTEREST_METHODS = ['flat', 'reducing'] as const;
export type LoanInterestMethod = (typeof LOAN_INTEREST_METHODS)[number];
export const LOAN_INTEREST_METHOD_LABELS: Record<LoanInterestMethod, string> = {
  flat: 'Flat',
  reducing: 'Reducing balance',
};

export const INSTALMENT_STATES = ['due', 'overdue', 'paid'] as const;
export type InstalmentState = (typeof INSTALMENT_STATES)[number];

const text = (max: number, label: string) => z.string().trim().max(max, `Use at most ${max} characters for the ${label}`).default('');
const day = z.iso.date({ error: 'Use a date like 2025-03-01' });
const phone = z
  .string()
  .trim()
  .max(40, 'Use at most 40 characters for the phone')
  .refine((value) => value === '' || /^[+\d][\d\s-]{5,}$/.test(value), 'Enter a phone number like 01712345678')
  .default('');

/** A lender or borrower. */
export const loanerInput = z.object({
  name: z
    .string({ error: 'Enter the name' })
    .trim()
    .min(2, 'The name must have at least 2 characters')
    .max(160, 'The name must have at most 160 characters'),
  phone,
  address: text(300, 'address'),
  national_id: text(40, 'national ID'),
  organisation: text(160, 'organisation'),
  note: text(500, 'note'),
});
export type LoanerInput = z.input<typeof loanerInput>;

export type LoanerView = {
  id: number;
  name: string;
  phone: string;
  address: string;
  national_id: string;
  organisation: string;
  note: string;
  /** Loans open with them. */
  loans: number;
  /** What we still owe them (loans taken), in paisa. */
  we_owe: number;
  /** What they still owe us (loans given), in paisa. */
  they_owe: number;
  created_at: string;
  updated_at: string;
};

/** A yearly rate in percent with up to two decimals (12.5), kept as hundredths of a percent. */
const rateField = z.coerce
  .number({ error: 'Enter the yearly interest rate, e.g. 12.5' })
  .min(0, 'The interest rate cannot be negative')
  .max(100, 'Enter a yearly rate of 100% or less')
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'Use at most two decimals, e.g. 12.75');

/**
 * A loan as its form sends it: an existing loaner (`loaner_id`) or a new one's details. The money came
 * into (taken) or went out of (given) `balance_id`.
 */
export const loanInput = z
  .object({
    direction: z.enum(LOAN_DIRECTIONS, { error: 'Choose loan taken or loan given' }),
    loaner_id: optionalId.default(null),
    loaner_name: text(160, 'name'),
    loaner_phone: phone,
    loaner_address: text(300, 'address'),
    loaner_national_id: text(40, 'national ID'),
    loaner_organisation: text(160, 'organisation'),
    principal: moneyField('amount').refine((value) => value > 0, 'Enter an amount above zero'),
    date: day,
    balance_id: idField('balance'),
    interest_rate: rateField.default(0),
    interest_method: z.enum(LOAN_INTEREST_METHODS, { error: 'Choose flat or reducing balance' }).default('flat'),
    term_months: z.coerce
      .number({ error: 'Enter the term in months' })
      .int('Enter the term in whole months')
      .min(1, 'The term is at least 1 month')
      .max(360, 'The term is at most 360 months'),
    first_due_date: day,
    note: text(500, 'note'),
  })
  .refine((input) => input.loaner_id != null || input.loaner_name.length >= 2, {
    path: ['loaner_name'],
    message: 'Choose a lender or borrower, or enter a new one’s name',
    when: hasFields,
  })
  .refine((input) => input.first_due_date >= input.date, {
    path: ['first_due_date'],
    message: 'The first instalment falls on or after the loan’s date',
    when: (payload) => {
      const value = payload.value as { date?: unknown; first_due_date?: unknown };
      return hasFields(payload) && typeof value.date === 'string' && typeof value.first_due_date === 'string';
    },
  });
export type LoanInput = z.input<typeof loanInput>;

export type LoanInstalmentView = {
  number: number;
  due_date: string;
  principal: number;
  interest: number;
  total: number;
  paid: number;
  state: InstalmentState;
};

export type LoanView = {
  id: number;
  direction: LoanDirection;
  loaner_id: number;
  loaner_name: string;
  principal: number;
  date: string;
  balance_id: number;
  balance_name: string;
  /** Yearly, percent. */
  interest_rate: number;
  interest_method: LoanInterestMethod;
  term_months: number;
  first_due_date: string;
  total_interest: number;
  /** Everything repaid so far. */
  paid: number;
  /** What is still owed (principal and interest). */
  outstanding: number;
  principal_outstanding: number;
  next_due_date: string | null;
  next_due_amount: number;
  overdue: boolean;
  overdue_amount: number;
  note: string;
  entry_id: number | null;
  admin_name: string | null;
  created_at: string;
} & ReversalView;

/** A repayment, part or whole: paid from (taken) or received into (given) a balance. The same shape corrects one. */
export const loanRepaymentInput = z.object({
  date: day,
  balance_id: idField('balance'),
  amount: moneyField('amount').refine((value) => value > 0, 'Enter an amount above zero'),
  reference: text(120, 'reference'),
  note: text(500, 'note'),
});
export type LoanRepaymentInput = z.input<typeof loanRepaymentInput>;

export type LoanRepaymentView = {
  id: number;
  loan_id: number;
  date: string;
  balance_id: number;
  balance_name: string;
  amount: number;
  interest_part: number;
  principal_part: number;
  reference: string;
  note: string;
  entry_id: number;
  admin_name: string | null;
} & ReversalView;

/** `/admin/loaner/details/{id}`: the loaner, each loan with its schedule and repayments, what is still owed. */
export type LoanerDetail = {
  loaner: LoanerView;
  loans: (LoanView & { schedule: LoanInstalmentView[]; repayments: LoanRepaymentView[] })[];
};
