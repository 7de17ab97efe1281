import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestBrowser } from '../../test/harness';
import { auditLog } from '../audit/audit.table';
import { type Catalogue, createProduct, makeCatalogue, productBody } from '../products/catalogue.fixture';
import { daysFromNow, staffWith } from './marketing.fixture';
import { activeOfferFor, activeOffersFor } from './offer.service';

let t: TestApp;
let owner: TestBrowser;
let catalogue: Catalogue;
let kurti: number;
let cottonKurti: number;
let shirt: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.browser();
  await owner.loginAdmin();
  catalogue = await makeCatalogue(owner);
  kurti = (await createProduct(owner, productBody(catalogue, { sku: 'OF-KURTI' }))).id;
  cottonKurti = (
    await createProduct(owner, productBody(catalogue, { name: 'Cotton Kurti', sku: 'OF-COTTON', sub_subcategory_id: catalogue.cotton }))
  ).id;
  shirt = (
    await createProduct(
      owner,
      productBody(catalogue, {
        name: 'Oxford Shirt',
        sku: 'OF-SHIRT',
        category_id: catalogue.men,
        subcategory_id: catalogue.shirts,
        wholesale_price: 60000,
        retail_price: 80000,
      }),
    )
  ).id;
});
afterAll(() => t.close());

const running = { starts_at: daysFromNow(-1), ends_at: daysFromNow(7) };

async function createOffer(body: Record<string, unknown>) {
  const response = await owner.post('/api/admin/offers', { ...running, ...body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number; [key: string]: unknown };
}

describe('offer validation', () => {
  it('names every missing field', async () => {
    const response = await owner.post('/api/admin/offers', {});
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors).sort()).toEqual(['ends_at', 'name', 'percent_off', 'product_ids', 'starts_at']);
    expect(response.json().errors.product_ids).toEqual(['Choose at least one product or category']);
  });

  it('checks the discount against its kind, and the times against each other', async () => {
    const tooMuch = await owner.post('/api/admin/offers', { ...running, name: 'Half off', percent_off: 150, product_ids: [kurti] });
    expect(tooMuch.json().errors.percent_off).toEqual(['Use at most 100%']);
    const noAmount = await owner.post('/api/admin/offers', { ...running, name: 'Taka off', discount_type: 'amount', product_ids: [kurti] });
    expect(noAmount.json().errors.amount_off).toEqual(['Enter the amount off']);
    const backwards = await owner.post('/api/admin/offers', {
      name: 'Backwards',
      percent_off: 10,
      product_ids: [kurti],
      starts_at: daysFromNow(2),
      ends_at: daysFromNow(1),
    });
    expect(backwards.json().errors.ends_at).toEqual(['The offer must end after it starts']);
  });

  it('refuses products and categories that do not exist', async () => {
    const response = await owner.post('/api/admin/offers', {
      ...running,
      name: 'Ghosts',
      percent_off: 5,
      product_ids: [999_999],
      category_ids: [888_888],
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors).sort()).toEqual(['category_ids', 'product_ids']);
  });
});

