import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookEntries, expectBooksBalanced } from '../accounts/accounts.fixture';
import { paymentRefunds, payments } from './payment.table';
import { balanceOf, moveOrder, openPaymentShop, type PaymentShop, paidOrder } from './payment-admin.fixture';

/**
 * Refunds through the gateway (decision 062, Refunds; issue 21 §4) against the bKash stand-in: only for a
 * returned or cancelled order that still owes its customer, never more than is refundable even at once, a
 * gateway's refusal kept with its message and nothing booked.
 */
let ps: PaymentShop;

beforeAll(async () => {
  ps = await openPaymentShop();
});
afterAll(async () => ps.close());

const refund = (paymentId: number, body: Record<string, unknown>) => ps.shop.admin.post(`/api/admin/payments/${paymentId}/refunds`, body);
const refundsOf = async (paymentId: number) => ps.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, paymentId));
const paymentRow = async (paymentId: number) => (await ps.db.select().from(payments).where(eq(payments.id, paymentId)))[0];
const refundEntries = (orderId: number) =>
  bookEntries(ps.db, sql`e.source_type = 'order' and e.source_id = ${orderId} and e.source = 'order.refunded'`);

describe('a refund through bKash', () => {
  it('after a return: part then the rest, the books and the payment follow, the order owes nothing', async () => {
    const { order, payment } = await paidOrder(ps);
    expect(payment.paidAmount).toBe(1_070_00);
    await moveOrder(ps, order.id, 3, 4, 5, 6);
    const owed = await ps.shop.admin.get(`/api/admin/orders/${order.id}/refunds`);
    expect(owed.json().data).toMatchObject({ owed: 1_070_00, outstanding: 1_070_00 });

    const listed = await ps.shop.admin.get(`/api/admin/payments/${payment.id}/refunds`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().data).toMatchObject({ refundable: 1_070_00, refunds: [], payment: { id: payment.id, state: 'paid' } });

    const refundsBefore = await balanceOf(ps.db, 'customer_refunds');
    const bkashBefore = await balanceOf(ps.db, 'bkash');
    const part = await refund(payment.id, { amount: 400_00, reason: 'Returned: wrong size' });
    expect(part.statusCode, part.body).toBe(201);
    const partData = part.json().data;
    expect(partData).toMatchObject({
      refund: { amount: 400_00, reason: 'Returned: wrong size', state: 'refunded', admin_name: expect.any(String) },
      payment: { state: 'partly_refunded', refunded_amount: 400_00 },
      refundable: 670_00,
    });
    const refundTrx = partData.refund.refund_id as string;
    expect(refundTrx).toMatch(/^[A-Z0-9]{10}$/);
    // The stand-in (bKash) holds the refund under the payment.
    const atGateway = ps.standIn.state.bkash.payments.get(payment.providerRef as string);
    expect(atGateway?.refunds.map((each) => each.amount)).toEqual(['400.00']);
    // Books: owed to the customer down, bKash down, by the same amount, one entry referencing the gateway's refund.
    expect(refundsBefore - (await balanceOf(ps.db, 'customer_refunds'))).toBe(400_00);
    expect(bkashBefore - (await balanceOf(ps.db, 'bkash'))).toBe(400_00);
    expect(await refundEntries(order.id)).toEqual([{ source: 'order.refunded', lines: { bkash: -400_00, customer_refunds: 400_00 } }]);
    const decisions = (await ps.shop.admin.get(`/api/admin/orders/${order.id}/refunds`)).json().data;
    expect(decisions).toMatchObject({ refunded: 400_00, outstanding: 670_00 });
    expect(decisions.decisions[0]).toMatchObject({ decision: 'refund', amount: 400_00, balance_name: 'bKash', reference: refundTrx });

    const rest = await refund(payment.id, { amount: 670_00, reason: 'Returned: the rest' });
    expect(rest.statusCode, rest.body).toBe(201);
    expect(rest.json().data).toMatchObject({ payment: { state: 'refunded', refunded_amount: 1_070_00 }, refundable: 0 });
    expect(await paymentRow(payment.id)).toMatchObject({ state: 'refunded', refundedAmount: 1_070_00 });
    expect((await ps.shop.admin.get(`/api/admin/orders/${order.id}/refunds`)).json().data).toMatchObject({ outstanding: 0 });

    const more = await refund(payment.id, { amount: 1_00, reason: 'One more taka' });
    expect(more.statusCode).toBe(422);
    expect(more.json().errors).toEqual({ amount: ['Nothing more can be refunded through this payment.'] });
    const history = (await ps.shop.admin.get(`/api/admin/payments/${payment.id}/refunds`)).json().data;
    expect(history.refunds.map((each: { amount: number; state: string }) => [each.amount, each.state])).toEqual([
      [670_00, 'refunded'],
      [400_00, 'refunded'],
    ]);
    // Each refund's call to bKash is in the payment's gateway log, with its payment.
    const calls = (await ps.shop.admin.get(`/api/admin/payments/${payment.id}/calls`)).json().data as { operation: string }[];
    expect(calls.filter((call) => call.operation === 'refund')).toHaveLength(2);
    await expectBooksBalanced(ps.db);
  });

  it('refused by the gateway: 422 with its message, kept as refused, nothing booked', async () => {
    const { order, payment } = await paidOrder(ps);
    await moveOrder(ps, order.id, 7);
    const refundsBefore = await balanceOf(ps.db, 'customer_refunds');
    const bkashBefore = await balanceOf(ps.db, 'bkash');
    ps.standIn.state.refuseRefunds = 'Refund is not permitted for this merchant';
    try {
      const refused = await refund(payment.id, { amount: 300_00, reason: 'Cancelled by the customer' });
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json().message).toContain('Refund is not permitted for this merchant');
    } finally {
      ps.standIn.state.refuseRefunds = null;
    }
    expect(await refundsOf(payment.id)).toMatchObject([
      { amount: 300_00, state: 'refused', refundId: null, message: expect.stringContaining('Refund is not permitted') },
    ]);
    expect(await paymentRow(payment.id)).toMatchObject({ state: 'paid', refundedAmount: 0 });
    expect(await balanceOf(ps.db, 'customer_refunds')).toBe(refundsBefore);
    expect(await balanceOf(ps.db, 'bkash')).toBe(bkashBefore);
    expect(await refundEntries(order.id)).toEqual([]);
    // The refused amount is free again: the whole payment can still be refunded.
    const listed = (await ps.shop.admin.get(`/api/admin/payments/${payment.id}/refunds`)).json().data;
    expect(listed.refundable).toBe(1_070_00);
  });

  it('more than is refundable: 422 on amount; an order neither returned nor cancelled: 409; bad input: 422 naming the field', async () => {
    const { order, payment } = await paidOrder(ps);
    const early = await refund(payment.id, { amount: 100_00, reason: 'Customer asked' });
    expect(early.statusCode, early.body).toBe(409);
    expect(early.json().message).toContain('neither returned nor cancelled');

    await moveOrder(ps, order.id, 7);
    const tooMuch = await refund(payment.id, { amount: 1_070_01, reason: 'Cancelled' });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().errors).toEqual({ amount: ['At most ৳1,070 can be refunded through this payment.'] });
    const noReason = await refund(payment.id, { amount: 100_00 });
    expect(noReason.statusCode).toBe(422);
    expect(Object.keys(noReason.json().errors)).toEqual(['reason']);
    const zero = await refund(payment.id, { amount: 0, reason: 'Cancelled' });
    expect(zero.statusCode).toBe(422);
    expect(Object.keys(zero.json().errors)).toEqual(['amount']);
    expect((await ps.shop.admin.post('/api/admin/payments/999999/refunds', { amount: 1_00, reason: 'None' })).statusCode).toBe(404);
    expect(await refundsOf(payment.id)).toEqual([]);
    expect(ps.standIn.state.bkash.payments.get(payment.providerRef as string)?.refunds).toEqual([]);
  });

  it('five at once never refund more than is refundable', async () => {
    const { order, payment } = await paidOrder(ps);
    await moveOrder(ps, order.id, 7);
    const bkashBefore = await balanceOf(ps.db, 'bkash');
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, index) => refund(payment.id, { amount: 300_00, reason: `Cancelled, part ${index + 1}` })),
    );
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes, answers.map((answer) => answer.body).join('\n')).toEqual([201, 201, 201, 422, 422]);
    expect(await paymentRow(payment.id)).toMatchObject({ state: 'partly_refunded', refundedAmount: 900_00 });
    expect(ps.standIn.state.bkash.payments.get(payment.providerRef as string)?.refunds).toHaveLength(3);
    expect(bkashBefore - (await balanceOf(ps.db, 'bkash'))).toBe(900_00);
    expect(await refundEntries(order.id)).toHaveLength(3);
    const rows = await refundsOf(payment.id);
    expect(rows.map((row) => row.state).sort()).toEqual(['refunded', 'refunded', 'refunded']);
    expect(new Set(rows.map((row) => row.reference)).size).toBe(3);
    await expectBooksBalanced(ps.db);
  });

  it("staff's own refund decision leaves aside a gateway refund still waiting for its answer", async () => {
    const { order, payment } = await paidOrder(ps);
    await moveOrder(ps, order.id, 7);
    // A refund sent to bKash whose answer has not come back yet.
    await ps.db.insert(paymentRefunds).values({
      paymentId: payment.id,
      orderId: order.id,
      amount: 700_00,
      reason: 'Cancelled',
      reference: `${payment.invoice}R9`,
      state: 'pending',
    });
    const decide = (amount: number) =>
      ps.shop.admin.post(`/api/admin/orders/${order.id}/refunds`, { decision: 'keep', amount, note: 'Delivery charge kept' });
    const tooMuch = await decide(400_00);
    expect(tooMuch.statusCode, tooMuch.body).toBe(422);
    expect(tooMuch.json().errors).toEqual({ amount: ['That is more than is owed: ৳370.'] });
    const kept = await decide(370_00);
    expect(kept.statusCode, kept.body).toBe(201);
    expect(kept.json().data).toMatchObject({ owed: 1_070_00, kept: 370_00, outstanding: 700_00 });
    const more = await decide(1_00);
    expect(more.statusCode).toBe(422);
    expect(more.json().errors).toEqual({ amount: ['What is owed is waiting for the answer to a gateway refund.'] });
    // And the gateway side sees the decision: nothing more may be sent while the 700 waits.
    expect((await ps.shop.admin.get(`/api/admin/payments/${payment.id}/refunds`)).json().data.refundable).toBe(0);
  });
});
