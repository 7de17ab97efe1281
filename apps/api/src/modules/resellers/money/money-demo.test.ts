import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PHONES } from '../../../db/seed';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../../test/harness';

let t: TestApp;
// The demo shop's first start: more than the default minute on a busy machine, as the other demo tests allow.
beforeAll(async () => {
  t = await createTestApp({ demo: true });
}, 120_000);
afterAll(() => t.close());

describe('the demo reseller on a fresh start', () => {
  it('has delivered orders with income, saved payout accounts and one paid withdrawal', async () => {
    const browser = await t.browser();
    const login = await browser.post('/api/reseller/login', { login: DEMO_PHONES.reseller, password: DEMO_PASSWORD });
    expect(login.statusCode, login.body).toBe(200);
    const income = (await browser.get('/api/reseller/cashbook/income')).json();
    const profits = income.data.filter((entry: { kind: string }) => entry.kind === 'order_profit');
    expect(profits).toHaveLength(2);
    expect(profits.every((entry: { amount: number; order_number: string }) => entry.amount > 0 && entry.order_number)).toBe(true);
    const payOff = (await browser.get('/api/reseller/cashbook/pay-off')).json();
    expect(payOff.data).toHaveLength(1);
    expect(payOff.data[0]).toMatchObject({
      status: 'paid',
      paid_method: 'bkash',
      transaction_id: 'BK7H2Q9X4M',
      decided_by: 'Farzana Akter',
    });
    const { balance } = (await browser.get('/api/reseller/balance')).json();
    expect(balance.paid_withdrawals).toBe(payOff.data[0].amount);
    expect(balance.available).toBe(balance.income - balance.paid_withdrawals - balance.pending_withdrawals);
    expect(balance.available).toBeGreaterThan(0);
    expect((await browser.get('/api/reseller/mobile-banking')).json().data).toHaveLength(1);
    expect((await browser.get('/api/reseller/bank-accounts')).json().data).toHaveLength(1);
  });

  it('has sent two SMS campaigns to their customers, paid from the cashbook', async () => {
    const browser = await t.browser();
    await browser.post('/api/reseller/login', { login: DEMO_PHONES.reseller, password: DEMO_PASSWORD });
    const history = (await browser.get('/api/reseller/sms/campaigns')).json();
    expect(history.data).toHaveLength(2);
    expect(
      history.data.every((row: { status: string; sent: number; total: number }) => row.status === 'finished' && row.sent === row.total),
    ).toBe(true);
    expect(history.data[0]).toMatchObject({ unicode: true, parts: 2 });
    const income = (await browser.get('/api/reseller/cashbook/income')).json();
    expect(income.data.filter((entry: { kind: string }) => entry.kind === 'sms_charge')).toHaveLength(2);
  });
});
