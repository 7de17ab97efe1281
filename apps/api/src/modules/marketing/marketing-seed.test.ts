import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestBrowser } from '../../test/harness';
import { checkCoupon } from './coupon.service';
import { landingPages } from './landing-page.table';
import { activeOffersFor } from './offer.service';
import { offers } from './offer.table';

let t: TestApp;
let owner: TestBrowser;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
  owner = await t.browser();
  await owner.loginAdmin();
});
afterAll(() => t.close());

describe('the demo shop’s marketing', () => {
  it('has two running offers that price real products', async () => {
    const [row] = await t.database.db.select({ n: count() }).from(offers);
    expect(row?.n).toBe(2);
    const list = (await owner.get('/api/admin/offers?filter[state]=running')).json().data;
    expect(list).toHaveLength(2);
    const ids = list.flatMap((offer: { product_ids: number[] }) => offer.product_ids);
    expect(ids.length).toBeGreaterThan(0);
    const prices = await activeOffersFor(
      t.database.db,
      ids.map((productId: number) => ({ productId })),
    );
    expect(prices.size).toBe(ids.length);
  });

  it('has the three coupon codes with their rules', async () => {
    const db = t.database.db;
    const order = { subtotal: 200000, phone: '01712999888', isFirstOrder: true } as const;
    expect(await checkCoupon(db, { ...order, code: 'WELCOME100', channel: 'website' })).toMatchObject({ ok: true, discount: 10000 });
    expect(await checkCoupon(db, { ...order, code: 'WELCOME100', channel: 'website', isFirstOrder: false })).toMatchObject({
      reason: 'first_order_only',
    });
    expect(await checkCoupon(db, { ...order, code: 'eid10', channel: 'reseller' })).toMatchObject({ ok: true, discount: 20000 });
    expect(await checkCoupon(db, { ...order, code: 'EID10', channel: 'website', subtotal: 500000 })).toMatchObject({ discount: 30000 });
    expect(await checkCoupon(db, { ...order, code: 'RESELLER50', channel: 'website' })).toMatchObject({ reason: 'wrong_channel' });
    expect(await checkCoupon(db, { ...order, code: 'RESELLER50', channel: 'reseller' })).toMatchObject({ ok: true, discount: 5000 });
  });

  it('runs a campaign with catalogue products, a banner, and a place in the slider', async () => {
    const visitor = await t.browser();
    const { campaigns } = (await visitor.get('/_public/campaigns?slider=1')).json();
    expect(campaigns).toEqual([expect.objectContaining({ name: 'Eid Festival Sale', slug: 'eid-festival-sale', in_slider: true })]);
    expect(campaigns[0].banner_image).toMatch(/^banners\/.+\.webp$/);
    const detail = (await visitor.get('/_public/campaign/eid-festival-sale')).json();
    expect(detail.products.length).toBeGreaterThanOrEqual(4);
    for (const product of detail.products) expect(product.campaign_price).toBeLessThanOrEqual(product.retail_price);
    expect(detail.campaign.gallery.length).toBeGreaterThan(0);
  });

  it('has a landing page and a finished SMS campaign', async () => {
    const [row] = await t.database.db.select({ n: count() }).from(landingPages);
    expect(row?.n).toBe(1);
    const page = await (await t.browser()).get('/_public/landing/smart-watch-offer');
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().product.offer).toMatchObject({ discount: 15000 });
    const history = (await owner.get('/api/admin/sms-campaigns')).json().data;
    expect(history).toEqual([expect.objectContaining({ status: 'finished', audience: 'all_customers', failed: 0 })]);
    expect(history[0].sent).toBe(history[0].total);
  });
});
