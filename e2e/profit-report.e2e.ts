import type { LedgerProfitAnswer } from '@haat/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, signInAsAdmin } from './browser';

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launch();
  page = (await newPage(browser)).page;
  await signInAsAdmin(page);
});
afterAll(async () => {
  await browser?.close();
});

const read = <T>(url: string) =>
  page.evaluate(async (url) => {
    const response = await fetch(url, { headers: { accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' } });
    return response.json();
  }, url) as Promise<T>;

describe('profit report (issue 19 §6)', () => {
  it('shows profit by channel; a figure opens the entries behind it', async () => {
    const report = await read<LedgerProfitAnswer>('/api/admin/profit-report');
    const website = report.channels.find((row) => row.channel === 'website');
    expect(website?.revenue, 'the demo delivered website orders this year').toBeGreaterThan(0);

    await page.goto('/admin/profit/report');
    await page.getByRole('heading', { name: 'Profit report', level: 1 }).waitFor();
    const byChannel = page.getByRole('table', { name: 'Profit by channel' });
    const row = byChannel.getByRole('row').filter({ hasText: 'Website' });
    await row.getByRole('link').first().click();

    await page.waitForURL('**/admin/account/report/lines?**');
    await page.getByRole('heading', { name: 'Entries: Revenue', level: 1 }).waitFor();
    await page.getByText('Channel: Website').waitFor();
    const lines = page.getByRole('table', { name: 'Entries: Revenue' });
    await lines.getByRole('row').filter({ hasText: 'Orders delivered' }).first().waitFor();
    const url = new URL(page.url());
    expect(url.searchParams.get('group')).toBe('revenue');
    expect(url.searchParams.get('channel')).toBe('website');
  });

  it('the account report balances its balance sheet', async () => {
    await page.goto('/admin/account/report?tab=balance_sheet');
    await page.getByRole('heading', { name: 'Account report', level: 1 }).waitFor();
    await page.getByText('The books balance.').waitFor();
  });
});
