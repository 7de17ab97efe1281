import { z } from 'zod';
import { nameField } from './fields';
import type { OrderStatusCode } from './order-status';
import { type ResellerBalance, WITHDRAWAL_STATUSES } from './reseller-money';

/**
 * The merchant's money (decision 037): a journal like the reseller cashbook, credited per order line
 * of the merchant's products when the order is delivered (merchant price × quantity) and reversed
 * when it leaves delivered. Withdrawals, payout accounts and their inputs are the reseller's
 * (withdrawRequestInput, bankAccountInput, mobileBankingInput, withdrawalPayInput, withdrawalRejectInput).
 */

/** income: earnings credited less reversals; available = income − paid − pending. The reseller's shape, so one card shows both. */
export type MerchantBalance = ResellerBalance;

export const MERCHANT_LEDGER_KINDS = ['earning', 'earning_reversal', 'withdrawal', 'withdrawal_rejected', 'withdrawal_paid'] as const;
export type MerchantLedgerKind = (typeof MERCHANT_LEDGER_KINDS)[number];
export const MERCHANT_LEDGER_KIND_LABELS: Record<MerchantLedgerKind, string> = {
  earning: 'Earning of a delivered line',
  earning_reversal: 'Earning reversed: order returned',
  withdrawal: 'Withdraw request',
  withdrawal_rejected: 'Withdraw request rejected',
  withdrawal_paid: 'Withdrawal paid',
};

/** One journal row as the merchant (and the admin's statement) sees it: its signed effect on the balance. */
export interface MerchantLedgerEntry {
  id: number;
  kind: MerchantLedgerKind;
  kind_label: string;
  /** Signed paisa: + credits the balance, − debits it (a pending request debits it too). */
  amount: number;
  /** The running balance after this row (oldest first). */
  balance_after: number;
  order_id: number | null;
  order_number: string | null;
  product_name: string | null;
  quantity: number | null;
  unit_price: number | null;
  withdrawal_id: number | null;
  note: string;
  at: string;
}

export const merchantWithdrawalSchema = z.object({
  id: z.number(),
  number: z.string(),
  merchant_id: z.number(),
  merchant_name: z.string(),
  merchant_phone: z.string(),
  company_name: z.string(),
  amount: z.number(),
  status: z.enum(WITHDRAWAL_STATUSES),
  status_label: z.string(),
  payout_provider: z.string(),
  payout_label: z.string(),
  payout_account_name: z.string(),
  payout_account_number: z.string(),
  note: z.string(),
  paid_method: z.string().nullable(),
  transaction_id: z.string().nullable(),
  reject_reason: z.string().nullable(),
  override_reason: z.string().nullable(),
  decided_by: z.string().nullable(),
  requested_at: z.string(),
  decided_at: z.string().nullable(),
});
export type MerchantWithdrawalView = z.infer<typeof merchantWithdrawalSchema>;

/** A merchant's product in their portal: the stock and the units delivered (sold) so far. */
export interface MerchantProductView {
  id: number;
  name: string;
  name_bn: string | null;
  sku: string;
  thumbnail: string | null;
  retail_price: number;
  merchant_price: number | null;
  stock: number;
  low_stock: boolean;
  status: number;
  units_sold: number;
  earned: number;
}

/** An order line of a merchant's product: what they supply and where the order is; no customer details. */
export interface MerchantOrderLineView {
  id: number;
  order_id: number;
  order_number: string;
  status: OrderStatusCode;
  status_label: string;
  placed_at: string;
  product_id: number;
  product_name: string;
  variant_label: string;
  sku: string;
  quantity: number;
  /** What the line credited (net of reversals); 0 until delivered. */
  earned: number;
}

export interface MerchantDashboardView {
  balance: MerchantBalance;
  products: number;
  low_stock: number;
  /** Lines of their products per order status: lines and units. */
  lines_by_status: { status: OrderStatusCode; label: string; lines: number; units: number }[];
  units_sold: number;
  earned_this_month: number;
  /** 30 days, oldest first: the day (YYYY-MM-DD, the shop's time zone) and the net earning credited that day. */
  chart: { date: string; earned: number; units: number }[];
}

/** `PUT /api/merchant/profile`: name, email and company; the phone is the login and stays. */
export const merchantProfileInput = z.object({
  name: nameField('name', 120),
  email: z
    .union([z.literal(''), z.email('Enter a valid email address').trim().toLowerCase()])
    .nullish()
    .transform((value) => value || null),
  company_name: z.string().trim().max(160, 'Use at most 160 characters').default(''),
});
export type MerchantProfileInput = z.input<typeof merchantProfileInput>;

export interface MerchantProfileView {
  id: number;
  name: string;
  phone: string;
  email: string | null;
  company_name: string;
  status: string;
  joined_at: string;
}
