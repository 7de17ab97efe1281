import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, signInAsAdmin } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe('an exchange at the counter', () => {
  it('by keyboard only: F6 scans one back, F7 scans two out, F4 cash pays the difference, F2 saves and the receipt shows both ways', async () => {
    const { context, page } = await newPage(browser, { width: 1280, height: 1000 });
    await signInAsAdmin(page);
    await page.goto('/admin/sale/exchange/add');
    await page.getByLabel('Earlier sale number (optional)').waitFor();
    await page.keyboard.press('F6');
    await expect
      .poll(() => page.getByLabel('Scan or type an item coming back').evaluate((input) => input === document.activeElement))
      .toBe(true);
    await page.keyboard.type('KUR-104-L-WHT');
    await page.keyboard.press('Enter');
    await page
      .getByRole('status')
      .getByText(/^Added:/)
      .first()
      .waitFor();
    await page.keyboard.press('F7');
    for (let scanned = 0; scanned < 2; scanned++) {
      await page.keyboard.type('KUR-104-L-WHT');
      await page.keyboard.press('Enter');
      await expect
        .poll(() =>
          page
            .getByLabel(/^Quantity of /)
            .nth(1)
            .inputValue(),
        )
        .toBe(String(scanned + 1));
    }
    // One back, two out: the customer pays for one.
    await page.getByText('To pay', { exact: true }).waitFor();
    await page.keyboard.press('F4');
    await page.keyboard.type('5000');
    await page.keyboard.press('F2');
    await page.waitForURL(/\/admin\/sale\/print\/\d+\?paper=receipt/);
    const receipt = page.getByRole('article', { name: 'Receipt' });
    await receipt
      .getByText(/Exchange/)
      .first()
      .waitFor();
    const text = await receipt.innerText();
    expect(text).toMatch(/Returned: Chikankari Kurti/);
    expect(text).toMatch(/Cash\s+৳5,000/);
    expect(text).toMatch(/Change\s+৳/);
    await context.close();
  }, 120_000);
});
