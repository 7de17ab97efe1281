import type { PaymentPurpose, PaymentSetting } from '@haat/contracts';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { actingAs, systemCtx } from '../../context';
import { type Db, rowsOf } from '../../db/client';
import { forgetBkashTokens } from '../../integrations/payments/bkash';
import { type RunningStandIn, startPaymentStandIn } from '../../integrations/payments/payment-standin';
import {
  DEMO_NAGAD_MERCHANT_ID,
  DEMO_NAGAD_MERCHANT_PRIVATE_KEY,
  DEMO_NAGAD_MERCHANT_PUBLIC_KEY,
  DEMO_NAGAD_PG_PRIVATE_KEY,
  DEMO_NAGAD_PG_PUBLIC_KEY,
} from '../../integrations/payments/payment-standin-keys';
import type { TestBrowser } from '../../test/harness';
import { freshPhone, openShop, type Shop, stockedProduct } from '../orders/order.fixture';
import { placeOrder } from '../orders/order.service';
import { orders } from '../orders/order.table';
import { readSetting, SETTING_GROUPS, type SettingGroup, writeSetting } from '../settings';
import { payKey } from './pay-link';
import { payments } from './payment.table';

/** The bKash merchant the stand-in accepts and the shop is set up with. */
export const BKASH = {
  appKey: 'standin-app-key-42',
  appSecret: 'standin-app-secret-very-long',
  username: 'standin-user',
  password: 'standin-password-1',
};
/** The SSLCommerz store the stand-in accepts. */
export const SSLCOMMERZ = { storeId: 'haattest01', storePassword: 'haattest01@ssl' };

export interface PayShop {
  shop: Shop;
  db: Db;
  standIn: RunningStandIn;
  item: Awaited<ReturnType<typeof stockedProduct>>;
  close(): Promise<void>;
}

/**
 * A shop whose payment setup takes bKash (full and delivery, a 1.85% fee) through a stand-in of its own on a
 * port of its own, the app's config pointed at it; a product with stock.
 */
export async function openPayShop(): Promise<PayShop> {
  const standIn = await startPaymentStandIn({
    bkash: BKASH,
    sslcommerz: SSLCOMMERZ,
    nagad: {
      merchantId: DEMO_NAGAD_MERCHANT_ID,
      merchantPublicKey: DEMO_NAGAD_MERCHANT_PUBLIC_KEY,
      pgPrivateKey: DEMO_NAGAD_PG_PRIVATE_KEY,
      pgPublicKey: DEMO_NAGAD_PG_PUBLIC_KEY,
    },
  });
  const shop = await openShop();
  const db = shop.t.database.db;
  (shop.t.config as { paymentStandinUrl?: string }).paymentStandinUrl = standIn.url;
  (shop.t.app.config as { paymentStandinUrl?: string }).paymentStandinUrl = standIn.url;
  const group = SETTING_GROUPS.payment as SettingGroup<PaymentSetting>;
  await writeSetting(
    systemCtx(db),
    group,
    {
      ...(await readSetting(db, group)),
      bkash_enabled: true,
      bkash_mode: 'standin',
      bkash_full: true,
      bkash_delivery: true,
      bkash_fee_bp: 185,
      bkash_app_key: BKASH.appKey,
      bkash_app_secret: BKASH.appSecret,
      bkash_username: BKASH.username,
      bkash_password: BKASH.password,
      // Nagad takes only the delivery charge in advance here.
      nagad_enabled: true,
      nagad_mode: 'standin',
      nagad_full: false,
      nagad_delivery: true,
      nagad_fee_bp: 149,
      nagad_merchant_id: DEMO_NAGAD_MERCHANT_ID,
      nagad_public_key: DEMO_NAGAD_PG_PUBLIC_KEY,
      nagad_private_key: DEMO_NAGAD_MERCHANT_PRIVATE_KEY,
      sslcommerz_enabled: true,
      sslcommerz_mode: 'standin',
      sslcommerz_full: true,
      sslcommerz_delivery: true,
      sslcommerz_store_id: SSLCOMMERZ.storeId,
      sslcommerz_store_password: SSLCOMMERZ.storePassword,
    },
    { config: shop.t.config },
  );
  forgetBkashTokens();
  const item = await stockedProduct(shop, 100);
  return {
    shop,
    db,
    standIn,
    item,
    async close() {
      await standIn.close();
      await shop.t.close();
    },
  };
}

