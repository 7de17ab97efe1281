import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, signInAsAdmin } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe('the counter', () => {
  it('sells by keyboard only: two scans, cash by F4, F2 pays, and the 80 mm receipt opens with the change', async () => {
    const { context, page } = await newPage(browser, { width: 1280, height: 1000 });
    await signInAsAdmin(page);
    await page.goto('/admin/sale/add');
    const scan = page.getByLabel('Scan or type a barcode, SKU or name');
    await expect.poll(() => scan.evaluate((input) => input === document.activeElement)).toBe(true);
    // A scanner types the code and Enter; the second scan of the same item adds one more.
    for (let scanned = 0; scanned < 2; scanned++) {
      await page.keyboard.type('KUR-104-L-WHT');
      await page.keyboard.press('Enter');
      await page
        .getByRole('status')
        .getByText(/^Added:/)
        .waitFor();
    }
    await expect.poll(() => page.getByLabel(/^Quantity of /).inputValue()).toBe('2');
    await page.keyboard.press('F4');
    await page.keyboard.type('5000');
    await page.keyboard.press('F2');
    await page.waitForURL(/\/admin\/sale\/print\/\d+\?paper=receipt/);
    const receipt = page.getByRole('article', { name: 'Receipt' });
    await receipt
      .getByText(/Chikankari Kurti/)
      .first()
      .waitFor();
    const text = await receipt.innerText();
    expect(text).toMatch(/Cash\s+৳5,000/);
    expect(text).toMatch(/Change\s+৳/);
    // The office list finds it by its number, with the figures over what the search keeps.
    const saleId = Number(new URL(page.url()).pathname.split('/').pop());
    const number = `CS-${String(saleId).padStart(6, '0')}`;
    await page.goto(`/admin/sale/office?q=${number}`);
    const row = page.getByRole('row').filter({ hasText: number });
    await row.waitFor();
    expect(await row.innerText()).toMatch(/Counter sale/);
    await expect.poll(() => page.locator('[aria-live="polite"]').innerText()).toMatch(/Sales\s+1\s+Takings\s+৳/);
    await context.close();
  }, 120_000);
});
