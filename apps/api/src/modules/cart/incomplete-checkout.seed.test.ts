import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { settleAfterCommitWork } from '../orders';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
});
afterAll(async () => {
  await settleAfterCommitWork();
  await t.close();
});

describe('the demo shop has incomplete checkouts', () => {
  it('open ones, some called back with outcomes and notes, and one converted into an order', async () => {
    const admin = await t.browser();
    await admin.loginAdmin();
    const list = (await admin.get('/api/admin/incomplete-checkouts?per_page=50')).json();
    const rows = list.data as { status: string; call_count: number; last_outcome: string | null; order_number: string | null }[];
    expect(rows.length).toBeGreaterThanOrEqual(6);
    expect(rows.filter((row) => row.status === 'open').length).toBeGreaterThanOrEqual(4);
    expect(rows.filter((row) => row.call_count > 0).length).toBeGreaterThanOrEqual(4);
    const converted = rows.filter((row) => row.status === 'converted');
    expect(converted).toHaveLength(1);
    expect(converted[0]?.order_number).toMatch(/^HB-/);
    // A reseller shop's draft, named with the shop and priced at its prices.
    const shops = (await admin.get('/api/admin/incomplete-checkouts?filter[channel]=reseller_shop')).json().data;
    expect(shops).toEqual([expect.objectContaining({ status: 'open', shop_name: expect.any(String), call_count: 1, item_count: 3 })]);
    const dashboard = (await admin.get('/api/admin/dashboard')).json();
    expect(dashboard.cards.find((card: { id: string }) => card.id === 'incomplete-open')?.value).toBeGreaterThanOrEqual(4);
  });
});
