import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_ACCOUNTS } from './accounts';
import { launch, newPage, signInAsAdmin } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

/** SHOTS=dir keeps a picture of each screen for a person to look at. */
async function shot(page: Page, name: string) {
  if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/${name}.png`, fullPage: true });
}

async function signInAsStaff(page: Page, email: string) {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(E2E_ACCOUNTS.reseller.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/admin/dashboard');
}

describe('order assignment in the back office', () => {
  it("opens an order manager's own queue by default, and everyone's on asking", async () => {
    const { context, page } = await newPage(browser);
    await signInAsStaff(page, 'nusrat@haatbazar.com.bd');
    await page.goto('/admin/order/process/5');
    await page.getByRole('heading', { name: 'Delivered orders', level: 1 }).waitFor();
    await expect.poll(() => page.getByRole('combobox', { name: 'Assigned to' }).inputValue()).toBe('My orders');
    const cells = page.getByTestId('order-assignee');
    await cells.first().waitFor();
    const names = await cells.allTextContents();
    expect(names.length).toBeGreaterThan(0);
    expect(new Set(names)).toEqual(new Set(['Nusrat Jahan']));
    await shot(page, 'my-orders');

    await page.getByRole('combobox', { name: 'Assigned to' }).click();
    await page.getByRole('option', { name: 'Everyone' }).click();
    await expect.poll(async () => new Set(await cells.allTextContents()).size).toBeGreaterThan(1);
    expect(new URL(page.url()).searchParams.get('assignee')).toBe('all');
    await context.close();
  });

  it('reassigns a chosen order from the list, and the order shows its new assignee and why', async () => {
    const { context, page } = await newPage(browser);
    await signInAsAdmin(page);
    await page.goto('/admin/order/process/1?assignee=all');
    const table = page.getByRole('table', { name: 'Pending orders' });
    const firstLink = table.getByRole('link', { name: /^HB-\d+$/ }).first();
    await firstLink.waitFor();
    const number = (await firstLink.textContent()) as string;
    const href = (await firstLink.getAttribute('href')) as string;
    await page.getByRole('checkbox', { name: `Select order ${number}` }).check();
    await page.getByRole('button', { name: 'Reassign' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reassign orders' });
    await dialog.getByRole('combobox', { name: 'Give to' }).click();
    await page.getByRole('option', { name: 'Mim Chowdhury' }).click();
    await dialog.getByRole('textbox', { name: 'Note' }).fill('Rakib is on leave today');
    await shot(page, 'reassign-dialog');
    await dialog.getByRole('button', { name: 'Reassign' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page
      .getByText(/Orders reassigned: [01]/)
      .first()
      .waitFor();

    await page.goto(href);
    const panel = page.getByTestId('order-assignee');
    await expect.poll(() => panel.getByTestId('order-assignee-name').textContent()).toBe('Mim Chowdhury');
    await panel.getByText('Rakib is on leave today', { exact: false }).waitFor();
    await shot(page, 'order-view');
    await context.close();
  });

  it('shows the settings and the per-staff report with figures', async () => {
    const { context, page } = await newPage(browser);
    await signInAsAdmin(page);
    await page.goto('/admin/order/assignment');
    await page.getByRole('heading', { name: 'Order assignment', level: 1 }).waitFor();
    expect(await page.getByRole('switch', { name: 'Assign new orders to staff' }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: 'Sticky by phone' }).isChecked()).toBe(true);
    await page.getByText('Turns: Nusrat Jahan → Rakib Hossain → Mim Chowdhury').waitFor();
    await shot(page, 'settings');

    await page.goto('/admin/report/order/staff?from=2020-01-01');
    await page.getByRole('heading', { name: 'Orders per staff member', level: 1 }).waitFor();
    const report = page.getByRole('table', { name: 'Orders per staff member' });
    for (const name of ['Nusrat Jahan', 'Rakib Hossain', 'Mim Chowdhury']) await report.getByRole('cell', { name }).waitFor();
    await shot(page, 'report');
    const csv = await page.request.get('/api/admin/reports/order-staff/export.csv?from=2020-01-01');
    expect(csv.status()).toBe(200);
    const text = await csv.text();
    expect(text).toContain('Nusrat Jahan');
    expect(text.split('\n')[0]).toContain('Delivered ratio');
    await context.close();
  });
});
