import { fromPaisa, GATEWAY_NAMES, type PaymentView, paymentDescriptor } from '@haat/contracts';
import { eq, gte, ilike, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { createResource, likeContains } from '../../http/resource';
import { orderSummaries } from '../orders';
import { payments } from './payment.table';
import { paymentView } from './payment-views';

type PaymentRow = typeof payments.$inferSelect;

/** The attempts as staff see them, each with its order's number. */
export async function paymentViews(db: Db, rows: PaymentRow[]): Promise<PaymentView[]> {
  const numbers = new Map(
    (await orderSummaries(db, { ids: rows.map((row) => row.orderId) })).map((order) => [order.id, order.number] as const),
  );
  return rows.map((row) => paymentView(row, numbers.get(row.orderId) ?? ''));
}

/** The resource machinery hands rows with the table's keys, dates possibly as strings on some drivers. */
const asRow = (row: Record<string, unknown>): PaymentRow =>
  ({
    ...row,
    createdAt: new Date(row.createdAt as string | Date),
    paidAt: row.paidAt ? new Date(row.paidAt as string | Date) : null,
  }) as PaymentRow;

/** A day's filter on when the attempt started: from its start, or up to its end (UTC days, like the other lists). */
const fromDay = (value: unknown) => gte(payments.createdAt, new Date(`${value as string}T00:00:00Z`));
const toDay = (value: unknown) => lt(payments.createdAt, new Date(Date.parse(`${value as string}T00:00:00Z`) + 86_400_000));

const STATE_LABELS: Record<PaymentView['state'], string> = {
  initiated: 'Started',
  paid: 'Paid',
  failed: 'Failed',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
  partly_refunded: 'Partly refunded',
};

/**
 * `/admin/payment/list` (decision 062): every attempt, by gateway, state and day, searched by invoice, order
 * number (HB-100245 finds HB100245P1, P2…) or the gateway's ids, with CSV. Refunds, checks and the calls are
 * the module's own routes.
 */
export const paymentResource = createResource(paymentDescriptor, {
  table: payments,
  id: payments.id,
  searchWhere: (q) => {
    const compact = q.replace(/[\s-]/g, '');
    return or(
      ilike(payments.invoice, likeContains(compact)),
      ilike(payments.trxId, likeContains(q.trim())),
      ilike(payments.providerRef, likeContains(q.trim())),
    );
  },
  sort: { id: payments.id, created_at: payments.createdAt, amount: payments.amount, paid_at: payments.paidAt },
  filters: {
    gateway: { column: payments.gateway },
    state: { where: (value) => eq(payments.state, value as PaymentView['state']) },
    from: { where: fromDay },
    to: { where: toDay },
  },
  toValues: () => ({}),
  toViews: async ({ db }, rows) => (await paymentViews(db, rows.map(asRow))).map((view) => ({ ...view })),
  async toCsvRows({ db }, rows) {
    const views = await paymentViews(db, rows.map(asRow));
    return views.map((view) => ({
      Id: view.id,
      Started: view.created_at.slice(0, 16).replace('T', ' '),
      Order: view.order_number,
      Gateway: GATEWAY_NAMES[view.gateway],
      Purpose: view.purpose === 'full' ? 'Whole order' : 'Delivery charge',
      Invoice: view.invoice,
      Amount: fromPaisa(view.amount),
      Paid: fromPaisa(view.paid_amount),
      Fee: fromPaisa(view.fee),
      Refunded: fromPaisa(view.refunded_amount),
      State: STATE_LABELS[view.state],
      'Transaction id': view.trx_id ?? '',
      'Paid at': view.paid_at?.slice(0, 16).replace('T', ' ') ?? '',
      Message: view.message,
    }));
  },
});
