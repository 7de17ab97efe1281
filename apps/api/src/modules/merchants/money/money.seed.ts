import { and, asc, desc, eq, gt } from 'drizzle-orm';
import { systemCtx } from '../../../context';
import type { Db } from '../../../db/client';
import { moveOrderStatus, placeOrder } from '../../orders';
import { type DemoPayee, demoDaysAgo, demoDhakaAreas, seedDemoPayoutAccounts, seedDemoWithdrawal } from '../../payouts/demo.seed';
import { products, productVariants } from '../../products/product.table';
import { merchants } from '../merchant.table';
import { merchantBalance } from './ledger.service';
import { merchantPayoutAccounts } from './money.table';
import { savePayoutAccount } from './payout-account.service';
import { payWithdrawal, requestWithdrawal } from './withdrawal.service';

const daysAgo = demoDaysAgo(15);

/**
 * The demo merchant's money (DEMO=1, after the first-start transaction, through the real services):
 * a bKash number and a bank account; orders of their products delivered over the last weeks through
 * the order workflow (so the ledger holds their earnings), one returned after delivery (reversed),
 * one still on its way; a withdrawal the accountant paid and one still pending.
 */
export async function seedDemoMerchantMoney(db: Db, merchantPhone: string): Promise<void> {
  const [merchant] = await db.select({ id: merchants.id, name: merchants.name }).from(merchants).where(eq(merchants.phone, merchantPhone));
  if (!merchant) return;
  const [already] = await db
    .select({ id: merchantPayoutAccounts.id })
    .from(merchantPayoutAccounts)
    .where(eq(merchantPayoutAccounts.merchantId, merchant.id))
    .limit(1);
  if (already) return;
  const payee: DemoPayee = {
    db,
    kind: 'merchant',
    ...merchant,
    savePayoutAccount,
    requestWithdrawal,
    payWithdrawal,
  };
  const { bkash, bank } = await seedDemoPayoutAccounts(payee, merchantPhone, {
    account_name: 'Deshi Textiles',
    account_number: '2051140029871',
    bank_name: 'BRAC Bank',
    branch_name: 'Gulshan',
    routing_number: '060261726',
  });

  const dhaka = await demoDhakaAreas(db, 4);
  if (!dhaka) return;
  const { areas } = dhaka;
  const variants = await db
    .select({ id: productVariants.id })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(eq(products.merchantId, merchant.id), eq(products.status, 1), gt(productVariants.stock, 8)))
    .orderBy(desc(products.id), asc(productVariants.id))
    .limit(4);
  if (variants.length === 0 || areas.length === 0) return;

  // days ago placed, where it ends, and how many of which of the merchant's variants.
  const plan: { days: number; to: 4 | 5 | 6; lines: [number, number][] }[] = [
    { days: 26, to: 5, lines: [[0, 2]] },
    {
      days: 19,
      to: 5,
      lines: [
        [1, 1],
        [2, 1],
      ],
    },
    { days: 15, to: 6, lines: [[0, 1]] },
    { days: 11, to: 5, lines: [[3, 3]] },
    {
      days: 6,
      to: 5,
      lines: [
        [0, 1],
        [1, 2],
      ],
    },
    { days: 3, to: 4, lines: [[2, 1]] },
  ];
  const people = [
    ['Tahmina Akter', '01715300441', 'House 12, Road 5'],
    ['Rashed Karim', '01915300442', 'Flat 4A, 31 New Eskaton'],
    ['Sumaiya Islam', '01815300443', 'House 8, Lane 3'],
    ['Mahmud Hasan', '01615300444', 'House 22, Road 14'],
    ['Farhana Yasmin', '01715300445', 'Flat 2C, 9 Green Road'],
    ['Imran Chowdhury', '01915300446', 'House 3, Block B'],
  ] as const;
  for (const [index, step] of plan.entries()) {
    const lines = step.lines.flatMap(([which, quantity]) => {
      const variant = variants[which % variants.length];
      return variant ? [{ variantId: variant.id, quantity }] : [];
    });
    const [name, phone, address] = people[index % people.length] ?? people[0];
    const area = areas[index % areas.length];
    if (!area) continue;
    const { order } = await placeOrder(systemCtx(db, daysAgo(step.days, 9)), {
      type: 'website',
      customer: { name, phone, address: `${address}, ${area.name}`, cityId: dhaka.cityId, subCityId: area.id },
      lines,
      source: 'Website',
      paymentMethod: 'cod',
      publishedOnly: true,
    });
    const path = step.to === 6 ? [2, 3, 4, 5, 6] : step.to === 5 ? [2, 3, 4, 5] : [2, 3, 4];
    for (const [hop, to] of path.entries()) {
      await moveOrderStatus(systemCtx(db, daysAgo(Math.max(step.days - hop - 1, 0), 10 + hop)), {
        orderIds: [order.id],
        to: to as 2 | 3 | 4 | 5 | 6,
        note: '',
      });
    }
  }

  const { available } = await merchantBalance(db, merchant.id);
  const paidAmount = Math.floor((available * 0.5) / 10000) * 10000;
  if (paidAmount >= 10000) {
    await seedDemoWithdrawal(
      payee,
      { amount: paidAmount, payout_account_id: bank.id, note: 'Monthly settlement', at: daysAgo(9, 8) },
      { at: daysAgo(8, 12), method: 'bank', transaction_id: 'BRAC-FT-778120' },
    );
  }
  const left = (await merchantBalance(db, merchant.id)).available;
  const pendingAmount = Math.floor((left * 0.6) / 10000) * 10000;
  if (pendingAmount >= 10000) {
    await seedDemoWithdrawal(payee, {
      amount: pendingAmount,
      payout_account_id: bkash.id,
      note: 'For the next fabric order',
      at: daysAgo(1, 8),
    });
  }
}
