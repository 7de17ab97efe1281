import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, signInAsAdmin } from './browser';

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launch();
  page = (await newPage(browser, { width: 1280, height: 1000 })).page;
  await signInAsAdmin(page);
});
afterAll(async () => {
  await browser?.close();
});

/** A company of this run's own, so the statement's running due is only this test's sale. */
async function addCompany(name: string): Promise<number> {
  return page.evaluate(async (name) => {
    const token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '';
    const answer = await fetch('/api/admin/companies', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest', 'X-CSRF-TOKEN': token },
      body: JSON.stringify({ name, kind: 'buyer', phone: '01712345678', opening_balance: 0, credit_limit: 0, status: 1 }),
    });
    return ((await answer.json()) as { data: { id: number } }).data.id;
  }, name);
}

describe('a company sale on credit', () => {
  it('sells two lines partly paid, shows the due in the list, takes a part payment, and the statement runs the due', async () => {
    const name = `E2E Wholesale ${Date.now()}`;
    const companyId = await addCompany(name);

    await page.goto('/admin/sale/add/company');
    await page.getByRole('heading', { name: 'New company sale', level: 1 }).waitFor();
    const buyer = page.getByRole('combobox', { name: 'Buyer' });
    await buyer.fill(name);
    await page.getByRole('option', { name }).click();

    const find = page.getByLabel('Find an item by SKU, barcode or name');
    await find.fill('KUR-104-L-WHT');
    await find.press('Enter');
    await page.getByLabel(/^Quantity of /).waitFor();
    await find.fill('Jamdani');
    await find.press('Enter');
    await page
      .getByRole('button', { name: /Jamdani/ })
      .first()
      .click();
    await expect.poll(() => page.getByLabel(/^Quantity of /).count()).toBe(2);

    // Wholesale prices the buyer agreed: 2 × ৳1,500 and 1 × ৳2,000 = ৳5,000; ৳1,000 paid now.
    const quantities = page.getByLabel(/^Quantity of /);
    const prices = page.getByLabel(/^Price of /);
    await quantities.nth(0).fill('2');
    await prices.nth(0).fill('1500');
    await prices.nth(1).fill('2000');
    await page.getByText('Total: ৳5,000', { exact: true }).waitFor();
    await page.getByLabel('Paid now').fill('1000');
    await page.getByText('Due: ৳4,000', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Save the sale' }).click();
    await page.waitForURL(/\/admin\/sale\/view\/\d+$/);
    const saleId = Number(page.url().split('/').pop());
    await expect.poll(() => page.getByTestId('sale-due').innerText()).toBe('Due: ৳4,000');

    await page.goto('/admin/sale/company');
    const row = page.getByRole('row').filter({ hasText: name });
    await row.waitFor();
    const cells = await row.innerText();
    expect(cells).toMatch(/৳5,000\s+৳1,000\s+৳4,000/);
    expect(cells).toMatch(/part paid/i);
    // The buyer's filter: the figure cards over its sales are this one sale's. The list asks for the URL's
    // filter from its first request, so it never shows (or waits behind) the unfiltered rows first.
    const listRequests: string[] = [];
    const onRequest = (request: { url: () => string }) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/admin/company-sales') listRequests.push(url.search);
    };
    page.on('request', onRequest);
    await page.goto(`/admin/sale/company?filter[company_id]=${companyId}`);
    // Under the full run's load the filtered page can take longer than the default 5 s to come.
    await expect.poll(() => page.getByRole('row').count(), { timeout: 20_000 }).toBe(2);
    page.off('request', onRequest);
    expect(listRequests.length).toBeGreaterThan(0);
    for (const search of listRequests) expect(new URLSearchParams(search).get('filter[company_id]')).toBe(String(companyId));
    const cards = page.locator('[aria-live="polite"]');
    await expect.poll(() => cards.innerText()).toMatch(/Total\s+৳5,000\s+Paid\s+৳1,000\s+Due\s+৳4,000/);
    await page.getByRole('link', { name: 'Add company sale' }).waitFor();

    await page.goto(`/admin/sale/view/${saleId}`);
    await page.getByRole('button', { name: 'Receive payment' }).click();
    await page.getByLabel('Amount').fill('1500');
    await page.getByRole('button', { name: 'Save the payment' }).click();
    await expect.poll(() => page.getByTestId('sale-due').innerText()).toBe('Due: ৳2,500');

    await page.goto(`/admin/company/sale/details/${companyId}`);
    await page.getByRole('heading', { name: `Statement of ${name}`, level: 1 }).waitFor();
    await expect.poll(() => page.getByTestId('company-due').innerText()).toBe('৳2,500');
    const running = page.getByRole('table', { name: 'Running due' });
    await running.getByRole('row').nth(4).waitFor();
    const lines = (await running.getByRole('row').allInnerTexts()).slice(1).map((text) => text.replace(/\s+/g, ' ').trim());
    expect(lines[0]).toMatch(/Opening balance ৳0$/);
    expect(lines[1]).toMatch(/Sale \S+ ৳5,000 ৳5,000$/);
    expect(lines[2]).toMatch(/Payment for \S+ ৳1,000 ৳4,000$/);
    expect(lines[3]).toMatch(/Payment for \S+ ৳1,500 ৳2,500$/);
  }, 120_000);
});
