import type { PaymentPurpose, PaymentSetting } from '@haat/contracts';
import { and, asc, count, eq, gt, inArray, isNotNull } from 'drizzle-orm';
import { actingAs, type Ctx, systemCtx } from '../../context';
import type { Db } from '../../db/client';
import type { GatewayCode, PaymentOutcome } from '../../integrations/payments/payment-provider';
import {
  DEMO_BKASH_CREDENTIALS,
  DEMO_NAGAD_MERCHANT_ID,
  DEMO_NAGAD_MERCHANT_PRIVATE_KEY,
  DEMO_NAGAD_PG_PUBLIC_KEY,
  DEMO_SSLCOMMERZ_STORE,
} from '../../integrations/payments/payment-standin-keys';
import { customers } from '../customers/customer.table';
import { cities } from '../locations/location.table';
import { moveOrderStatus, placeOrder } from '../orders';
import { products, productVariants } from '../products/product.table';
import { readSetting, SETTING_GROUPS, type SettingGroup, type SettingsConfig, writeSetting } from '../settings';
import { admins } from '../staff/admin.table';
import { settlePayment } from './payment.service';
import { paymentCalls, payments } from './payment.table';

const HOUR = 60 * 60 * 1000;
const PAYMENT_GROUP = SETTING_GROUPS.payment as SettingGroup<PaymentSetting>;

/**
 * The demo shop's online payments (decision 062): bKash, Nagad and SSLCommerz switched on in the local stand-in
 * mode (no real money, no outside call: a fresh `npm start` takes payments at once), and a few orders that went
 * through it — paid in full by bKash and confirmed, the delivery charge paid in advance by Nagad then delivered
 * (cash on delivery for the rest), one still awaiting its payment (its pay link works), one whose shopper
 * cancelled at bKash and one whose Nagad payment failed. The stand-in is not running while the seed runs, so the
 * gateways' answers are written through settlePayment as the returns would have settled them.
 */
