import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, signInAsAdmin } from './browser';

let browser: Browser;
let context: BrowserContext;
let page: Page;
beforeAll(async () => {
  browser = await launch();
  ({ context, page } = await newPage(browser));
  await signInAsAdmin(page);
});
afterAll(() => browser?.close());

async function counts(): Promise<Record<number, number>> {
  const answer = await page.request.get('/api/admin/orders/counts');
  expect(answer.status()).toBe(200);
  const body = (await answer.json()) as { data: { status: number; count: number }[] };
  return Object.fromEntries(body.data.map((row) => [row.status, row.count]));
}

/** The number a status tab shows beside its name. */
async function tabCount(name: string): Promise<number> {
  const text = (await page.getByRole('tab', { name: new RegExp(`^${name}`) }).textContent()) ?? '';
  return Number(text.replace(/[^\d]/g, ''));
}

describe('order workflow in the back office', () => {
  it('moves a pending demo order to confirmed, the tabs follow, the view shows its timeline and prints', async () => {
    await page.goto('/admin/order/process/1');
    await page.getByRole('heading', { name: 'Pending orders', level: 1 }).waitFor();
    const table = page.getByRole('table', { name: 'Pending orders' });
    const firstLink = table.getByRole('link', { name: /^HB-\d+$/ }).first();
    await firstLink.waitFor();
    const number = (await firstLink.textContent()) as string;
    const href = (await firstLink.getAttribute('href')) as string;
    const before = await counts();
    await expect.poll(() => tabCount('Pending')).toBe(before[1]);
    await expect.poll(() => tabCount('Confirmed')).toBe(before[2]);

    await page.getByRole('checkbox', { name: `Select order ${number}` }).check();
    await page.getByText('Selected: 1').first().waitFor();
    await page.getByRole('button', { name: 'Change status' }).click();
    const dialog = page.getByRole('dialog', { name: 'Move orders' });
    await dialog.getByRole('combobox', { name: 'Move to' }).click();
    await page.getByRole('option', { name: 'Confirmed' }).click();
    await dialog.getByRole('textbox', { name: 'Note' }).fill('Customer confirmed on the phone');
    await dialog.getByRole('button', { name: 'Move' }).click();
    await page.getByText('Orders moved to Confirmed: 1').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await table.getByRole('link', { name: number, exact: true }).waitFor({ state: 'detached' });
    await expect.poll(() => tabCount('Pending')).toBe((before[1] ?? 0) - 1);
    await expect.poll(() => tabCount('Confirmed')).toBe((before[2] ?? 0) + 1);

    // The confirmed tab lists it now.
    await page.getByRole('tab', { name: /^Confirmed/ }).click();
    await page.getByRole('heading', { name: 'Confirmed orders', level: 1 }).waitFor();
    await page.getByRole('table', { name: 'Confirmed orders' }).getByRole('link', { name: number, exact: true }).waitFor();

    await page.goto(href);
    await page.getByRole('heading', { name: `Order ${number}`, level: 1 }).waitFor();
    await page.getByText('Pending → Confirmed').waitFor();
    await page.getByText('Customer confirmed on the phone').waitFor();
    expect(await page.getByRole('button', { name: 'Processing' }).isVisible()).toBe(true);

    const [printPage] = await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name: 'Print invoice' }).click()]);
    await printPage.getByRole('heading', { name: 'Print invoices (1)' }).waitFor();
    await printPage.getByRole('article', { name: `Invoice ${number}` }).waitFor();
    expect(await printPage.getByText(number).first().isVisible()).toBe(true);
    await printPage.close();
  });
});