describe('offers and the best discount', () => {
  it('takes the offer that saves most: a category offer against a product offer', async () => {
    // Women (level 1) 10% = ৳125.05 off; ৳200 off the kurti itself wins.
    const tenPercent = await createOffer({ name: 'Women 10%', percent_off: 10, category_ids: [catalogue.women] });
    expect(tenPercent).toMatchObject({ discount_type: 'percent', percent_off: 10, amount_off: null, category_ids: [catalogue.women] });
    const amount = await createOffer({
      name: '৳200 off the kurti',
      discount_type: 'amount',
      amount_off: 20000,
      percent_off: 30,
      product_ids: [kurti],
    });
    // The percentage typed before switching to an amount is not kept.
    expect(amount).toMatchObject({ discount_type: 'amount', amount_off: 20000, percent_off: null, product_ids: [kurti], state: 'running' });

    expect(await activeOfferFor(t.database.db, { productId: kurti, categoryIds: [catalogue.women, catalogue.kurti] })).toMatchObject({
      offer_id: amount.id,
      price: 125050,
      discount: 20000,
      final_price: 105050,
    });
    // Categories and the price come from the product when not given.
    expect((await activeOfferFor(t.database.db, { productId: kurti }))?.offer_id).toBe(amount.id);
    // On a lower price the percentage would be less; on a higher one it wins.
    expect((await activeOfferFor(t.database.db, { productId: kurti, categoryIds: [catalogue.women], price: 300000 }))?.offer_id).toBe(
      tenPercent.id,
    );
  });

  it('applies a category offer at any level, and never to other products', async () => {
    const cotton = await createOffer({ name: 'Cotton 25%', percent_off: 25, category_ids: [catalogue.cotton] });
    const best = await activeOfferFor(t.database.db, { productId: cottonKurti });
    expect(best).toMatchObject({ offer_id: cotton.id, discount: 31262, final_price: 125050 - 31262 });
    expect(await activeOfferFor(t.database.db, { productId: shirt })).toBeNull();
    const many = await activeOffersFor(t.database.db, [{ productId: kurti }, { productId: cottonKurti }, { productId: shirt }]);
    expect([...many.keys()].sort()).toEqual([kurti, cottonKurti].sort());
  });

  it('ignores offers that ended, have not started or are switched off — until their time', async () => {
    await createOffer({
      name: 'Men ended',
      percent_off: 50,
      category_ids: [catalogue.men],
      starts_at: daysFromNow(-5),
      ends_at: daysFromNow(-1),
    });
    const later = await createOffer({
      name: 'Men later',
      percent_off: 40,
      category_ids: [catalogue.men],
      starts_at: daysFromNow(2),
      ends_at: daysFromNow(9),
    });
    await createOffer({ name: 'Men off', percent_off: 60, category_ids: [catalogue.men], status: 0 });
    expect(await activeOfferFor(t.database.db, { productId: shirt })).toBeNull();
    const inThreeDays = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000);
    expect(await activeOfferFor(t.database.db, { productId: shirt }, inThreeDays)).toMatchObject({ offer_id: later.id, discount: 32000 });
  });

  it('lists with state filters and both pagination shapes, and edits replace the targets', async () => {
    const runningList = await owner.get('/api/admin/offers?filter[state]=running&sort=name');
    expect(runningList.statusCode).toBe(200);
    expect(runningList.json().data.map((row: { name: string }) => row.name)).toEqual(['Cotton 25%', 'Women 10%', '৳200 off the kurti']);
    const scheduled = await owner.get('/api/admin/offers?filter[state]=scheduled&format=resource');
    expect(scheduled.json()).toMatchObject({ meta: { total: 1 }, data: [{ name: 'Men later', state: 'scheduled' }] });

    const offer = await createOffer({ name: 'Edit me', percent_off: 5, product_ids: [kurti, shirt] });
    const saved = await owner.put(`/api/admin/offers/${offer.id}`, {
      ...running,
      name: 'Edited',
      percent_off: 5,
      product_ids: [shirt],
      category_ids: [],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ name: 'Edited', product_ids: [shirt], category_ids: [] });
    const detail = await owner.get(`/api/admin/offers/${offer.id}`);
    expect(detail.json().data.products).toEqual([{ id: shirt, name: 'Oxford Shirt' }]);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'offer'), eq(auditLog.entityId, String(offer.id)), eq(auditLog.action, 'update')));
    expect(audit?.changes).toMatchObject({ name: { before: 'Edit me', after: 'Edited' }, product_ids: { after: [shirt] } });
  });
});

describe('offer permissions', () => {
  it('lets staff with offer.view read but not create; others cannot read', async () => {
    const reader = await staffWith(t, owner, ['offer.view']);
    expect((await reader.get('/api/admin/offers')).statusCode).toBe(200);
    const refused = await reader.post('/api/admin/offers', { ...running, name: 'Not mine', percent_off: 5, product_ids: [kurti] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You do not have the "offer.create" permission.');
    const other = await staffWith(t, owner, ['coupon.view']);
    expect((await other.get('/api/admin/offers')).statusCode).toBe(403);
    // The product picker is for those who may edit offers, campaigns or landing pages.
    expect((await other.get('/api/admin/marketing/products?q=kurti')).statusCode).toBe(403);
    const picked = await reader.get(`/api/admin/marketing/products?ids=${kurti}`);
    expect(picked.json().data).toMatchObject([{ id: kurti, sku: 'OF-KURTI', retail_price: 125050 }]);
  });
});
