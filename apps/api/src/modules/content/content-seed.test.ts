import { count } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { comments } from './comment.table';
import { contactMessages } from './contact-message.table';
import { factories } from './factory.table';
import { pages } from './page.table';
import { productReviews } from './product-review.table';
import { templates } from './template.table';

let demo: TestApp;
let plain: TestApp;
beforeAll(async () => {
  [demo, plain] = await Promise.all([createTestApp({ demo: true }), createTestApp({ demo: false })]);
});
afterAll(() => Promise.all([demo?.close(), plain?.close()]));

const rows = async (t: TestApp, table: PgTable) => (await t.database.db.select({ n: count() }).from(table))[0]?.n ?? 0;

describe('first-start content', () => {
  it('gives every shop its templates, and the demo shop its pages, testimonials, reviews, messages and factories', async () => {
    expect(await rows(plain, templates)).toBe(9);
    for (const table of [pages, comments, productReviews, contactMessages, factories]) expect(await rows(plain, table)).toBe(0);

    expect(await rows(demo, templates)).toBe(9);
    const slugs = (await demo.database.db.select({ slug: pages.slug }).from(pages)).map((page) => page.slug);
    expect(slugs).toEqual(['about-us', 'terms-and-conditions', 'privacy-policy', 'return-and-refund-policy', 'delivery-information']);
    expect(await rows(demo, comments)).toBeGreaterThanOrEqual(5);
    expect(await rows(demo, productReviews)).toBeGreaterThanOrEqual(4);
    expect(await rows(demo, contactMessages)).toBe(3);
    expect(await rows(demo, factories)).toBe(3);

    const footer = (await demo.app.inject({ method: 'GET', url: '/_public/pages' })).json().pages;
    expect(footer.map((page: { title: string }) => page.title)).toContain('Return and refund policy');
    const about = (await demo.app.inject({ method: 'GET', url: '/_public/page/about-us' })).json();
    expect(about.page.body).toContain('Cash on delivery');
    expect(about.sections).toHaveLength(2);
    expect(about.testimonials).toHaveLength(2);
  });
});
