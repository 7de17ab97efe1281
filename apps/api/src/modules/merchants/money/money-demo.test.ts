import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PHONES } from '../../../db/seed';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
}, 240_000);
afterAll(() => t.close());

describe('the demo merchant on a fresh start', () => {
  it('has products, delivered lines with earnings, accounts, a paid and a pending withdrawal', async () => {
    const browser = await t.browser();
    const login = await browser.post('/api/merchant/login', { login: DEMO_PHONES.merchant, password: DEMO_PASSWORD });
    expect(login.statusCode, login.body).toBe(200);
    const products = (await browser.get('/api/merchant/products')).json();
    expect(products.total).toBeGreaterThan(2);
    expect(products.data.every((row: { merchant_price: number | null }) => (row.merchant_price ?? 0) > 0)).toBe(true);
    const lines = (await browser.get('/api/merchant/order-lines?status=5')).json();
    expect(lines.total).toBeGreaterThan(2);
    expect(lines.data.every((row: { earned: number }) => row.earned > 0)).toBe(true);
    const earnings = (await browser.get('/api/merchant/earnings?kind=earnings')).json();
    expect(earnings.data.some((row: { kind: string }) => row.kind === 'earning_reversal')).toBe(true);
    const withdrawals = (await browser.get('/api/merchant/withdrawals')).json();
    expect(withdrawals.data.map((row: { status: string }) => row.status).sort()).toEqual(['paid', 'pending']);
    const { balance } = (await browser.get('/api/merchant/balance')).json();
    expect(balance.pending_withdrawals).toBeGreaterThan(0);
    expect(balance.available).toBe(balance.income - balance.paid_withdrawals - balance.pending_withdrawals);
    expect(balance.available).toBeGreaterThan(0);
    const dashboard = (await browser.get('/api/merchant/dashboard')).json().data;
    expect(dashboard.chart.filter((day: { earned: number }) => day.earned !== 0).length).toBeGreaterThan(1);
    expect((await browser.get('/api/merchant/bank-accounts')).json().data).toHaveLength(1);
    expect((await browser.get('/api/merchant/mobile-banking')).json().data).toHaveLength(1);
  });
});
