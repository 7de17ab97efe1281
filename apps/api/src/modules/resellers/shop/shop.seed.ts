import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { resellers } from '../reseller.table';
import { resellerShopCoupons, resellerShopPages } from './shop.table';

/**
 * The demo reseller's storefront settings (DEMO=1): two pages and two coupons, so
 * `/dropshipper/page/info/lists` and `/dropshipper/coupon` show believable rows and the shop's
 * footer its pages. Runs once: nothing is added when the reseller already has pages.
 */
export async function seedDemoResellerShop(db: Db, resellerPhone: string): Promise<void> {
  const [reseller] = await db.select({ id: resellers.id }).from(resellers).where(eq(resellers.phone, resellerPhone));
  if (!reseller) return;
  const [already] = await db
    .select({ id: resellerShopPages.id })
    .from(resellerShopPages)
    .where(eq(resellerShopPages.resellerId, reseller.id));
  if (already) return;
  await db.insert(resellerShopPages).values([
    {
      resellerId: reseller.id,
      title: 'About us',
      slug: 'about-us',
      content:
        "Sadia's Closet brings kurtis, three-pieces and sarees for everyday and Eid, picked one by one.\nEvery parcel is checked before it leaves, and you pay the delivery person when it arrives.",
    },
    {
      resellerId: reseller.id,
      title: 'Returns and exchange',
      slug: 'returns',
      content:
        'Check your parcel in front of the delivery person. If the size or colour is wrong, call us within 3 days and we will exchange it.\nA returned parcel costs the delivery charge.',
    },
  ]);
  await db.insert(resellerShopCoupons).values([
    { resellerId: reseller.id, code: 'SADIA100', kind: 'amount', value: 10000, minimumOrder: 150000, usageLimit: 100 },
    { resellerId: reseller.id, code: 'EID10', kind: 'percent', value: 10, minimumOrder: 200000, endsOn: '2027-06-30' },
  ]);
}
