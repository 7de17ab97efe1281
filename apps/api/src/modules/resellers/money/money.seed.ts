import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { systemCtx } from '../../../context';
import type { Db } from '../../../db/client';
import { moveOrderStatus, placeOrder } from '../../orders';
import { type DemoPayee, demoDaysAgo, demoDhakaAreas, seedDemoPayoutAccounts, seedDemoWithdrawal } from '../../payouts/demo.seed';
import { products, productVariants } from '../../products/product.table';
import { resellers } from '../reseller.table';
import { resellerLedger } from './money.table';
import { savePayoutAccount } from './payout-account.service';
import { payWithdrawal, requestWithdrawal } from './withdrawal.service';

const daysAgo = demoDaysAgo(20);

/**
 * The demo reseller's money (DEMO=1, after the first-start transaction, through the real services):
 * a bKash number and a bank account; two orders delivered through the order workflow, so their
 * profit is in the cashbook; one more still pending; and one withdrawal the accountant paid.
 */
export async function seedDemoResellerMoney(db: Db, resellerPhone: string): Promise<void> {
  const [reseller] = await db.select({ id: resellers.id, name: resellers.name }).from(resellers).where(eq(resellers.phone, resellerPhone));
  if (!reseller) return;
  const [already] = await db
    .select({ id: resellerLedger.id })
    .from(resellerLedger)
    .where(eq(resellerLedger.resellerId, reseller.id))
    .limit(1);
  if (already) return;

  // Through the real services, as the people who did each step, back-dated.
  const payee: DemoPayee = {
    db,
    kind: 'reseller',
    ...reseller,
    savePayoutAccount,
    requestWithdrawal,
    payWithdrawal,
  };
  const { bkash } = await seedDemoPayoutAccounts(payee, resellerPhone, {
    account_name: 'Sadia Islam',
    account_number: '1071510045672',
    bank_name: 'Dutch-Bangla Bank',
    branch_name: 'Dhanmondi',
    routing_number: '090261725',
  });

  const dhaka = await demoDhakaAreas(db, 3);
  if (!dhaka) return;
  const { areas } = dhaka;
  const variants = await db
    .select({ id: productVariants.id })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(eq(products.status, 1), gt(productVariants.stock, 5), gt(products.wholesalePrice, 0)))
    .orderBy(desc(products.id))
    .limit(3);
  if (variants.length < 3 || areas.length === 0) return;

  const customers = [
    { name: 'Mitu Rahman', phone: '01718400231', address: 'House 7, Road 11, block C', quantity: 2 },
    { name: 'Kabir Hossain', phone: '01918400232', address: 'Flat 3B, 22 Lake Circus', quantity: 1 },
    { name: 'Nazia Sultana', phone: '01818400233', address: 'House 45, Road 4, Sector 7', quantity: 1 },
  ];
  const placed: number[] = [];
  for (const [index, customer] of customers.entries()) {
    const variant = variants[index];
    const area = areas[index % areas.length];
    if (!variant || !area) continue;
    const { order } = await placeOrder(systemCtx(db, daysAgo(12 - index * 4)), {
      type: 'reseller',
      resellerId: reseller.id,
      customer: {
        name: customer.name,
        phone: customer.phone,
        address: `${customer.address}, ${area.name}`,
        cityId: dhaka.cityId,
        subCityId: area.id,
      },
      lines: [{ variantId: variant.id, quantity: customer.quantity }],
      source: 'Facebook',
      publishedOnly: true,
    });
    placed.push(order.id);
  }

  // The first two were delivered through the workflow, a day per step after they were placed.
  for (const [index, orderId] of placed.slice(0, 2).entries()) {
    const placedDaysAgo = 12 - index * 4;
    for (const to of [2, 3, 4, 5] as const) {
      await moveOrderStatus(systemCtx(db, daysAgo(placedDaysAgo - (to - 1), 10 + to)), { orderIds: [orderId], to, note: '' });
    }
  }

  // One withdrawal, paid by the accountant the day after it was asked for.
  const [income] = await db
    .select({ credited: sql<string>`coalesce(sum(${resellerLedger.amount}), 0)` })
    .from(resellerLedger)
    .where(and(eq(resellerLedger.resellerId, reseller.id), eq(resellerLedger.kind, 'order_profit')));
  const amount = Math.floor((Number(income?.credited ?? 0) * 0.6) / 10000) * 10000;
  if (amount < 10000) return;
  await seedDemoWithdrawal(
    payee,
    { amount, payout_account_id: bkash.id, note: 'For the Eid stock', at: daysAgo(3, 9) },
    { at: daysAgo(2, 12), method: 'bkash', transaction_id: 'BK7H2Q9X4M' },
  );
}