export async function seedDemoPayments(db: Db, config: SettingsConfig): Promise<number> {
  const [existing] = await db.select({ n: count() }).from(payments);
  if ((existing?.n ?? 0) > 0) return 0;
  const setup = systemCtx(db);
  const current = await readSetting(db, PAYMENT_GROUP);
  await writeSetting(
    setup,
    PAYMENT_GROUP,
    {
      ...current,
      cod_enabled: true,
      bkash_enabled: true,
      bkash_mode: 'standin',
      bkash_full: true,
      bkash_delivery: true,
      bkash_fee_bp: 185,
      // The credentials the app-mounted stand-in accepts (demo only).
      bkash_app_key: DEMO_BKASH_CREDENTIALS.appKey,
      bkash_app_secret: DEMO_BKASH_CREDENTIALS.appSecret,
      bkash_username: DEMO_BKASH_CREDENTIALS.username,
      bkash_password: DEMO_BKASH_CREDENTIALS.password,
      nagad_enabled: true,
      nagad_mode: 'standin',
      nagad_full: true,
      nagad_delivery: true,
      nagad_fee_bp: 149,
      nagad_merchant_id: DEMO_NAGAD_MERCHANT_ID,
      nagad_public_key: DEMO_NAGAD_PG_PUBLIC_KEY,
      nagad_private_key: DEMO_NAGAD_MERCHANT_PRIVATE_KEY,
      sslcommerz_enabled: true,
      sslcommerz_mode: 'standin',
      sslcommerz_full: true,
      sslcommerz_delivery: false,
      sslcommerz_store_id: DEMO_SSLCOMMERZ_STORE.storeId,
      sslcommerz_store_password: DEMO_SSLCOMMERZ_STORE.storePassword,
      hold_minutes: 60,
    },
    { config },
  );

  const variants = await db
    .select({ id: productVariants.id })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(eq(products.status, 1), gt(productVariants.stock, 20)))
    .orderBy(asc(productVariants.id))
    .limit(10);
  const people = await db
    .select({ id: customers.id, name: customers.name, phone: customers.phone })
    .from(customers)
    .where(isNotNull(customers.phone))
    .orderBy(asc(customers.id))
    .limit(6);
  const places = await db
    .select({ id: cities.id, name: cities.name })
    .from(cities)
    .where(inArray(cities.name, ['Dhaka', 'Chattogram', 'Sylhet']))
    .orderBy(asc(cities.id));
  const [staff] = await db.select({ id: admins.id, name: admins.name }).from(admins).orderBy(asc(admins.id)).limit(1);
  if (variants.length < 3 || people.length < 3 || places.length === 0) return 0;

  const addresses = ['House 7, Road 11, Banani', 'Flat 3B, Agrabad C/A', 'Zindabazar Point, Sylhet', 'Sector 4, Uttara', 'Nasirabad H/S'];
  let made = 0;
  const place = async (index: number, gateway: GatewayCode, purpose: PaymentPurpose, placedAt: Date, dueBy: Date) => {
    const person = people[index % people.length] as { id: number; name: string; phone: string };
    const city = places[index % places.length] as { id: number };
    const variant = variants[(index * 3) % variants.length] as { id: number };
    const { order } = await placeOrder(systemCtx(db, placedAt), {
      type: 'website',
      customer: {
        id: person.id,
        name: person.name,
        phone: person.phone,
        address: addresses[index % addresses.length] as string,
        cityId: city.id,
      },
      lines: [{ variantId: variant.id, quantity: 1 }],
      paymentMethod: gateway,
      onlinePayment: { purpose, dueBy },
      source: 'Website',
    });
    made += 1;
    return order;
  };
  const attempt = async (
    ctx: Ctx,
    order: { id: number; number: string; total: number; delivery_charge: number },
    gateway: GatewayCode,
    purpose: PaymentPurpose,
    n: number,
    outcome: Omit<PaymentOutcome, 'amount' | 'raw'> & { amount?: number | null },
  ) => {
    const amount = purpose === 'full' ? order.total : order.delivery_charge;
    const [payment] = await db
      .insert(payments)
      .values({
        orderId: order.id,
        gateway,
        purpose,
        amount,
        invoice: `${order.number.replace(/-/g, '')}P${n}`,
        providerRef: outcome.providerRef,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .returning();
    if (!payment) return;
    await db.insert(paymentCalls).values([
      {
        paymentId: payment.id,
        gateway,
        operation: gateway === 'bkash' ? 'create' : gateway === 'nagad' ? 'initialize' : 'session',
        method: 'POST',
        url: `http://127.0.0.1/payment-standin/${gateway}`,
        request: { invoice: payment.invoice, amount: (amount / 100).toFixed(2) },
        status: 200,
        response: { reference: outcome.providerRef },
        ms: 180 + n * 20,
        createdAt: ctx.now,
      },
    ]);
    if (outcome.state === 'pending') return;
    await settlePayment(ctx, payment.id, { ...outcome, amount: outcome.amount === undefined ? amount : outcome.amount, raw: {} });
  };
  const at = (hoursAgo: number) => systemCtx(db, new Date(Date.now() - hoursAgo * HOUR));
  const staffAt = (hoursAgo: number) => (staff ? actingAs(at(hoursAgo), { kind: 'admin', id: staff.id, name: staff.name }) : at(hoursAgo));

  // Paid in full by bKash (the fee booked as bank charges) and confirmed by the payment.
  const full = await place(0, 'bkash', 'full', at(30).now, new Date(Date.now() - 29 * HOUR));
  await attempt(at(29.9), full, 'bkash', 'full', 1, {
    state: 'paid',
    providerRef: 'TR0011DEMO1700000001',
    trxId: 'BKD7X3K2LQ',
    fee: null,
    message: '',
  });

  // The delivery charge in advance by Nagad, then delivered: the courier collected the rest.
  const advance = await place(1, 'nagad', 'delivery', at(80).now, new Date(Date.now() - 79 * HOUR));
  await attempt(at(79.8), advance, 'nagad', 'delivery', 1, {
    state: 'paid',
    providerRef: 'MDEyMzQ1Njc4OTAxMjM0',
    trxId: '7XN4QW2P',
    fee: null,
    message: '',
  });
  for (const [to, hoursAgo] of [
    [3, 60],
    [4, 40],
    [5, 20],
  ] as const) {
    await moveOrderStatus(staffAt(hoursAgo), { orderIds: [advance.id], to });
  }

  // The shopper cancelled at bKash and has not paid yet: the order awaits its payment, its pay link open for a day.
  const waiting = await place(2, 'bkash', 'full', at(0.5).now, new Date(Date.now() + 24 * HOUR));
  await attempt(at(0.45), waiting, 'bkash', 'full', 1, {
    state: 'cancelled',
    providerRef: 'TR0011DEMO1700000003',
    trxId: null,
    fee: null,
    message: 'The payment was cancelled by the customer.',
  });

  // A Nagad payment of the delivery charge that failed (not enough in the wallet), then paid on the second try.
  const retried = await place(3, 'nagad', 'delivery', at(5).now, new Date(Date.now() - 4 * HOUR));
  await attempt(at(4.9), retried, 'nagad', 'delivery', 1, {
    state: 'failed',
    providerRef: 'MDEyMzQ1Njc4OTAxMjM1',
    trxId: null,
    fee: null,
    message: 'Insufficient balance',
  });
  await attempt(at(4.8), retried, 'nagad', 'delivery', 2, {
    state: 'paid',
    providerRef: 'MDEyMzQ1Njc4OTAxMjM2',
    trxId: '7XN4QW9R',
    fee: null,
    message: '',
  });

  // Paid in full by card through SSLCommerz, which says its own fee (2.5%).
  const card = await place(4, 'sslcommerz', 'full', at(10).now, new Date(Date.now() - 9 * HOUR));
  await attempt(at(9.9), card, 'sslcommerz', 'full', 1, {
    state: 'paid',
    providerRef: '4F2B6C1D9E8A7B3C5D4E',
    trxId: '231127123456XyZ9K2',
    fee: Math.round(card.total * 0.025),
    message: '',
    extra: { val_id: '2311271234560XyZ9K2AbCdEf' },
  });
  return made;
}
