import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { actingAs, systemCtx } from '../../context';
import type { Db } from '../../db/client';
import { accountBalance, accountIdFor } from '../accounts';
import { fundShopBalances } from '../accounts/accounts.fixture';
import { moveOrderStatus, placeOrder, settleAfterCommitWork } from '../orders';
import { freshPhone } from '../orders/order.fixture';
import { admins } from '../staff/admin.table';
import { payKey } from './pay-link';
import { choose, openPayShop, type PayShop } from './payment.fixture';
import { payments } from './payment.table';

/**
 * The refund and reconciliation tests' shop (payment.fixture.ts: bKash through a stand-in of its own, 1.85% fee)
 * with money in its balances (a refund is refused when the books show too little in the gateway) and the owner
 * to act as.
 */
export interface PaymentShop extends PayShop {
  asOwner: () => ReturnType<typeof actingAs>;
}

export async function openPaymentShop(): Promise<PaymentShop> {
  const pay = await openPayShop();
  await fundShopBalances(pay.db, 10_000_00);
  const [owner] = await pay.db.select({ id: admins.id }).from(admins).orderBy(asc(admins.id)).limit(1);
  const asOwner = () => actingAs(systemCtx(pay.db), { kind: 'admin', id: owner?.id as number, name: 'Owner' });
  return {
    ...pay,
    asOwner,
    close: async () => {
      await settleAfterCommitWork();
      await pay.close();
    },
  };
}

/** A phone order of one unit (৳1,000, ৳70 delivery in Dhaka) placed awaiting its online payment in full by bKash. */
export async function awaitingPhoneOrder(ps: PaymentShop) {
  const { order } = await placeOrder(ps.asOwner(), {
    type: 'phone',
    customer: { name: 'Rina Akter', phone: freshPhone(), address: 'Road 4, Dhanmondi', cityId: ps.shop.dhaka.city_id },
    lines: [{ variantId: ps.item.variantId, quantity: 1 }],
    paymentMethod: 'bkash',
    onlinePayment: { purpose: 'full', dueBy: new Date(Date.now() + 3_600_000) },
  });
  return order;
}

/** Starts the order's payment from its pay page as a shopper: answers the gateway's page. */
export async function startPay(ps: PaymentShop, order: { id: number; number: string }): Promise<string> {
  const shopper = await ps.shop.t.browser();
  const started = await shopper.post(`/_public/orders/${order.number}/pay`, { key: payKey(ps.shop.t.config, order), gateway: 'bkash' });
  expect(started.statusCode, started.body).toBe(200);
  return started.json().redirect_url as string;
}

/**
 * An order paid in full by bKash through the pay page, the stand-in's page and the return a shopper goes
 * through; it is confirmed (2) by the payment. Answers the order and its paid attempt.
 */
export async function paidOrder(ps: PaymentShop) {
  const order = await awaitingPhoneOrder(ps);
  const back = await choose(await startPay(ps, order), 'pay');
  const shopper = await ps.shop.t.browser();
  const returned = await shopper.get(`${back.pathname}${back.search}`);
  expect(returned.statusCode, returned.body).toBe(303);
  const [payment] = await ps.db.select().from(payments).where(eq(payments.orderId, order.id));
  expect(payment?.state).toBe('paid');
  return { order, payment: payment as typeof payments.$inferSelect };
}

/** Moves an order along the workflow as the owner, each step accepted. */
export async function moveOrder(ps: PaymentShop, orderId: number, ...path: (2 | 3 | 4 | 5 | 6 | 7)[]) {
  for (const to of path) {
    const result = await moveOrderStatus(ps.asOwner(), { orderIds: [orderId], to });
    expect(result.refused).toEqual([]);
  }
}

/** A system account's balance as the books have it (customer_refunds, bkash…). */
export const balanceOf = async (db: Db, key: 'customer_refunds' | 'bkash' | 'customer_advances') =>
  accountBalance(db, await accountIdFor(db, key));
