import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { cities } from '../../locations/location.table';
import { products } from '../../products/product.table';
import { resellers } from '../reseller.table';
import { resellerDeliveryCharges, resellerProductPrices, resellerProfiles } from './portal.table';

/**
 * The demo reseller's portal (DEMO=1): their own prices on a few products, their profile and
 * company, and their storefront's delivery charges, so those pages show believable rows.
 */
export async function seedDemoResellerPortal(db: Db, resellerPhone: string): Promise<void> {
  const [reseller] = await db.select({ id: resellers.id }).from(resellers).where(eq(resellers.phone, resellerPhone));
  if (!reseller) return;
  const [already] = await db
    .select({ id: resellerProfiles.resellerId })
    .from(resellerProfiles)
    .where(eq(resellerProfiles.resellerId, reseller.id));
  if (already) return;
  await db.insert(resellerProfiles).values({
    resellerId: reseller.id,
    address: 'House 14, Road 7, Mirpur 10, Dhaka',
    about: 'Kurtis, three-pieces and sarees for everyday and Eid, delivered all over Bangladesh.',
    companyName: "Sadia's Closet",
    companyPhone: '01700000001',
    companyEmail: 'hello@sadiascloset.example.com',
    companyAddress: 'Shop 21, Level 3, Mirpur Shopping Complex, Dhaka 1216',
    tradeLicense: 'DNCC-2024-118204',
    facebookUrl: 'https://facebook.com/sadiascloset',
    primaryColor: '#a61e4d',
    secondaryColor: '#f59f00',
    headerTextColor: '#ffffff',
  });
  const picked = await db
    .select({ id: products.id, wholesale: products.wholesalePrice, retail: products.retailPrice, name: products.name })
    .from(products)
    .where(eq(products.status, 1))
    .orderBy(asc(products.id))
    .limit(6);
  if (picked.length) {
    await db.insert(resellerProductPrices).values(
      picked.map((product, index) => ({
        resellerId: reseller.id,
        productId: product.id,
        // Between wholesale and retail, rounded to whole taka: what a reseller actually charges.
        price: Math.max(
          product.wholesale,
          Math.round((product.retail - (product.retail - product.wholesale) * (index % 3) * 0.25) / 100) * 100,
        ),
        description: index % 2 === 0 ? `${product.name}: original quality, checked before it is sent. Cash on delivery.` : '',
      })),
    );
  }
  const [dhaka] = await db
    .select({ id: cities.id })
    .from(cities)
    .where(and(eq(cities.name, 'Dhaka')));
  await db
    .insert(resellerDeliveryCharges)
    .values([
      { resellerId: reseller.id, cityId: null, subCityId: null, charge: 13000 },
      ...(dhaka ? [{ resellerId: reseller.id, cityId: dhaka.id, subCityId: null, charge: 7000 }] : []),
    ]);
}
