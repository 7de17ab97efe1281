import type { OrderStatusCode } from '@haat/contracts';
import { and, asc, eq, gt } from 'drizzle-orm';
import { systemCtx } from '../../context';
import type { Db } from '../../db/client';
import { cities } from '../locations/location.table';
import { moveOrderStatus, placeOrder } from '../orders';
import { products, productVariants } from '../products/product.table';
import { blocklistEntries, fraudRefusals } from './risk.table';

/** The demo's risky phone (three parcels refused of four) and its blocked one. */
export const DEMO_RISKY_PHONE = '01819000666';
export const DEMO_BLOCKED_PHONE = '01719000777';

const HOUR = 3_600_000;
const TO_RETURNED: [OrderStatusCode, string][] = [
  [2, 'Confirmed by phone'],
  [3, 'Packed'],
  [4, 'Handed to the courier'],
  [6, 'Customer refused the parcel'],
];
const TO_DELIVERED: [OrderStatusCode, string][] = [
  [2, 'Confirmed by phone'],
  [3, 'Packed'],
  [4, 'Handed to the courier'],
  [5, 'Cash collected'],
];

/**
 * The fraud controls' demo (decision 055): a phone whose parcels were refused three times of four
 * (badge risky), a blocked phone and IP address on the blocklist, and a few refused checkouts in the
 * log. Orders go through placeOrder and moveOrderStatus, as real ones do.
 */
export async function seedDemoRisk(db: Db): Promise<void> {
  const [variant] = await db
    .select({ id: productVariants.id })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(eq(products.status, 1), gt(productVariants.stock, 30)))
    .orderBy(asc(productVariants.id))
    .limit(1);
  const [city] = await db.select({ id: cities.id }).from(cities).where(eq(cities.name, 'Dhaka')).limit(1);
  if (variant && city) {
    const paths = [TO_RETURNED, TO_DELIVERED, TO_RETURNED, TO_RETURNED];
    for (const [index, path] of paths.entries()) {
      const placedAt = new Date(Date.now() - (40 - index * 9) * 24 * HOUR);
      const { order } = await placeOrder(systemCtx(db, placedAt), {
        type: index % 2 === 0 ? 'website' : 'landing',
        customer: { name: 'Rafiq Hasan', phone: DEMO_RISKY_PHONE, address: 'House 3, Road 11, Mirpur 10', cityId: city.id },
        lines: [{ variantId: variant.id, quantity: 1 }],
        source: index % 2 === 0 ? 'Website' : 'Facebook',
      });
      let at = placedAt.getTime();
      for (const [to, note] of path) {
        at += 20 * HOUR;
        await moveOrderStatus(systemCtx(db, new Date(at)), { orderIds: [order.id], to, note });
      }
    }
  }
  const now = Date.now();
  await db.insert(blocklistEntries).values([
    { kind: 'phone', value: DEMO_BLOCKED_PHONE, reason: 'Refused five parcels and threatened the rider', expiresAt: null },
    {
      kind: 'ip',
      value: '103.91.140.23',
      reason: 'Dozens of fake orders in one evening',
      expiresAt: new Date(now + 30 * 24 * HOUR),
    },
  ]);
  await db.insert(fraudRefusals).values([
    {
      at: new Date(now - 26 * HOUR),
      channel: 'website',
      reason: 'blocked_phone',
      phone: DEMO_BLOCKED_PHONE,
      ip: '103.4.117.8',
      message: 'Orders from this phone number are not accepted. Please call the shop.',
    },
    {
      at: new Date(now - 9 * HOUR),
      channel: 'landing',
      reason: 'phone_cap',
      phone: '01712300451',
      ip: '37.111.200.14',
      message:
        'This phone number has placed 3 orders in the last hour, the most the shop takes. Please try again later, or call the shop to order.',
    },
    {
      at: new Date(now - 3 * HOUR),
      channel: 'website',
      reason: 'blocked_ip',
      phone: '01911842236',
      ip: '103.91.140.23',
      message: 'Orders from your network are not accepted at the moment. Please call the shop to order.',
    },
    {
      at: new Date(now - 40 * 60_000),
      channel: 'reseller_shop',
      reason: 'max_quantity',
      phone: '01611450092',
      ip: '103.4.117.90',
      message: 'You can order at most 10 of Cotton Panjabi in one order.',
    },
  ]);
}
