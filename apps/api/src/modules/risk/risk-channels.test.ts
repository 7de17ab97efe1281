import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { cities, subCities } from '../locations/location.table';
import { landingPages } from '../marketing/landing-page.table';
import { productVariants } from '../products/product.table';
import { resellers } from '../resellers/reseller.table';
import { DEMO_BLOCKED_PHONE, DEMO_RISKY_PHONE } from './risk.seed';
import { fraudRefusals } from './risk.table';

let t: TestApp;
let place: { city_id: number; sub_city_id: number };
beforeAll(async () => {
  t = await createTestApp({ demo: true });
  const { db } = t.database;
  const [city] = await db.select().from(cities).where(eq(cities.name, 'Dhaka')).limit(1);
  const [area] = await db
    .select()
    .from(subCities)
    .where(eq(subCities.cityId, city?.id ?? 0))
    .limit(1);
  place = { city_id: city?.id ?? 0, sub_city_id: area?.id ?? 0 };
}, 180_000);
afterAll(() => t.close());

const lastRefusal = async () => (await t.database.db.select().from(fraudRefusals).orderBy(desc(fraudRefusals.id)).limit(1))[0];

describe('the fraud controls on every public channel (demo shop)', () => {
  it('shows the demo: a risky phone, a blocked phone, refusals in the log', async () => {
    const admin = await t.browser();
    await admin.loginAdmin();
    const risks = (await admin.get(`/api/admin/risk/phones?phones=${DEMO_RISKY_PHONE},${DEMO_BLOCKED_PHONE}`)).json().data;
    expect(risks[DEMO_RISKY_PHONE]).toMatchObject({ badge: 'risky', returned: 3, delivered: 1 });
    expect(risks[DEMO_BLOCKED_PHONE]).toMatchObject({ badge: 'blocked' });
    expect((await admin.get('/api/admin/fraud/log')).json().total).toBeGreaterThanOrEqual(4);
    expect((await admin.get('/api/admin/blocklist')).json().total).toBe(2);
  });

  it('refuses a blocked phone on a landing page and in a reseller’s shop, and logs the channel', async () => {
    const { db } = t.database;
    const [page] = await db.select().from(landingPages).where(eq(landingPages.status, 1)).limit(1);
    const [variant] = await db
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, page?.productId ?? 0))
      .limit(1);
    const visitor = await t.browser();
    const person = { name: 'Kamal Hossain', phone: DEMO_BLOCKED_PHONE, address: 'House 2, Road 5, Mirpur 1', ...place };
    const landing = await visitor.post(`/_public/landing/${page?.slug}/order`, {
      ...person,
      variant_id: variant?.id,
      quantity: 1,
      idempotency_key: randomUUID(),
    });
    expect(landing.statusCode, landing.body).toBe(403);
    expect(landing.json().message).toBe('Orders from this phone number are not accepted. Please call the shop.');
    expect(await lastRefusal()).toMatchObject({ channel: 'landing', reason: 'blocked_phone', phone: DEMO_BLOCKED_PHONE });

    const [shop] = await db.select().from(resellers).where(eq(resellers.status, 'active')).limit(1);
    const [stocked] = await db.select().from(productVariants).where(gt(productVariants.stock, 5)).limit(1);
    const order = await visitor.post(`/_public/shop/${shop?.slug}/order`, {
      ...person,
      lines: [{ variant_id: stocked?.id, quantity: 1 }],
      idempotency_key: randomUUID(),
    });
    expect(order.statusCode, order.body).toBe(403);
    expect(await lastRefusal()).toMatchObject({ channel: 'reseller_shop', reason: 'blocked_phone' });
  });

  it('asks a risky phone’s reseller-shop order for the advance online, and holds it when no gateway takes one', async () => {
    const admin = await t.browser();
    await admin.loginAdmin();
    const setting = (await admin.get('/api/admin/settings/fraud')).json().data;
    expect((await admin.put('/api/admin/settings/fraud', { ...setting, advance_for_risky: true })).statusCode).toBe(200);
    const { db } = t.database;
    const [shop] = await db.select().from(resellers).where(eq(resellers.status, 'active')).limit(1);
    const [stocked] = await db
      .select()
      .from(productVariants)
      .where(and(gt(productVariants.stock, 5)))
      .limit(1);
    const visitor = await t.browser();
    const order = (extra: Record<string, unknown>) =>
      visitor.post(`/_public/shop/${shop?.slug}/order`, {
        name: 'Rafiq Hasan',
        phone: DEMO_RISKY_PHONE,
        address: 'House 3, Road 11, Mirpur 10',
        ...place,
        lines: [{ variant_id: stocked?.id, quantity: 1 }],
        idempotency_key: randomUUID(),
        ...extra,
      });
    // The demo shop takes the delivery charge in advance by its gateways (decision 062): cash on delivery is refused.
    const refused = await order({});
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().errors.payment_method).toEqual(['Please pay the delivery charge online to confirm this order.']);
    const online = await order({ payment_method: 'bkash', payment_purpose: 'delivery' });
    expect(online.statusCode, online.body).toBe(201);
    expect(online.json().pay_url).toMatch(/^\/pay\/HB-\d+\?key=/);
    expect(online.json().on_hold).toBeUndefined();

    // With no gateway on, the order waits on hold for the advance, as before online payment.
    const payment = (await admin.get('/api/admin/settings/payment')).json().data;
    const off = { ...payment, bkash_enabled: false, nagad_enabled: false, sslcommerz_enabled: false, cod_enabled: true };
    expect((await admin.put('/api/admin/settings/payment', off)).statusCode).toBe(200);
    const held = await order({});
    expect(held.statusCode, held.body).toBe(201);
    expect(held.json()).toMatchObject({ on_hold: true });
    await admin.put('/api/admin/settings/payment', payment);
    await admin.put('/api/admin/settings/fraud', { ...setting, advance_for_risky: false });
  });
});
