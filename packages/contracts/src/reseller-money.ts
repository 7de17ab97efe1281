import { z } from 'zod';
import { BD_PHONE, passwordSchema, phoneSchema } from './auth';
import { idField, nameField, SLUG } from './fields';
import { customHostField } from './reseller-sms';

/**
 * A reseller's money (PRODUCT.md §4): the cashbook ledger, saved payout accounts, withdraw
 * requests and what the back office does with them. Amounts are integer paisa.
 */

// ---- Payout accounts ----------------------------------------------------------------------------

export const MOBILE_BANKING_PROVIDERS = ['bkash', 'nagad', 'rocket'] as const;
export type MobileBankingProvider = (typeof MOBILE_BANKING_PROVIDERS)[number];
export const PAYOUT_PROVIDER_LABELS: Record<MobileBankingProvider | 'bank', string> = {
  bank: 'Bank account',
  bkash: 'bKash',
  nagad: 'Nagad',
  rocket: 'Rocket',
};

const text = (label: string, max: number) =>
  z
    .string({ error: `Enter the ${label}` })
    .trim()
    .min(2, `Enter the ${label}`)
    .max(max, `The ${label} must have at most ${max} characters`);

/** `/dropshipper/bank/account`: a bank account a withdrawal can be paid to. */
export const bankAccountInput = z.object({
  account_name: text('account holder name', 120),
  account_number: z
    .string({ error: 'Enter the account number' })
    .trim()
    .regex(/^[0-9][0-9 -]{4,30}[0-9]$/, 'Enter the account number in digits'),
  bank_name: text('bank name', 120),
  branch_name: text('branch name', 120),
  routing_number: z
    .string()
    .trim()
    .refine((value) => value === '' || /^\d{9}$/.test(value), 'A routing number has 9 digits')
    .default(''),
});
export type BankAccountInput = z.input<typeof bankAccountInput>;

/** `/dropshipper/mobile/banking`: a bKash, Nagad or Rocket number. Rocket numbers carry a 12th check digit. */
export const mobileBankingInput = z
  .object({
    provider: z.enum(MOBILE_BANKING_PROVIDERS, { error: 'Choose bKash, Nagad or Rocket' }),
    account_number: z
      .string({ error: 'Enter the mobile number' })
      .trim()
      .transform((value) => value.replace(/^\+?88/, '').replace(/[\s-]/g, '')),
    account_type: z.enum(['personal', 'agent'], { error: 'Choose personal or agent' }).default('personal'),
    account_name: z.string().trim().max(120, 'Use at most 120 characters').default(''),
  })
  .superRefine((value, context) => {
    const ok = value.provider === 'rocket' ? /^01[3-9]\d{9}$/.test(value.account_number) : BD_PHONE.test(value.account_number);
    if (!ok) {
      context.addIssue({
        code: 'custom',
        path: ['account_number'],
        message:
          value.provider === 'rocket'
            ? 'Enter the 12-digit Rocket account number, like 017123456780'
            : 'Enter a mobile number like 01712345678',
      });
    }
  });
export type MobileBankingInput = z.input<typeof mobileBankingInput>;

export const payoutAccountSchema = z.object({
  id: z.number(),
  kind: z.enum(['bank', 'mobile']),
  provider: z.string(),
  provider_label: z.string(),
  account_name: z.string(),
  account_number: z.string(),
  bank_name: z.string(),
  branch_name: z.string(),
  routing_number: z.string(),
  account_type: z.string(),
  /** "bKash 01712345678 (personal)" or "Dutch-Bangla Bank, Dhanmondi · 1234567890". */
  label: z.string(),
  created_at: z.string(),
});
export type PayoutAccount = z.infer<typeof payoutAccountSchema>;

// ---- Withdrawals --------------------------------------------------------------------------------

/** The smallest withdrawal: ৳100. */
export const MIN_WITHDRAWAL = 100_00;

export const WITHDRAWAL_STATUSES = ['pending', 'paid', 'rejected'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];
export const WITHDRAWAL_STATUS_LABELS: Record<WithdrawalStatus, string> = { pending: 'Pending', paid: 'Paid', rejected: 'Rejected' };

