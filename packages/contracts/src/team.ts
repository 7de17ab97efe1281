import { z } from 'zod';
import type { BalanceAccountView } from './accounts';
import { phoneSchema } from './auth';
import { hasFields, idField, moneyField, nameField, statusField } from './fields';

/**
 * The team and its salaries (issue 19 §5, decision 050): people who work for the shop, who may have
 * no login; one salary row per member and month (`YYYY-MM`), paid in parts from a balance; advances
 * given from a balance and recovered from later months' salaries. Money is integer paisa.
 */

/** A salary month as the paths write it: `2026-11`. */
export const SALARY_MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
export const salaryMonthSchema = z.string().regex(SALARY_MONTH, 'Use a month like 2026-11');

const text = (max: number, label: string) => z.string().trim().max(max, `Use at most ${max} characters for the ${label}`).default('');
const zeroIfEmpty = (value: unknown) => (value === '' || value === null || value === undefined ? 0 : value);
const day = z.iso.date({ error: 'Use a date like 2025-03-01' });

/** Bangladesh's national ID: 10, 13 or 17 digits (the smart card, the old card, the old card with the birth year). */
export const NATIONAL_ID = /^(\d{10}|\d{13}|\d{17})$/;

/** A team member as its form sends it. */
export const teamMemberInput = z.object({
  name: nameField('name', 120),
  designation: z
    .string({ error: 'Enter a designation' })
    .trim()
    .min(2, 'The designation must have at least 2 characters')
    .max(80, 'The designation must have at most 80 characters'),
  phone: phoneSchema,
  national_id: z
    .string()
    .trim()
    .transform((value) => value.replace(/[\s-]/g, ''))
    .refine((value) => value === '' || NATIONAL_ID.test(value), 'Enter the national ID: 10, 13 or 17 digits')
    .default(''),
  joining_date: day,
  /** Paisa a month. */
  monthly_salary: moneyField('monthly salary').refine((value) => value > 0, 'Enter a monthly salary above zero'),
  note: text(500, 'note'),
  /** 1 working, 0 left. */
  status: statusField,
});
export type TeamMemberInput = z.input<typeof teamMemberInput>;

export type TeamMemberView = {
  id: number;
  name: string;
  designation: string;
  phone: string;
  national_id: string;
  joining_date: string;
  monthly_salary: number;
  note: string;
  status: number;
  /** Salary saved and not paid yet, over all months. */
  salary_due: number;
  /** Advances still to be recovered. */
  advance_left: number;
  created_at: string;
  updated_at: string;
};

/**
 * One month's salary as its form sends it. `advance_recovery` left out (or null) takes the planned
 * instalments of the member's open advances, capped by what is left of each.
 */
export const salaryMonthInput = z.object({
  basic: moneyField('basic salary'),
  bonus: z.preprocess(zeroIfEmpty, moneyField('bonus')),
  deductions: z.preprocess(zeroIfEmpty, moneyField('deductions')),
  deduction_note: text(300, 'deduction note'),
  advance_recovery: z.preprocess((value) => (value === '' ? null : value), moneyField('advance recovery').nullish()),
  note: text(500, 'note'),
});
export type SalaryMonthInput = z.input<typeof salaryMonthInput>;

/** A payment (whole or part) of a month's salary from a balance the person chooses. */
export const salaryPaymentInput = z.object({
  amount: moneyField('amount').refine((value) => value > 0, 'Enter an amount above zero'),
  balance_id: idField('balance to pay from'),
  paid_on: day,
  /** The cheque, transfer or wallet transaction number. */
  reference: text(120, 'payment reference'),
});
export type SalaryPaymentInput = z.input<typeof salaryPaymentInput>;

/** An advance given to a member from a balance, recovered from later months' salaries. */
export const salaryAdvanceInput = z
  .object({
    amount: moneyField('amount').refine((value) => value > 0, 'Enter an amount above zero'),
    given_on: day,
    balance_id: idField('balance to pay from'),
    /** How much to recover from each month's salary. */
    instalment: moneyField('monthly recovery').refine((value) => value > 0, 'Enter a monthly recovery above zero'),
    reference: text(120, 'payment reference'),
    note: text(500, 'note'),
  })
  .refine((input) => input.instalment <= input.amount, {
    path: ['instalment'],
    message: 'The monthly recovery cannot be more than the advance',
    when: hasFields,
  });
export type SalaryAdvanceInput = z.input<typeof salaryAdvanceInput>;

export type SalaryMemberSummary = {
  id: number;
  name: string;
  designation: string;
  phone: string;
  joining_date: string;
  monthly_salary: number;
  status: number;
};

/** One row of `/admin/team/salary/{id}`: a month, saved or only proposed. */
export type SalaryMonthRow = {
  month: string;
  /** Whether the month's salary was saved (and booked); an unsaved month shows what it would be. */
  saved: boolean;
  basic: number;
  bonus: number;
  deductions: number;
  advance_recovery: number;
  net: number;
  paid: number;
  due: number;
};

export type SalaryAdvanceView = {
  id: number;
  amount: number;
  given_on: string;
  balance_id: number;
  balance_name: string;
  instalment: number;
  recovered: number;
  left: number;
  reference: string;
  note: string;
};

export type SalaryOverview = {
  member: SalaryMemberSummary;
  months: SalaryMonthRow[];
  advances: SalaryAdvanceView[];
  /** Over the saved months only (what the books hold); an unsaved month is a proposal. */
  totals: { net: number; paid: number; due: number; advance_left: number };
};

export type SalaryPaymentView = {
  id: number;
  amount: number;
  paid_on: string;
  balance_id: number;
  balance_name: string;
  reference: string;
  by: string | null;
};

/** `/admin/team/salary/{id}/{month}`: the month's figures (saved, or proposed), its payments and the advances it may recover. */
export type SalaryMonthDetail = SalaryMonthRow & {
  member: SalaryMemberSummary;
  deduction_note: string;
  note: string;
  /** The basic salary proposed for the month: the monthly salary, pro-rated for the joining month. */
  proposed_basic: number;
  /** The planned recovery: each open advance's instalment, capped by what is left of it. */
  proposed_recovery: number;
  /** Open advances (given by the month's end) with what this month recovers from each. */
  advances: (SalaryAdvanceView & { this_month: number })[];
  payments: SalaryPaymentView[];
};

/**
 * A balance salaries and advances may be paid from (`GET /api/admin/team/pay-from`): what the salary
 * forms need of it, to whoever may pay salaries, without the balances screen's permission.
 */
export type SalaryBalanceOption = Pick<BalanceAccountView, 'id' | 'name' | 'kind' | 'balance'>;
