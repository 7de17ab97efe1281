import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, signInAsAdmin } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const SHOPPER = { name: 'Farzana Yasmin', phone: '01719887766', address: 'House 21, Road 11, Banani' };

/** Waits for the checkout's draft to reach the server (a moment after typing stops). */
function draftSaved(page: Page) {
  return page.waitForResponse(
    (response) => response.url().endsWith('/_public/checkout/draft') && response.request().method() === 'POST' && response.status() === 200,
  );
}

describe('an incomplete checkout', () => {
  it('is kept when a shopper types and leaves; staff call back, convert it, and the order exists', async () => {
    // The shopper: a cart, the checkout typed in, then the tab is closed without placing the order.
    const { context: shopperContext, page } = await newPage(browser);
    await page.goto('/product/khadi-cotton-panjabi');
    await page.getByRole('heading', { level: 1, name: 'Khadi Cotton Panjabi' }).waitFor();
    await page.getByRole('button', { name: 'L', exact: true }).click();
    await page.getByRole('button', { name: 'Off White' }).click();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByText('Added to your cart.').waitFor();
    await page.goto('/checkout');
    await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    await page.getByLabel('Name').fill(SHOPPER.name);
    const saved = draftSaved(page);
    await page.getByLabel('Mobile number').fill(SHOPPER.phone);
    await page.getByLabel('Address').fill(SHOPPER.address);
    await page.getByLabel('District (city)').selectOption({ index: 1 });
    const area = page.getByLabel('Area (upazila / thana)');
    await expect.poll(() => area.locator('option').count()).toBeGreaterThan(1);
    await area.selectOption({ index: 1 });
    await saved;
    // Leaving sends what changed since (keepalive), then the page is gone.
    await page.close({ runBeforeUnload: true });
    await shopperContext.close();

    // Staff: the list, the call back, the conversion.
    const { page: admin } = await newPage(browser);
    await signInAsAdmin(admin);
    await admin.goto('/admin/incomplete/order');
    await admin.getByRole('heading', { name: 'Incomplete orders', level: 1 }).waitFor();
    await admin.getByRole('searchbox', { name: 'Search', exact: true }).fill(SHOPPER.phone);
    // The search reaches the address bar after a pause: wait for it, or it would take the page back to the list.
    await admin.waitForURL(new RegExp(`[?&]q=${SHOPPER.phone}`));
    const row = admin.getByRole('link', { name: SHOPPER.name });
    await row.waitFor();
    await row.click();
    await admin.getByRole('heading', { name: /^Incomplete order #\d+$/, level: 1 }).waitFor();
    expect(await admin.getByLabel('Address').inputValue()).toBe(SHOPPER.address);
    await admin.getByText('Khadi Cotton Panjabi').first().waitFor();

    await admin.getByRole('combobox', { name: 'What the call came to' }).click();
    await admin.getByRole('option', { name: 'Wants to order' }).click();
    await admin.getByLabel('Call note').fill('Confirmed size L, deliver after 5 pm');
    await admin.getByRole('button', { name: 'Save call' }).click();
    await admin.getByText('The call was saved.').waitFor();
    await admin.getByTestId('incomplete-calls').getByText('Confirmed size L, deliver after 5 pm').waitFor();

    await admin.getByRole('button', { name: 'Convert to order' }).click();
    await admin.getByText(/^Order HB-\d+ was placed\.$/).waitFor();
    const open = admin.getByRole('link', { name: /^Open order HB-\d+$/ });
    await open.waitFor();
    const number = ((await open.textContent()) ?? '').replace('Open order ', '');
    await open.click();
    await admin.getByRole('heading', { name: `Order ${number}`, level: 1 }).waitFor();
    await admin.getByText(SHOPPER.phone).first().waitFor();

    // The list shows it converted, with its order.
    await admin.goto('/admin/incomplete/order');
    await admin.getByRole('searchbox', { name: 'Search', exact: true }).fill(SHOPPER.phone);
    await admin.waitForURL(new RegExp(`[?&]q=${SHOPPER.phone}`));
    await admin.getByRole('link', { name: number, exact: true }).waitFor();
  });
});
