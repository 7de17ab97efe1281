import { and, asc, count, eq, gt, inArray, isNotNull } from 'drizzle-orm';
import { actingAs, type Ctx, inTransaction, systemCtx } from '../../context';
import type { Db } from '../../db/client';
import { accountBalance, accountIdFor } from '../accounts';
import { customers } from '../customers/customer.table';
import { cities } from '../locations/location.table';
import { lockOrderForRefund, moveOrderStatus, placeOrder, recordGatewayRefund } from '../orders';
import { products, productVariants } from '../products/product.table';
import { admins } from '../staff/admin.table';
import { settlePayment } from './payment.service';
import { paymentReconciliationItems, paymentReconciliations, paymentRefunds, payments } from './payment.table';

const HOUR = 60 * 60 * 1000;

/** The shop's day (Asia/Dhaka) of a moment, as YYYY-MM-DD. */
const dhakaDay = (at: Date) => new Date(at.getTime() + 6 * HOUR).toISOString().slice(0, 10);

/**
 * The demo's refunds and reconciliation (decision 062; after the payments' seed): an order paid in full by bKash,
 * delivered, returned, and refunded through bKash (the payment `refunded`, the order's refund booked against
 * the bKash balance with bKash's refund id), and one bKash settlement report compared with our records: a
 * line we have no payment for (open) and our payment the report left out, resolved with a note. The stand-in
 * is not running while seeds run, so the gateway's answers are written as the refund and the run recorded them.
 */
export async function seedDemoPaymentAdmin(db: Db): Promise<void> {
  const [done] = await db.select({ n: count() }).from(paymentReconciliations);
  if ((done?.n ?? 0) > 0) return;
  const [variant] = await db
    .select({ id: productVariants.id })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(eq(products.status, 1), gt(productVariants.stock, 20)))
    .orderBy(asc(productVariants.id))
    .offset(4)
    .limit(1);
  const [person] = await db
    .select({ id: customers.id, name: customers.name, phone: customers.phone })
    .from(customers)
    .where(isNotNull(customers.phone))
    .orderBy(asc(customers.id))
    .offset(6)
    .limit(1);
  const [city] = await db
    .select({ id: cities.id })
    .from(cities)
    .where(inArray(cities.name, ['Dhaka']))
    .limit(1);
  const [staff] = await db.select({ id: admins.id, name: admins.name }).from(admins).orderBy(asc(admins.id)).limit(1);
  if (!variant || !person || !city || !staff) return;
  const at = (hoursAgo: number) => systemCtx(db, new Date(Date.now() - hoursAgo * HOUR));
  const staffAt = (hoursAgo: number): Ctx => actingAs(at(hoursAgo), { kind: 'admin', id: staff.id, name: staff.name });

  // Paid in full by bKash five days ago, delivered, returned (wrong size), refunded through bKash.
  const { order } = await placeOrder(at(120), {
    type: 'website',
    customer: {
      id: person.id,
      name: person.name,
      phone: person.phone as string,
      address: 'House 22, Road 3, Mohammadpur',
      cityId: city.id,
    },
    lines: [{ variantId: variant.id, quantity: 1 }],
    paymentMethod: 'bkash',
    onlinePayment: { purpose: 'full', dueBy: new Date(Date.now() - 119 * HOUR) },
    source: 'Website',
  });
  const paidAt = at(119.9);
  const [payment] = await db
    .insert(payments)
    .values({
      orderId: order.id,
      gateway: 'bkash',
      purpose: 'full',
      amount: order.total,
      invoice: `${order.number.replace(/-/g, '')}P1`,
      providerRef: 'TR0011DEMO1700000107',
      createdAt: paidAt.now,
      updatedAt: paidAt.now,
    })
    .returning();
  if (!payment) return;
  await settlePayment(paidAt, payment.id, {
    state: 'paid',
    providerRef: 'TR0011DEMO1700000107',
    trxId: 'BKR5T8N2JW',
    amount: order.total,
    fee: null,
    message: '',
    raw: {},
  });
  for (const [to, hoursAgo] of [
    [3, 100],
    [4, 80],
    [5, 60],
    [6, 30],
  ] as const) {
    await moveOrderStatus(staffAt(hoursAgo), { orderIds: [order.id], to });
  }
  const refunding = staffAt(28);
  await inTransaction(refunding, async (tx) => {
    const owed = await lockOrderForRefund(tx, order.id);
    const held = await accountBalance(tx.db, await accountIdFor(tx.db, 'bkash'));
    if (!owed || owed.status !== 6 || owed.outstanding < order.total || held < order.total) return;
    await tx.db.insert(paymentRefunds).values({
      paymentId: payment.id,
      orderId: order.id,
      amount: order.total,
      reason: 'Returned: the size did not fit, customer wants the money back',
      reference: `${payment.invoice}R1`,
      state: 'refunded',
      refundId: 'BKF3R9Q7ZD',
      message: 'Successful',
      adminId: staff.id,
      actorName: staff.name,
      createdAt: tx.now,
    });
    await tx.db
      .update(payments)
      .set({ refundedAmount: order.total, state: 'refunded', updatedAt: tx.now })
      .where(eq(payments.id, payment.id));
    await recordGatewayRefund(tx, {
      orderId: order.id,
      amount: order.total,
      balance: 'bkash',
      gatewayName: 'bKash',
      reference: 'BKF3R9Q7ZD',
      note: 'Returned: the size did not fit, customer wants the money back',
    });
  });

  // Yesterday's bKash settlement report: our paid payment it left out (resolved: it came in the next day's
  // report) and a line we have no payment for (open: someone must find whose it is).
  const [ours] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.gateway, 'bkash'), eq(payments.state, 'paid')))
    .orderBy(asc(payments.id))
    .limit(1);
  const ranAt = at(6).now;
  const day = dhakaDay(new Date(ranAt.getTime() - 24 * HOUR));
  await inTransaction(staffAt(6), async (tx) => {
    const [run] = await tx.db
      .insert(paymentReconciliations)
      .values({
        gateway: 'bkash',
        source: 'report',
        fromDate: day,
        toDate: day,
        checked: 4,
        matched: 3,
        flagged: ours ? 2 : 1,
        adminId: staff.id,
        actorName: staff.name,
        createdAt: ranAt,
      })
      .returning({ id: paymentReconciliations.id });
    if (!run) return;
    await tx.db.insert(paymentReconciliationItems).values([
      {
        reconciliationId: run.id,
        paymentId: null,
        flag: 'missing_here',
        reference: 'BKH9P2M4TQ',
        ourAmount: null,
        theirAmount: 650_00,
        ourState: null,
        theirState: 'paid',
      },
      ...(ours
        ? [
            {
              reconciliationId: run.id,
              paymentId: ours.id,
              flag: 'missing_at_gateway' as const,
              reference: ours.trxId ?? ours.invoice,
              ourAmount: ours.paidAmount,
              theirAmount: null,
              ourState: ours.state,
              theirState: null,
              resolvedAt: at(2).now,
              resolvedBy: staff.name,
              note: 'Paid after 23:00: it is in the next day’s bKash settlement report.',
            },
          ]
        : []),
    ]);
  });
}
