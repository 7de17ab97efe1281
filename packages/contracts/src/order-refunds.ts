import { z } from 'zod';
import { moneyField, optionalId } from './fields';

/**
 * Money a customer is owed on an order (decision 054): the advance (or full payment) of an order that
 * came back or was cancelled, and the part of an exchange's credit its new order did not use. Staff pay
 * it back out of a balance, or keep it by decision (shop policy: an advance delivery charge is not
 * refunded), and each choice is recorded.
 */
export const ORDER_REFUND_DECISIONS = ['refund', 'keep'] as const;
export type OrderRefundDecision = (typeof ORDER_REFUND_DECISIONS)[number];

const text = (max: number, label: string) => z.string().trim().max(max, `Use at most ${max} characters for the ${label}`).default('');

/** `POST /api/admin/orders/{id}/refunds`: pay back (from a balance) or keep part or all of what is owed. */
export const orderRefundInput = z
  .object({
    decision: z.enum(ORDER_REFUND_DECISIONS, { error: 'Choose to refund it or keep it' }),
    amount: moneyField('amount').refine((value) => value > 0, 'Enter an amount above zero'),
    /** The balance the refund is paid from (cash, bank, bKash…); only for a refund. */
    balance_id: optionalId.default(null),
    /** The payment's reference (a bKash transaction id, a cheque number). */
    reference: text(120, 'reference'),
    /** Why the shop keeps it, or anything to remember about the refund. */
    note: text(500, 'note'),
  })
  .superRefine((value, context) => {
    if (value.decision === 'refund' && !value.balance_id) {
      context.addIssue({ code: 'custom', path: ['balance_id'], message: 'Choose the balance the refund is paid from' });
    }
    if (value.decision === 'keep' && value.note.length < 2) {
      context.addIssue({ code: 'custom', path: ['note'], message: 'Say why the shop keeps it' });
    }
  });
export type OrderRefundInput = z.input<typeof orderRefundInput>;

/** One decision on what an order owes its customer. */
export type OrderRefundView = {
  id: number;
  decision: OrderRefundDecision;
  amount: number;
  balance_id: number | null;
  balance_name: string | null;
  reference: string;
  note: string;
  entry_id: number;
  admin_name: string | null;
  at: string;
};

/** `GET /api/admin/orders/{id}/refunds`: what the order owes its customer, and what was done about it. */
export type OrderRefundsView = {
  order_id: number;
  /** Everything that became owed (an advance of a returned order, an exchange's unused credit). */
  owed: number;
  refunded: number;
  kept: number;
  /** owed − refunded − kept: still to decide. */
  outstanding: number;
  decisions: OrderRefundView[];
};
