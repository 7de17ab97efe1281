import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestBrowser } from '../../test/harness';
import { type Catalogue, createProduct, makeCatalogue, productBody } from '../products/catalogue.fixture';
import { daysFromNow, staffWith } from './marketing.fixture';

let t: TestApp;
let owner: TestBrowser;
let visitor: TestBrowser;
let catalogue: Catalogue;
let watch: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.browser();
  await owner.loginAdmin();
  visitor = await t.browser();
  catalogue = await makeCatalogue(owner);
  watch = (
    await createProduct(
      owner,
      productBody(catalogue, {
        name: 'Somoy Smart Watch',
        sku: 'LP-WATCH',
        retail_price: 350000,
        wholesale_price: 250000,
        variants: [
          { sku: 'LP-WATCH-RED', attribute_value_ids: [catalogue.colour.red], opening_stock: 4 },
          { sku: 'LP-WATCH-BLUE', attribute_value_ids: [catalogue.colour.blue], opening_stock: 2, price_override: 360000 },
        ],
      }),
    )
  ).id;
});
afterAll(() => t.close());

const sections = [
  { type: 'text', title: 'Why it is good', content: 'A week of battery.\nHeart-rate tracking.' },
  { type: 'image', title: '', content: 'products/watch.webp' },
  { type: 'video', content: 'https://www.youtube.com/watch?v=abc123' },
  { type: 'faq', title: 'How do I pay?', content: 'Cash on delivery.' },
  { type: 'testimonial', title: 'Shakib, Chattogram', content: 'Came in two days.' },
];

describe('landing page validation', () => {
  it('names every wrong field, sections by their position', async () => {
    const response = await owner.post('/api/admin/landing-pages', {
      headline: 'Hi',
      slug: 'add',
      sections: [
        { type: 'image', content: '/etc/passwd' },
        { type: 'video', content: 'http://insecure.example' },
        { type: 'faq', content: 'An answer without its question' },
        { type: 'testimonial', title: 'Someone' },
        { type: 'poem', content: 'Roses' },
      ],
      button_text: '',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      headline: ['The headline must have at least 5 characters'],
      slug: ['Choose another slug: this word is taken by the admin screens'],
      product_id: ['Choose a product'],
      'sections.0.content': ['Upload the image'],
      'sections.1.content': ['Paste a link starting with https://'],
      'sections.2.title': ['Write the question'],
      'sections.3.content': ['Write what they said'],
      'sections.4.type': ['Choose the kind of section'],
      button_text: ['Write the button text'],
    });
    const ghost = await owner.post('/api/admin/landing-pages', { headline: 'A ghost product', product_id: 999_999 });
    expect(ghost.json().errors.product_id).toEqual(['Choose a product.']);
  });
});

describe('landing pages', () => {
  let pageId: number;

  it('makes a page for one product, its slug from the headline', async () => {
    const response = await owner.post('/api/admin/landing-pages', {
      headline: 'Somoy Smart Watch: one week of battery',
      product_id: watch,
      sections,
      delivery_note: 'Delivery ৳60 inside Dhaka',
    });
    expect(response.statusCode, response.body).toBe(201);
    const data = response.json().data;
    pageId = data.id;
    expect(data).toMatchObject({
      slug: 'somoy-smart-watch-one-week-of-battery',
      product_id: watch,
      product_name: 'Somoy Smart Watch',
      sections_count: 5,
      button_text: 'Order now',
      status: 1,
    });
    expect(data.sections[2]).toEqual({ type: 'video', title: '', content: 'https://www.youtube.com/watch?v=abc123' });
    const list = await owner.get('/api/admin/landing-pages');
    expect(list.json().data[0]).not.toHaveProperty('sections');
  });

  it('shows a published page with its product to anyone, with the best running offer', async () => {
    const offer = await owner.post('/api/admin/offers', {
      name: 'Watch week',
      percent_off: 10,
      product_ids: [watch],
      starts_at: daysFromNow(-1),
      ends_at: daysFromNow(3),
    });
    expect(offer.statusCode, offer.body).toBe(201);
    const response = await visitor.get('/_public/landing/somoy-smart-watch-one-week-of-battery');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.landing_page).toMatchObject({
      headline: 'Somoy Smart Watch: one week of battery',
      sections: expect.arrayContaining([expect.objectContaining({ type: 'faq', title: 'How do I pay?' })]),
      order_form: { button_text: 'Order now', delivery_note: 'Delivery ৳60 inside Dhaka', order_type: 'landing' },
    });
    expect(body.landing_page.sections.map((section: { type: string }) => section.type)).toEqual([
      'text',
      'image',
      'video',
      'faq',
      'testimonial',
    ]);
    expect(body.product).toMatchObject({
      id: watch,
      name: 'Somoy Smart Watch',
      retail_price: 350000,
      offer: { name: 'Watch week', discount: 35000, final_price: 315000 },
      campaign_price: null,
      price: 315000,
      stock: 6,
    });
    // Each option at what the order charges for it: its own price less the offer's 10%.
    expect(
      body.product.variants.map((variant: { label: string; retail_price: number; price: number }) => [
        variant.label,
        variant.retail_price,
        variant.price,
      ]),
    ).toEqual([
      ['Red', 350000, 315000],
      ['Blue', 360000, 324000],
    ]);
    expect(body.product.payment_rule).toBe('any');
  });

  it('hides an unpublished page, and a page whose product is unpublished', async () => {
    const path = '/_public/landing/somoy-smart-watch-one-week-of-battery';
    await owner.post('/api/admin/landing-pages/bulk', { action: 'unpublish', ids: [pageId] });
    expect((await visitor.get(path)).statusCode).toBe(404);
    await owner.post('/api/admin/landing-pages/bulk', { action: 'publish', ids: [pageId] });
    expect((await visitor.get(path)).statusCode).toBe(200);
    await owner.post('/api/admin/products/bulk', { action: 'unpublish', ids: [watch] });
    const hidden = await visitor.get(path);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({ message: 'The landing page was not found.' });
    await owner.post('/api/admin/products/bulk', { action: 'publish', ids: [watch] });
    expect((await visitor.get('/_public/landing/no-such-page')).statusCode).toBe(404);
  });

  it('keeps the product while a landing page sells it', async () => {
    const refused = await owner.delete(`/api/admin/products/${watch}`);
    expect(refused.statusCode).toBe(409);
  });

  it('lets staff with landing.page.view read pages but not change them', async () => {
    const reader = await staffWith(t, owner, ['landing.page.view']);
    expect((await reader.get(`/api/admin/landing-pages/${pageId}`)).statusCode).toBe(200);
    const refused = await reader.post('/api/admin/landing-pages', { headline: 'Not allowed here', product_id: watch });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You do not have the "landing.page.create" permission.');
  });
});
