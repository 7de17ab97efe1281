import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestBrowser } from '../../test/harness';
import { type Catalogue, createProduct, makeCatalogue, productBody } from '../products/catalogue.fixture';
import { campaignPricesFor } from './campaign.service';
import { daysFromNow, staffWith } from './marketing.fixture';

let t: TestApp;
let owner: TestBrowser;
let visitor: TestBrowser;
let catalogue: Catalogue;
let kurti: number;
let shirt: number;
let draft: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.browser();
  await owner.loginAdmin();
  visitor = await t.browser();
  catalogue = await makeCatalogue(owner);
  kurti = (await createProduct(owner, productBody(catalogue, { sku: 'CP-KURTI' }))).id;
  shirt = (
    await createProduct(
      owner,
      productBody(catalogue, {
        name: 'Oxford Shirt',
        sku: 'CP-SHIRT',
        category_id: catalogue.men,
        subcategory_id: catalogue.shirts,
        wholesale_price: 60000,
        retail_price: 80000,
      }),
    )
  ).id;
  draft = (await createProduct(owner, productBody(catalogue, { name: 'Unreleased Kurti', sku: 'CP-DRAFT', status: 0 }))).id;
});
afterAll(() => t.close());

const running = { starts_at: daysFromNow(-1), ends_at: daysFromNow(5) };