/** `POST /api/reseller/withdrawals` from `/dropshipper/payment/withdraw/request`. */
export const withdrawRequestInput = z.object({
  amount: z.coerce
    .number({ error: 'Enter the amount' })
    .int('Enter the amount in whole paisa')
    .min(MIN_WITHDRAWAL, 'The smallest withdrawal is ৳100')
    .max(100_000_000_00, 'The amount is too large'),
  payout_account_id: idField('bank account or mobile-banking number'),
  note: z.string().trim().max(300, 'Use at most 300 characters').default(''),
});
export type WithdrawRequestInput = z.input<typeof withdrawRequestInput>;

/** How the shop sent the money. */
export const PAYMENT_CHANNELS = ['bkash', 'nagad', 'rocket', 'bank', 'cash'] as const;
export const PAYMENT_CHANNEL_LABELS: Record<(typeof PAYMENT_CHANNELS)[number], string> = {
  bkash: 'bKash',
  nagad: 'Nagad',
  rocket: 'Rocket',
  bank: 'Bank transfer',
  cash: 'Cash',
};

/** The back office pays a request: how, and the transaction id of the transfer. */
export const withdrawalPayInput = z
  .object({
    method: z.enum(PAYMENT_CHANNELS, { error: 'Choose how it was paid' }),
    transaction_id: z
      .string({ error: 'Enter the transaction id' })
      .trim()
      .min(3, 'Enter the transaction id of the transfer')
      .max(80, 'Use at most 80 characters'),
    note: z.string().trim().max(300, 'Use at most 300 characters').default(''),
    /**
     * Pay even though the reseller's balance no longer covers the request (a returned order took its
     * profit back after it was asked for): only with a reason, which is kept on the request and audited.
     */
    override: z.boolean().default(false),
    reason: z.string().trim().max(300, 'Use at most 300 characters').default(''),
  })
  .superRefine((input, issue) => {
    if (input.override && input.reason.length < 3) {
      issue.addIssue({ code: 'custom', path: ['reason'], message: 'Say why you pay it although the balance does not cover it' });
    }
  });
export type WithdrawalPayInput = z.input<typeof withdrawalPayInput>;

export const withdrawalRejectInput = z.object({
  reason: z
    .string({ error: 'Say why the request is rejected' })
    .trim()
    .min(3, 'Say why the request is rejected')
    .max(300, 'Use at most 300 characters'),
});
export type WithdrawalRejectInput = z.input<typeof withdrawalRejectInput>;

export const withdrawalSchema = z.object({
  id: z.number(),
  /** "WD-000123", the invoice number once paid. */
  number: z.string(),
  reseller_id: z.number(),
  reseller_name: z.string(),
  reseller_phone: z.string(),
  shop_name: z.string(),
  amount: z.number(),
  status: z.enum(WITHDRAWAL_STATUSES),
  status_label: z.string(),
  /** Where the money goes, as saved when the request was made. */
  payout_provider: z.string(),
  payout_label: z.string(),
  payout_account_name: z.string(),
  payout_account_number: z.string(),
  note: z.string(),
  paid_method: z.string().nullable(),
  transaction_id: z.string().nullable(),
  reject_reason: z.string().nullable(),
  /** Why it was paid although the reseller's balance no longer covered it (null: it did). */
  override_reason: z.string().nullable(),
  decided_by: z.string().nullable(),
  requested_at: z.string(),
  decided_at: z.string().nullable(),
});
export type WithdrawalView = z.infer<typeof withdrawalSchema>;

// ---- Cashbook -----------------------------------------------------------------------------------

export const CASHBOOK_KINDS = [
  'order_profit',
  'order_profit_reversal',
  'return_charge',
  'withdrawal',
  'withdrawal_rejected',
  'withdrawal_paid',
  'sms_charge',
] as const;
export type CashbookKind = (typeof CASHBOOK_KINDS)[number];
export const CASHBOOK_KIND_LABELS: Record<CashbookKind, string> = {
  order_profit: 'Profit of a delivered order',
  order_profit_reversal: 'Profit reversed: order returned',
  return_charge: 'Return charge',
  withdrawal: 'Withdraw request',
  withdrawal_rejected: 'Withdraw request rejected',
  withdrawal_paid: 'Withdrawal paid',
  sms_charge: 'SMS campaign',
};

