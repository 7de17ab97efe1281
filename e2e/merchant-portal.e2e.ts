import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_ACCOUNTS } from './accounts';
import { launch, newPage, signInAsAdmin } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe('the merchant portal', () => {
  it('a merchant sees a delivered line’s earning, asks for a withdrawal, and the admin pays it', async () => {
    const { context, page } = await newPage(browser, { width: 1280, height: 1200 });
    await page.goto('/merchant/login');
    await page.getByLabel('Phone number or email').fill(E2E_ACCOUNTS.merchant.login);
    await page.getByLabel(/^Password/).fill(E2E_ACCOUNTS.merchant.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/merchant/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Merchant dashboard' }).waitFor();

    // A delivered line with its earning.
    await page.getByRole('navigation').getByRole('link', { name: 'Order lines' }).click();
    await page.waitForURL('**/merchant/orders');
    await page.getByRole('cell', { name: 'Delivered' }).first().waitFor();
    await page.goto('/merchant/earnings');
    await page.getByText('Earning of a delivered line').first().waitFor();
    const available = await page.getByTestId('balance-available').textContent();
    expect(available).toMatch(/৳/);

    // A withdrawal of ৳100 to the saved bKash number.
    await page.goto('/merchant/payment/withdraw/request');
    await page.getByLabel(/^Amount/).fill('100');
    await page.getByRole('combobox', { name: /^Send it to/ }).click();
    await page.getByRole('option', { name: /bKash/ }).click();
    await page.getByRole('button', { name: 'Send the request' }).click();
    await page.waitForURL('**/merchant/payment/withdraw/history');
    await page.getByRole('cell', { name: 'Pending' }).first().waitFor();
    await context.close();

    // The admin pays the newest pending request.
    const admin = await newPage(browser, { width: 1280, height: 1000 });
    await signInAsAdmin(admin.page);
    await admin.page.goto('/admin/withdraw/request/by/merchant');
    await admin.page.getByRole('heading', { level: 1, name: 'Merchant withdraw requests' }).waitFor();
    await admin.page
      .getByRole('button', { name: /^Pay WD-/ })
      .first()
      .click();
    await admin.page.getByLabel(/^Transaction id/).fill('BKE2E12345');
    await admin.page.getByRole('button', { name: 'Mark paid' }).click();
    await admin.page.getByText(/was marked paid/).waitFor();
    await admin.context.close();
  }, 120_000);
});
