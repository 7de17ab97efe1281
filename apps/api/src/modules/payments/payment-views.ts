import { formatMoney, GATEWAY_NAMES, type OrderPaymentsView, type PaymentCallView, type PaymentView } from '@haat/contracts';
import { asc, desc, eq } from 'drizzle-orm';
import type { Ctx } from '../../context';
import { HttpError, notFound } from '../../http/errors';
import { recordAudit } from '../audit';
import { findOrder, orderRefundState } from '../orders';
import { resellerShopHome } from '../resellers';
import { readSetting, SETTING_GROUPS, type SettingsConfig, secretsIn } from '../settings';
import { sendSms } from '../sms';
import type { GatewaysConfig } from './gateways';
import { payLinkFor } from './pay-link';
import type { PaymentRow } from './payment.service';
import { amountDueOnline } from './payment.service';
import { paymentCalls, payments } from './payment.table';
import { refundsOfOrders } from './payment-refund.service';

export function paymentView(payment: PaymentRow, orderNumber: string): PaymentView {
  return {
    id: payment.id,
    order_id: payment.orderId,
    order_number: orderNumber,
    gateway: payment.gateway,
    purpose: payment.purpose,
    invoice: payment.invoice,
    amount: payment.amount,
    paid_amount: payment.paidAmount,
    fee: payment.fee,
    refunded_amount: payment.refundedAmount,
    state: payment.state,
    provider_ref: payment.providerRef,
    trx_id: payment.trxId,
    message: payment.message,
    created_at: payment.createdAt.toISOString(),
    paid_at: payment.paidAt ? payment.paidAt.toISOString() : null,
  };
}

/** Whether an order is waiting for its online payment and may still be paid (its pay link is worth sending). */
function awaitingPayment(order: NonNullable<Awaited<ReturnType<typeof findOrder>>>, now: Date): boolean {
  return (
    order.paymentStatus === 'awaiting' &&
    (order.status === 1 || order.status === 8) &&
    !!order.paymentPurpose &&
    (!order.paymentDueBy || order.paymentDueBy.getTime() > now.getTime()) &&
    amountDueOnline(order) > 0
  );
}

/**
 * `GET /api/admin/orders/:id/payments`: the order's money as the payments card shows it — its attempts, the
 * refunds made through the gateways (payment_refunds, written by the refund service), what may still be
 * refunded online (what the order owes its customer and is still undecided, at most what was paid online and not
 * refunded), and the pay link while the order awaits its payment.
 */
export async function orderPayments(ctx: Ctx, config: GatewaysConfig, orderId: number): Promise<OrderPaymentsView> {
  const order = await findOrder(ctx.db, orderId);
  if (!order) throw notFound('The order');
  const [attempts, refunds, owed] = await Promise.all([
    ctx.db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(desc(payments.id)),
    refundsOfOrders(ctx.db, [orderId]),
    orderRefundState(ctx, orderId),
  ]);
  const refundedOnline = attempts.reduce((sum, payment) => sum + payment.refundedAmount, 0);
  const refundableOnline = attempts
    .filter((payment) => payment.state === 'paid' || payment.state === 'partly_refunded')
    .reduce((sum, payment) => sum + payment.paidAmount - payment.refundedAmount, 0);
  return {
    total: order.total,
    paid: Math.max(0, order.advancePaid - refundedOnline),
    to_collect: Math.max(0, order.total - order.advancePaid),
    payment_status: order.paymentStatus,
    pay_by: order.paymentDueBy ? order.paymentDueBy.toISOString() : null,
    pay_link: awaitingPayment(order, ctx.now) ? payLinkFor(config, order, await resellerShopHome(ctx.db, order.resellerId)) : null,
    refundable: Math.max(0, Math.min(owed.outstanding, refundableOnline)),
    payments: attempts.map((payment) => paymentView(payment, order.number)),
    refunds,
  };
}

/** `GET /api/admin/payments/:id/calls`: every call made to the gateway about the attempt, oldest first. */
export async function paymentCallsOf(ctx: Ctx, paymentId: number): Promise<PaymentCallView[]> {
  const [payment] = await ctx.db.select({ id: payments.id }).from(payments).where(eq(payments.id, paymentId));
  if (!payment) throw notFound('The payment');
  const rows = await ctx.db
    .select()
    .from(paymentCalls)
    .where(eq(paymentCalls.paymentId, paymentId))
    .orderBy(asc(paymentCalls.id))
    .limit(500);
  return rows.map((row) => ({
    id: row.id,
    operation: row.operation,
    method: row.method,
    url: row.url,
    status: row.status,
    ms: row.ms,
    request: row.request,
    response: row.response,
    at: row.createdAt.toISOString(),
  }));
}

/**
 * `POST /api/admin/orders/:id/payments/link-sms`: the pay link sent to the customer by SMS (the gateway, or the
 * SMS log when none is set up), while the order awaits its payment; 409 otherwise. `origin` is the shop's address.
 */
export async function sendPayLinkSms(
  ctx: Ctx,
  config: GatewaysConfig & SettingsConfig,
  orderId: number,
  origin: string,
): Promise<{ message: string }> {
  const order = await findOrder(ctx.db, orderId);
  if (!order) throw notFound('The order');
  if (!awaitingPayment(order, ctx.now)) throw new HttpError(409, `Order ${order.number} is not waiting for an online payment.`);
  // A reseller's customer is sent to the reseller's shop, under its name.
  const [general, resellerShop] = await Promise.all([
    readSetting(ctx.db, SETTING_GROUPS.general),
    resellerShopHome(ctx.db, order.resellerId),
  ]);
  const shop = resellerShop?.name ?? general.site_name.trim();
  const link = payLinkFor(config, order, resellerShop, origin);
  const due = formatMoney(amountDueOnline(order));
  const by = order.paymentMethod in GATEWAY_NAMES ? ` by ${GATEWAY_NAMES[order.paymentMethod as keyof typeof GATEWAY_NAMES]}` : '';
  const text = `Pay ${due}${by} for your order ${order.number}: ${link}${shop ? ` ${shop}` : ''}`;
  const outcome = await sendSms(secretsIn(ctx, config), {
    to: [order.customerPhone],
    message: text,
    purpose: 'payment_link',
    adminId: ctx.actor.kind === 'admin' ? ctx.actor.id : null,
  });
  if (outcome.status === 'failed') throw new HttpError(502, `The SMS was not sent: ${outcome.reason}`);
  await recordAudit(ctx, {
    action: 'payment.link.sms',
    entity: 'order',
    entityId: order.id,
    changes: { pay_link_sms: { before: null, after: order.customerPhone } },
  });
  return {
    message:
      outcome.status === 'sent'
        ? `The pay link was sent to ${order.customerPhone}.`
        : 'No SMS gateway is set up: the message is in the SMS log.',
  };
}
