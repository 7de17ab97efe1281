import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gt } from 'drizzle-orm';
import { actingAs, systemCtx } from '../../../context';
import type { Db } from '../../../db/client';
import { clearCounter } from '../../auth';
import { logIncompleteCall } from '../../cart/incomplete-checkout.service';
import { incompleteCheckouts } from '../../cart/incomplete-checkout.table';
import { cities, subCities } from '../../locations/location.table';
import { products, productVariants } from '../../products/product.table';
import { admins } from '../../staff/admin.table';
import { resellers } from '../reseller.table';
import { saveShopDraft } from './shop.service';
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

/**
 * An incomplete checkout typed in the demo reseller's shop (DEMO=1, decision 056): saved through the
 * shop's own draft call (the shop's prices), started a few hours ago and called back once, so
 * `/admin/incomplete/order` shows a shop's row with the shop named. Runs after the storefront's drafts.
 */
export async function seedDemoShopDrafts(db: Db, resellerPhone: string): Promise<void> {
  const [reseller] = await db
    .select({ id: resellers.id, slug: resellers.slug })
    .from(resellers)
    .where(and(eq(resellers.phone, resellerPhone), eq(resellers.status, 'active')));
  if (!reseller) return;
  const variants = await db
    .select({ id: productVariants.id })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(eq(products.status, 1), gt(productVariants.stock, 20)))
    .orderBy(desc(productVariants.id))
    .limit(2);
  const [city] = await db.select({ id: cities.id }).from(cities).where(eq(cities.name, 'Dhaka'));
  const [area] = city ? await db.select({ id: subCities.id }).from(subCities).where(eq(subCities.cityId, city.id)).limit(1) : [];
  if (variants.length === 0) return;
  const started = new Date(Date.now() - 3 * 3600_000);
  const key = randomUUID();
  await saveShopDraft(systemCtx(db, started), reseller.slug, {
    key,
    name: 'Sharmin Akter',
    phone: '01711660107',
    address: 'House 22, Road 11, Mirpur DOHS',
    city_id: city?.id ?? null,
    sub_city_id: area?.id ?? null,
    lines: variants.map((variant, index) => ({ variant_id: variant.id, quantity: index + 1 })),
  });
  // The draft's save counted against the shop's and the address's limits: a demo leaves no limiter behind (a backup skips them).
  await clearCounter(systemCtx(db), `checkout-draft:shop:${reseller.id}:${key}`);
  await clearCounter(systemCtx(db), 'checkout-draft:ip:unknown');
  const [draft] = await db
    .select({ id: incompleteCheckouts.id })
    .from(incompleteCheckouts)
    .where(and(eq(incompleteCheckouts.resellerId, reseller.id), eq(incompleteCheckouts.draftKey, key)));
  const [caller] = await db.select({ id: admins.id, name: admins.name }).from(admins).orderBy(asc(admins.id)).limit(1);
  if (!draft || !caller) return;
  await db.update(incompleteCheckouts).set({ createdAt: started }).where(eq(incompleteCheckouts.id, draft.id));
  await logIncompleteCall(
    actingAs(systemCtx(db, new Date(started.getTime() + 3600_000)), { kind: 'admin', id: caller.id, name: caller.name }),
    draft.id,
    {
      outcome: 'call_later',
      note: 'Wants the kurti in a larger size; call back in the evening',
    },
  );
}
