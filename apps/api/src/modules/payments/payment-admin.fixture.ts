import { paymentSettingSchema } from '@haat/contracts';
import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { actingAs, systemCtx } from '../../context';
import type { Db } from '../../db/client';
import { forgetBkashTokens } from '../../integrations/payments/bkash';
import { type RunningStandIn, startPaymentStandIn } from '../../integrations/payments/payment-standin';
import { accountBalance, accountIdFor } from '../accounts';
import { fundShopBalances } from '../accounts/accounts.fixture';
import { moveOrderStatus, placeOrder, settleAfterCommitWork } from '../orders';
import { freshPhone, openShop, type Shop, stockedProduct } from '../orders/order.fixture';
import { SETTING_GROUPS, writeSetting } from '../settings';
import { admins } from '../staff/admin.table';
import { payKey } from './pay-link';
import { payments } from './payment.table';

/**
 * A shop whose bKash runs against a stand-in of its own (tests of refunds and reconciliation, decision 062):
 * orders paid through the same pay page, the stand-in's page and the return a shopper goes through.
 */
export const STANDIN_BKASH = {
  appKey: 'standin-app-key-42',
  appSecret: 'standin-app-secret-very-long',
  username: 'standin-user',
  password: 'standin-password-1',
};

export interface PaymentShop {
  shop: Shop;
  db: Db;
  standIn: RunningStandIn;
  item: Awaited<ReturnType<typeof stockedProduct>>;
  asOwner: () => ReturnType<typeof actingAs>;
  close: () => Promise<void>;
}

export async function openPaymentShop(): Promise<PaymentShop> {
  const standIn = await startPaymentStandIn({ bkash: STANDIN_BKASH });
  const shop = await openShop({ env: { PAYMENT_STANDIN_URL: standIn.url } });
  const db = shop.t.database.db;
  forgetBkashTokens();
  await writeSetting(
    systemCtx(db),
    SETTING_GROUPS.payment,
    {
      ...paymentSettingSchema.parse({}),
      bkash_enabled: true,
      bkash_mode: 'standin',
      bkash_fee_bp: 0,
      bkash_app_key: STANDIN_BKASH.appKey,
      bkash_app_secret: STANDIN_BKASH.appSecret,
      bkash_username: STANDIN_BKASH.username,
      bkash_password: STANDIN_BKASH.password,
    },
    { config: shop.t.config },
  );
  // Money in the shop's balances: a refund is refused when the books show too little in the gateway.
  await fundShopBalances(db, 10_000_00);
  const [owner] = await db.select({ id: admins.id }).from(admins).orderBy(asc(admins.id)).limit(1);
  const asOwner = () => actingAs(systemCtx(db), { kind: 'admin', id: owner?.id as number, name: 'Owner' });
  const item = await stockedProduct(shop, 500);
  return {
    shop,
    db,
    standIn,
    item,
    asOwner,
    close: async () => {
      await settleAfterCommitWork();
      await shop.t.close();
      await standIn.close();
    },
  };
}

/** The shopper's choice on the stand-in's page: the browser is sent back to the shop's return address. */
async function choose(pageUrl: string, choice: 'pay' | 'cancel' | 'fail'): Promise<URL> {
  const page = await fetch(pageUrl);
  expect(page.status).toBe(200);
  const action = /<form method="post" action="([^"]+)"/.exec(await page.text())?.[1] as string;
  const answer = await fetch(new URL(action, pageUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ choice }).toString(),
    redirect: 'manual',
  });
  expect(answer.status).toBe(303);
  return new URL(answer.headers.get('location') as string);
}

/**
 * A phone order of `quantity` units (৳1,000 each, ৳70 delivery in Dhaka) paid in full by bKash through the pay
 * page and the stand-in; it is confirmed (2) by the payment. Answers the order and its paid attempt.
 */
export async function paidOrder(ps: PaymentShop, quantity = 1) {
  const { order } = await placeOrder(ps.asOwner(), {
    type: 'phone',
    customer: { name: 'Rina Akter', phone: freshPhone(), address: 'Road 4, Dhanmondi', cityId: ps.shop.dhaka.city_id },
    lines: [{ variantId: ps.item.variantId, quantity }],
    paymentMethod: 'bkash',
    onlinePayment: { purpose: 'full', dueBy: new Date(Date.now() + 3_600_000) },
  });
  const shopper = await ps.shop.t.browser();
  const started = await shopper.post(`/_public/orders/${order.number}/pay`, { key: payKey(ps.shop.t.config, order), gateway: 'bkash' });
  expect(started.statusCode, started.body).toBe(200);
  const back = await choose(started.json().redirect_url, 'pay');
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