async function createCampaign(body: Record<string, unknown>) {
  const response = await owner.post('/api/admin/campaigns', { ...running, ...body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number; slug: string; [key: string]: unknown };
}

describe('campaign validation', () => {
  it('names the missing fields and a product chosen twice', async () => {
    const response = await owner.post('/api/admin/campaigns', {
      products: [
        { product_id: kurti, campaign_price: 100000 },
        { product_id: kurti, campaign_price: 110000 },
      ],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      name: ['Enter a name'],
      starts_at: ['Choose when the campaign starts'],
      ends_at: ['Choose when the campaign ends'],
      'products.1.product_id': ['This product is already in the campaign'],
    });
  });

  it('refuses a price above retail or below wholesale, naming each row', async () => {
    const response = await owner.post('/api/admin/campaigns', {
      ...running,
      name: 'Too cheap, too dear',
      products: [
        { product_id: kurti, campaign_price: 130000 },
        { product_id: shirt, campaign_price: 50000 },
      ],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'Row 1 (Plain Cotton Kurti): the campaign price ৳1,300 is above the retail price ৳1,250.50.',
      errors: {
        'products.0.campaign_price': ['Row 1 (Plain Cotton Kurti): the campaign price ৳1,300 is above the retail price ৳1,250.50.'],
        'products.1.campaign_price': ['Row 2 (Oxford Shirt): the campaign price ৳500 is below the wholesale price ৳600.'],
      },
    });
    // Exactly the retail or the wholesale price is allowed.
    const edges = await createCampaign({
      name: 'Edges',
      products: [
        { product_id: kurti, campaign_price: 125050 },
        { product_id: shirt, campaign_price: 60000 },
      ],
    });
    expect(edges.products_count).toBe(2);
    expect((await owner.delete(`/api/admin/campaigns/${edges.id}`)).statusCode).toBe(200);
  });
});

describe('campaigns and the public calls', () => {
  let eid: { id: number; slug: string };
  let flash: { id: number; slug: string };
  let later: { id: number; slug: string };

  beforeAll(async () => {
    eid = await createCampaign({
      name: 'Eid Festival',
      description: 'Eid favourites',
      products: [
        { product_id: shirt, campaign_price: 70000 },
        { product_id: kurti, campaign_price: 100000 },
        { product_id: draft, campaign_price: 100000 },
      ],
    });
    flash = await createCampaign({
      name: 'Flash Friday',
      ends_at: daysFromNow(1),
      products: [{ product_id: kurti, campaign_price: 95000 }],
    });
    later = await createCampaign({ name: 'Puja Sale', starts_at: daysFromNow(3), ends_at: daysFromNow(9) });
    await createCampaign({ name: 'Last Winter', starts_at: daysFromNow(-30), ends_at: daysFromNow(-20) });
    await createCampaign({ name: 'Switched Off', status: 0 });
  });

  it('gives the edit form its products with their prices, in order', async () => {
    const detail = await owner.get(`/api/admin/campaigns/${eid.id}`);
    expect(detail.json().data).toMatchObject({
      name: 'Eid Festival',
      slug: 'eid-festival',
      state: 'running',
      products_count: 3,
      products: [
        { product_id: shirt, campaign_price: 70000, name: 'Oxford Shirt', retail_price: 80000, wholesale_price: 60000 },
        { product_id: kurti, campaign_price: 100000 },
        { product_id: draft, campaign_price: 100000, status: 0 },
      ],
    });
    const list = await owner.get('/api/admin/campaigns?filter[state]=running&sort=name');
    expect(list.json().data.map((row: { name: string }) => row.name)).toEqual(['Eid Festival', 'Flash Friday']);
  });

  it('lists only running campaigns, to anyone', async () => {
    const response = await visitor.get('/_public/campaigns');
    expect(response.statusCode).toBe(200);
    const names = response.json().campaigns.map((row: { name: string }) => row.name);
    expect(names).toEqual(['Flash Friday', 'Eid Festival']);
    expect(response.json().campaigns[1]).toEqual({
      id: eid.id,
      name: 'Eid Festival',
      slug: 'eid-festival',
      banner_image: null,
      banner_thumbnail: null,
      starts_at: expect.any(String),
      ends_at: expect.any(String),
      in_slider: false,
    });
  });

  it('shows a running campaign with its published products at campaign price, by id or slug', async () => {
    const response = await visitor.get(`/_public/campaign/${eid.id}`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.campaign).toMatchObject({ id: eid.id, name: 'Eid Festival', description: 'Eid favourites', gallery: [] });
    expect(body.products).toEqual([
      expect.objectContaining({ id: shirt, name: 'Oxford Shirt', retail_price: 80000, campaign_price: 70000, saving_percent: 12 }),
      expect.objectContaining({ id: kurti, retail_price: 125050, campaign_price: 100000, saving_percent: 20 }),
    ]);
    expect((await visitor.get('/_public/campaign/eid-festival')).json().campaign.id).toBe(eid.id);
  });

  it('answers 404 JSON for a campaign that is not running or does not exist', async () => {
    for (const path of [
      `/_public/campaign/${later.id}`,
      '/_public/campaign/last-winter',
      '/_public/campaign/switched-off',
      '/_public/campaign/999999',
    ]) {
      const response = await visitor.get(path);
      expect(response.statusCode, path).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.json()).toEqual({ message: 'This campaign was not found or is not running now.' });
    }
  });

  it('gives each product its lowest running campaign price', async () => {
    const prices = await campaignPricesFor(t.database.db, [kurti, shirt, draft]);
    expect(prices.get(kurti)).toMatchObject({ campaign_id: flash.id, campaign_price: 95000 });
    expect(prices.get(shirt)).toMatchObject({ campaign_id: eid.id, campaign_price: 70000 });
    // Once the flash sale is over, the Eid price holds.
    const inTwoDays = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000);
    expect((await campaignPricesFor(t.database.db, [kurti], inTwoDays)).get(kurti)?.campaign_price).toBe(100000);
  });

  it('keeps a banner and an ordered gallery', async () => {
    const images = {
      banner: { path: 'banners/eid.webp', thumbnail: 'banners/eid-thumb.webp' },
      gallery: [
        { path: 'content/one.webp', thumbnail: 'content/one-thumb.webp' },
        { path: 'content/two.webp', thumbnail: 'content/two-thumb.webp' },
      ],
    };
    const saved = await owner.put(`/api/admin/campaigns/${eid.id}/images`, images);
    expect(saved.statusCode, saved.body).toBe(200);
    const reordered = await owner.put(`/api/admin/campaigns/${eid.id}/images`, { ...images, gallery: [...images.gallery].reverse() });
    expect(reordered.json().gallery.map((image: { path: string }) => image.path)).toEqual(['content/two.webp', 'content/one.webp']);
    expect((await owner.get(`/api/admin/campaigns/${eid.id}/images`)).json()).toMatchObject({
      campaign: { id: eid.id, name: 'Eid Festival' },
      banner: images.banner,
    });
    const bad = await owner.put(`/api/admin/campaigns/${eid.id}/images`, { banner: { path: '../../etc/passwd', thumbnail: 'x.webp' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors['banner.path']).toEqual(['Upload the image again']);
    const publicList = (await visitor.get('/_public/campaigns')).json().campaigns;
    expect(publicList.find((row: { id: number }) => row.id === eid.id)).toMatchObject({ banner_image: 'banners/eid.webp' });
    const removed = await owner.put(`/api/admin/campaigns/${flash.id}/images`, { banner: null, gallery: [] });
    expect(removed.json()).toMatchObject({ banner: null, gallery: [] });
  });

  it('puts chosen campaigns in the home slider in their order', async () => {
    const saved = await owner.put('/api/admin/campaigns/slider', { campaign_ids: [eid.id, later.id] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().in_slider.map((row: { id: number }) => row.id)).toEqual([eid.id, later.id]);
    expect(
      saved
        .json()
        .others.map((row: { name: string }) => row.name)
        .sort(),
    ).toEqual(['Flash Friday', 'Switched Off']);
    // Running ones only: the Puja sale joins the public slider when it starts.
    const publicList = (await visitor.get('/_public/campaigns')).json().campaigns;
    expect(publicList.map((row: { name: string; in_slider: boolean }) => [row.name, row.in_slider])).toEqual([
      ['Eid Festival', true],
      ['Flash Friday', false],
    ]);
    expect((await visitor.get('/_public/campaigns?slider=1')).json().campaigns.map((row: { id: number }) => row.id)).toEqual([eid.id]);
    const twice = await owner.put('/api/admin/campaigns/slider', { campaign_ids: [eid.id, eid.id] });
    expect(twice.json().errors.campaign_ids).toEqual(['Each campaign can be in the slider once']);
    const cleared = await owner.put('/api/admin/campaigns/slider', { campaign_ids: [] });
    expect(cleared.json().in_slider).toEqual([]);
  });

  it('lets staff with campaign.view look but not change pictures or the slider', async () => {
    const reader = await staffWith(t, owner, ['campaign.view']);
    expect((await reader.get('/api/admin/campaigns/slider')).statusCode).toBe(200);
    expect((await reader.get(`/api/admin/campaigns/${eid.id}/images`)).statusCode).toBe(200);
    expect((await reader.put('/api/admin/campaigns/slider', { campaign_ids: [] })).statusCode).toBe(403);
    expect((await reader.put(`/api/admin/campaigns/${eid.id}/images`, { banner: null, gallery: [] })).statusCode).toBe(403);
    expect((await reader.put(`/api/admin/campaigns/${eid.id}`, { ...running, name: 'Mine now' })).statusCode).toBe(403);
    expect((await visitor.get('/api/admin/campaigns')).statusCode).toBe(401);
  });
});
