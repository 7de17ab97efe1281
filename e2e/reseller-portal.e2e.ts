import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, signInAsReseller } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe('the dropshipper portal', () => {
  it('lets the demo reseller place an order for a customer and find it in the pending list and on its page', async () => {
    const { context, page } = await newPage(browser);
    await signInAsReseller(page);

    await page.getByRole('navigation').getByRole('link', { name: 'Add new order' }).click();
    await page.waitForURL('**/dropshipper/add/new/order');
    await page.getByRole('heading', { name: 'Add new order' }).waitFor();

    // A customer of their own, somewhere in Dhaka.
    const customer = `E2E Customer ${Date.now().toString().slice(-6)}`;
    const phone = `019${Date.now().toString().slice(-8)}`;
    await page.getByLabel('Customer name').fill(customer);
    await page.getByLabel('Customer phone').fill(phone);
    await page.getByRole('combobox', { name: 'City', exact: true }).click();
    await page.getByRole('option', { name: 'Dhaka', exact: true }).click();
    await page.getByRole('combobox', { name: 'Sub city / area' }).click();
    await page.getByRole('option').first().click();
    await page.getByLabel('Address').fill('House 9, Road 2, Dhanmondi');

    // The first product in stock, at the price the form suggests (never below wholesale).
    await page.getByRole('combobox', { name: 'Add a product' }).click();
    await page.locator('[role="option"]:not([data-combobox-disabled])').filter({ visible: true }).first().click();
    const line = page.getByRole('row').filter({ has: page.getByRole('button', { name: /^Remove / }) });
    await expect.poll(() => line.count()).toBe(1);
    const productName = ((await line.locator('td').first().locator('p').first().textContent()) ?? '').trim();
    expect(productName).not.toBe('');

    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(/\/dropshipper\/order\/view\/\d+$/);
    const heading = page.getByRole('heading', { level: 1, name: /^Order HB-\d+$/ });
    await heading.waitFor();
    const number = ((await heading.textContent()) ?? '').replace('Order ', '').trim();
    await page.getByText(customer).first().waitFor();
    await page.getByText('Pending').first().waitFor();
    await page.getByRole('cell', { name: productName }).first().waitFor();
    await page.getByRole('rowheader', { name: 'My profit' }).waitFor();

    // In the pending list, found by the customer's phone.
    await page.getByRole('navigation').getByRole('link', { name: 'Orders' }).click();
    await page.waitForURL('**/dropshipper/order/1');
    await page.getByLabel('Search by order number, phone or name').fill(phone);
    await page.getByRole('button', { name: 'Search' }).click();
    const row = page.getByRole('row').filter({ hasText: number });
    await row.waitFor();
    expect(await row.textContent()).toContain(customer);
    await row.getByRole('link', { name: number, exact: true }).click();
    await page.waitForURL(/\/dropshipper\/order\/view\/\d+$/);
    await page.getByRole('heading', { name: `Order ${number}` }).waitFor();

    // Among the reseller's customers (the shared list machinery), with the order in their history.
    await page.getByRole('navigation').getByRole('link', { name: 'My customers' }).click();
    await page.waitForURL('**/dropshipper/customer');
    await page.getByRole('heading', { level: 1, name: 'My customers' }).waitFor();
    await page.getByLabel('Search').fill(phone);
    const person = page.getByRole('row').filter({ hasText: phone });
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
    await person.getByRole('button', { name: customer }).click();
    await page.getByRole('dialog', { name: customer }).getByRole('link', { name: number }).waitFor();
    await context.close();
  });
});