/** A website order placed awaiting its online payment (as checkout places it), `quantity` of the shop's product. */
export async function awaitingOrder(pay: PayShop, purpose: PaymentPurpose, options: { quantity?: number; dueInMinutes?: number } = {}) {
  const { order } = await placeOrder(actingAs(systemCtx(pay.db), { kind: 'customer', id: null, name: null }), {
    type: 'website',
    customer: { name: 'Rahima Akter', phone: freshPhone(), address: 'House 4, Road 2, Zindabazar', cityId: pay.shop.sylhet.city_id },
    lines: [{ variantId: pay.item.variantId, quantity: options.quantity ?? 1 }],
    paymentMethod: 'bkash',
    onlinePayment: { purpose, dueBy: new Date(Date.now() + (options.dueInMinutes ?? 60) * 60_000) },
  });
  return { ...order, key: payKey(pay.shop.t.config, { id: order.id, number: order.number }) };
}

/** The shopper's choice on the stand-in's page: answers where the browser is sent next (our return address). */
export async function choose(pageUrl: string, choice: 'pay' | 'cancel' | 'fail'): Promise<URL> {
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

/** The shopper's choice on SSLCommerz's page: the page posts the fields back to the shop (our return address). */
export async function chooseOnSslcommerz(pageUrl: string, choice: 'pay' | 'cancel' | 'fail') {
  const page = await fetch(pageUrl);
  expect(page.status).toBe(200);
  const action = /<form method="post" action="([^"]+)"/.exec(await page.text())?.[1] as string;
  const answer = await fetch(new URL(action, pageUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ choice }).toString(),
  });
  expect(answer.status).toBe(200);
  const html = await answer.text();
  const target = new URL(/<form method="post" action="([^"]+)"/.exec(html)?.[1]?.replaceAll('&amp;', '&') as string);
  const fields: Record<string, string> = {};
  for (const [, name, value] of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields[name as string] = (value as string).replaceAll('&amp;', '&').replaceAll('&quot;', '"');
  }
  return { path: `${target.pathname}${target.search}`, fields };
}

/** A form post as a gateway's page or server makes it (no cookie, no CSRF token). */
export async function postForm(pay: PayShop, url: string, fields: Record<string, string>) {
  return pay.shop.t.app.inject({
    method: 'POST',
    url,
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

/** Starts the payment from the pay page as the web app does: answers the attempt's id and the gateway's page. */
export async function start(browser: TestBrowser, order: { number: string; key: string }, body: Record<string, unknown> = {}) {
  const response = await browser.post(`/_public/orders/${order.number}/pay`, { key: order.key, gateway: 'bkash', ...body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { payment_id: number; redirect_url: string };
}

/** Follows the gateway's redirect back to our return address: answers our 303's location. */
export async function comeBack(browser: TestBrowser, back: URL): Promise<string> {
  const response = await browser.get(`${back.pathname}${back.search}`);
  expect(response.statusCode, response.body).toBe(303);
  return response.headers.location as string;
}

export async function orderRow(db: Db, id: number) {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row as typeof orders.$inferSelect;
}

export async function paymentRows(db: Db, orderId: number) {
  return db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(payments.id);
}

/** What an account's lines add up to over the entries about a payment or an order (debit positive). */
export async function accountNet(db: Db, key: string, where: { paymentIds: number[]; orderId: number }): Promise<number> {
  const ids = where.paymentIds.length ? where.paymentIds : [0];
  const [row] = rowsOf<{ net: string | null }>(
    await db.execute(sql`
      select sum(l.debit - l.credit) as net
      from journal_entries e join journal_lines l on l.entry_id = e.id join ledger_accounts a on a.id = l.account_id
      where a.system_key = ${key}
        and ((e.source_type = 'payment' and e.source_id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})) or (e.source_type = 'order' and e.source_id = ${where.orderId}))`),
  );
  return Number(row?.net ?? 0);
}