/** One row of `/dropshipper/cashbook/income`: a signed amount on the reseller's balance (+ credit, − debit). */
export const cashbookEntrySchema = z.object({
  id: z.number(),
  kind: z.enum(CASHBOOK_KINDS),
  kind_label: z.string(),
  amount: z.number(),
  order_id: z.number().nullable(),
  order_number: z.string().nullable(),
  withdrawal_id: z.number().nullable(),
  note: z.string(),
  at: z.string(),
});
export type CashbookEntry = z.infer<typeof cashbookEntrySchema>;

export const resellerBalanceSchema = z.object({
  /** Profit credited on delivery, less reversals and return charges. */
  income: z.number(),
  pending_withdrawals: z.number(),
  paid_withdrawals: z.number(),
  /** income − paid − pending: what a new request may ask for. */
  available: z.number(),
});
export type ResellerBalance = z.infer<typeof resellerBalanceSchema>;

// ---- The back office's resellers -----------------------------------------------------------------

export const RESELLER_STATUSES = ['pending', 'active', 'suspended'] as const;
export type ResellerStatus = (typeof RESELLER_STATUSES)[number];
export const RESELLER_STATUS_LABELS: Record<ResellerStatus, string> = {
  pending: 'Awaiting approval',
  active: 'Active',
  suspended: 'Suspended',
};

/**
 * `/admin/add/reseller`, `/admin/edit/reseller/{id}`. A new reseller needs a password; on an edit an
 * empty one keeps it. Approve = active; a suspended reseller cannot sign in or place orders.
 */
export const resellerAdminInput = z
  .object({
    name: nameField(),
    phone: phoneSchema,
    email: z
      .union([z.literal(''), z.email('Enter a valid email address')])
      .default('')
      .transform((value) => value.trim().toLowerCase() || null),
    shop_name: z.string().trim().max(160, 'Use at most 160 characters').default(''),
    slug: z
      .string()
      .trim()
      .toLowerCase()
      .max(80, 'Use at most 80 characters')
      .refine((value) => value === '' || SLUG.test(value), 'Use lower-case letters, digits and dashes, like sadias-closet')
      .default(''),
    status: z.enum(RESELLER_STATUSES, { error: 'Choose a status' }).default('active'),
    /** SMS parts a month; empty: the shop's default quota from the SMS settings. */
    sms_quota: z.preprocess(
      (value) => (value === '' || value === undefined ? null : value),
      z
        .number({ error: 'Enter a number of SMS, or leave it empty for the shop default' })
        .int('Enter a whole number of SMS')
        .min(0, 'The quota cannot be negative')
        .max(10_000_000, 'At most 10,000,000 SMS a month')
        .nullable(),
    ),
    custom_host: customHostField,
    password: z.union([z.literal(''), passwordSchema]).default(''),
    password_confirmation: z.string().default(''),
  })
  .refine((value) => value.password === value.password_confirmation, {
    path: ['password_confirmation'],
    message: 'The two passwords do not match',
  });
export type ResellerAdminInput = z.input<typeof resellerAdminInput>;

/** `/admin/reseller/sale/add`: staff enter a sale for a reseller; it is placed as a reseller order. */
export const resellerSaleInput = z.object({
  reseller_id: idField('reseller'),
  name: nameField('customer name', 120),
  phone: phoneSchema,
  address: z
    .string({ error: 'Enter the delivery address' })
    .trim()
    .min(5, 'Enter the full address: house, road, area')
    .max(300, 'Use at most 300 characters'),
  city_id: idField('city'),
  sub_city_id: z.preprocess((value) => (value === '' || value === undefined ? null : value), idField('area').nullable()),
  lines: z
    .array(
      z.object({
        variant_id: idField('product'),
        quantity: z.coerce.number({ error: 'Enter a quantity' }).int('Enter a whole number').min(1, 'Order at least 1').max(1000),
        /** The reseller's selling price per unit (paisa), never below wholesale; empty: the shop's price. */
        unit_price: z.preprocess(
          (value) => (value === '' || value === undefined ? null : value),
          z.coerce.number().int('Enter the price in whole paisa').min(0, 'The price cannot be negative').max(100_000_000_00).nullable(),
        ),
      }),
    )
    .min(1, 'Add at least one product')
    .max(100),
  advance_paid: z.coerce.number().int().min(0, 'The advance cannot be negative').default(0),
  note: z.string().trim().max(500, 'Use at most 500 characters').default(''),
  idempotency_key: z.uuid({ error: 'Reload the page and try again' }),
});
export type ResellerSaleInput = z.input<typeof resellerSaleInput>;
