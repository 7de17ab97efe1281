import type { Paginator, ProductAnswer, PublicReview } from '@haat/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestBrowser } from '../../test/harness';
import { productReviews } from '../content/product-review.table';
import { customers } from '../customers/customer.table';
import { makeShop, type Shop } from './storefront.fixture';

let t: TestApp;
let admin: TestBrowser;
let visitor: TestBrowser;
let shop: Shop;
const ids: Record<string, number> = {};

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.browser();
  await admin.loginAdmin();
  visitor = await t.browser();
  shop = await makeShop(admin);
  const [customer] = await t.database.db
    .insert(customers)
    .values({ name: 'Nusrat J.', phone: '01712345678', email: 'nusrat@example.com' })
    .returning({ id: customers.id });
  // Seven approved (the newest is "Approved 7"), one waiting and one hidden; another product's review too.
  const rows = await t.database.db
    .insert(productReviews)
    .values([
      ...Array.from({ length: 7 }, (_, index) => ({
        productId: shop.kurti.id,
        customerName: `Shopper ${index + 1}`,
        rating: 5 - (index % 3),
        text: `Approved ${index + 1}`,
        status: 'approved' as const,
        createdAt: minutesAgo(100 - index),
      })),
      {
        productId: shop.kurti.id,
        customerId: customer?.id,
        customerName: 'Nusrat J.',
        rating: 4,
        text: 'Waiting for approval',
        status: 'pending' as const,
        answer: 'Thank you, Nusrat!',
        createdAt: minutesAgo(5),
      },
      {
        productId: shop.kurti.id,
        customerName: 'Troll',
        rating: 1,
        text: 'Hidden rant',
        status: 'hidden' as const,
        createdAt: minutesAgo(1),
      },
      { productId: shop.shirt.id, customerName: 'Elsewhere', rating: 3, text: 'About the shirt', status: 'approved' as const },
    ])
    .returning({ id: productReviews.id, text: productReviews.text });
  for (const row of rows) ids[row.text] = row.id;
});
afterAll(() => t.close());

async function getJson<T>(url: string, status = 200): Promise<T> {
  const response = await visitor.get(url);
  expect(response.statusCode, `${url}: ${response.body}`).toBe(status);
  return response.json() as T;
}

const texts = (page: Paginator<PublicReview>) => page.data.map((review) => review.text);

describe('approved reviews in the product answer', () => {
  it('carries the newest approved reviews with a "more" call, and never hidden or waiting ones', async () => {
    const answer = await getJson<ProductAnswer>(`/_public/product/${shop.kurti.slug}`);
    expect(answer.rating_stars.count).toBe(7);
    expect(answer.reviews).toMatchObject({
      current_page: 1,
      last_page: 2,
      per_page: 5,
      total: 7,
      next_page_url: `/_public/product/${shop.kurti.id}/reviews?page=2`,
      prev_page_url: null,
    });
    expect(texts(answer.reviews)).toEqual(['Approved 7', 'Approved 6', 'Approved 5', 'Approved 4', 'Approved 3']);
    expect(answer.reviews.data[0]).toEqual({
      id: ids['Approved 7'],
      customer_name: 'Shopper 7',
      rating: 5,
      text: 'Approved 7',
      answer: null,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });

    const more = await getJson<Paginator<PublicReview>>(`/_public/product/${shop.kurti.id}/reviews?page=2`);
    expect(texts(more)).toEqual(['Approved 2', 'Approved 1']);
    expect(more).toMatchObject({ current_page: 2, total: 7, next_page_url: null });
    // By slug too, and past the end an empty page.
    expect(texts(await getJson(`/_public/product/${shop.kurti.slug}/reviews`))).toEqual(texts(answer.reviews));
    expect((await getJson<Paginator<PublicReview>>(`/_public/product/${shop.kurti.id}/reviews?page=9`)).data).toEqual([]);

    for (const body of [JSON.stringify(answer), JSON.stringify(more)]) {
      expect(body).not.toMatch(/Hidden rant|Waiting for approval|About the shirt|01712345678|nusrat@example\.com/);
    }
  });

  it('shows a review the moment the back office approves it, and drops it when hidden', async () => {
    const url = `/_public/product/${shop.kurti.id}`;
    expect(texts((await getJson<ProductAnswer>(url)).reviews)).not.toContain('Waiting for approval');

    const approved = await admin.post('/api/admin/product-reviews/bulk', { action: 'approve', ids: [ids['Waiting for approval']] });
    expect(approved.statusCode, approved.body).toBe(200);
    const after = await getJson<ProductAnswer>(url);
    expect(after.rating_stars.count).toBe(8);
    expect(after.reviews.total).toBe(8);
    // The name the customer gave and the shop's answer; not their phone or e-mail.
    expect(after.reviews.data[0]).toMatchObject({ customer_name: 'Nusrat J.', text: 'Waiting for approval', answer: 'Thank you, Nusrat!' });
    expect(JSON.stringify(after)).not.toMatch(/01712345678|nusrat@example\.com/);
    expect(texts(await getJson(`/_public/product/${shop.kurti.id}/reviews?page=2`))).toEqual(['Approved 3', 'Approved 2', 'Approved 1']);

    const hidden = await admin.post('/api/admin/product-reviews/bulk', { action: 'hide', ids: [ids['Waiting for approval']] });
    expect(hidden.statusCode, hidden.body).toBe(200);
    const again = await getJson<ProductAnswer>(url);
    expect(again.reviews.total).toBe(7);
    expect(texts(again.reviews)).not.toContain('Waiting for approval');
  });

  it('refuses a bad page and answers 404 for a product that is not published', async () => {
    const bad = await visitor.get(`/_public/product/${shop.kurti.id}/reviews?page=0`);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty('page');
    await getJson(`/_public/product/${shop.draft.id}/reviews`, 404);
    expect((await getJson<ProductAnswer>(`/_public/product/${shop.shirt.id}`)).reviews.data).toEqual([
      expect.objectContaining({ customer_name: 'Elsewhere', text: 'About the shirt' }),
    ]);
  });
});
