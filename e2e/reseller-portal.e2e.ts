import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, signInAsReseller } from './browser';

let browser: Browser;

/** A phone: 390 × 844. */
const PHONE = { width: 390, height: 844 };

/** Whether an element's box lies within the phone's width (nothing cut off at the right). */
async function inSight(element: Locator): Promise<boolean> {
  const box = await element.boundingBox();
  return box !== null && box.x >= 0 && box.x + box.width <= PHONE.width + 0.5;
}
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
    const line = page.getByTestId('order-line');
    await expect.poll(() => line.count()).toBe(1);
    const productName = ((await line.locator('p').first().textContent()) ?? '').trim();
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
  it('on a phone, shows every product as a card with its wholesale and selling prices in sight', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await signInAsReseller(page);
    await page.goto('/dropshipper/products/show');
    const card = page.getByTestId('product-card').first();
    await card.waitFor();
    for (const label of ['Wholesale price', 'Suggested price', 'My price', 'Stock']) {
      const term = card.locator('dt', { hasText: label });
      expect(await term.isVisible(), label).toBe(true);
      expect(await inSight(term), label).toBe(true);
      expect(await inSight(term.locator('xpath=following-sibling::dd[1]')), label).toBe(true);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await context.close();
  });

  it('on a phone, the order form shows My price and a quantity above the stock says how many are left, at the field', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await signInAsReseller(page);
    await page.goto('/dropshipper/add/new/order');
    await page.getByRole('heading', { name: 'Add new order' }).waitFor();
    await page.getByRole('combobox', { name: 'Add a product' }).click();
    await page.locator('[role="option"]:not([data-combobox-disabled])').filter({ visible: true }).first().click();
    const line = page.getByTestId('order-line');
    await line.waitFor();
    const price = line.getByRole('textbox', { name: /^My price of / });
    expect(await inSight(price)).toBe(true);
    expect(await inSight(line.getByText('My price', { exact: true }))).toBe(true);

    const quantity = line.getByRole('textbox', { name: /^Quantity of / });
    await quantity.fill('1000');
    const error = line.getByText(
      /^(Only [\d,]+ left in stock: order at most [\d,]+\.|None left in stock: remove it or choose another option\.)$/,
    );
    await error.waitFor();
    expect(await inSight(error)).toBe(true);
    expect(await quantity.inputValue()).toBe('1000');

    // Sent with the customer left empty: the focus goes to the first field in error, and the button says so.
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.getByTestId('error-summary').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-invalid'))).toBe('true');
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).labels?.[0]?.textContent)).toMatch(/^Customer name/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await context.close();
  });

  it('on a phone, the withdraw history shows each request’s amount and status without scrolling sideways', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await signInAsReseller(page);
    await page.goto('/dropshipper/payment/withdraw/history');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    for (const name of ['Amount', 'Status']) {
      const header = page.getByRole('columnheader', { name, exact: true });
      await header.waitFor();
      expect(await inSight(header), name).toBe(true);
    }
    await context.close();
  });

  it('serves the shop pages’ forms at the seed’s paths, the old ones sending there', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await signInAsReseller(page);
    await page.goto('/dropshipper/page/info/lists/add');
    await page.getByRole('heading', { level: 1, name: 'Add page' }).waitFor();
    await page.getByLabel('Title').waitFor();

    await page.goto('/dropshipper/page/info/add');
    await page.waitForURL('**/dropshipper/page/info/lists/add');
    await page.getByRole('heading', { level: 1, name: 'Add page' }).waitFor();

    const pages = (await (await page.request.get('/api/reseller/shop/pages')).json()) as { data: { id: number; title: string }[] };
    const first = pages.data[0];
    expect(first).toBeDefined();
    await page.goto(`/dropshipper/page/info/lists/edit/${first?.id}`);
    await page.getByRole('heading', { level: 1, name: 'Edit page' }).waitFor();
    await expect.poll(() => page.getByLabel('Title').inputValue()).toBe(first?.title);
    await page.goto(`/dropshipper/page/info/edit/${first?.id}`);
    await page.waitForURL(`**/dropshipper/page/info/lists/edit/${first?.id}`);

    // The list's links lead to the seed's paths.
    await page.goto('/dropshipper/page/info/lists');
    await page.getByRole('link', { name: 'Add page' }).click();
    await page.waitForURL('**/dropshipper/page/info/lists/add');
    await context.close();
  });

  it('reads in Bengali, with Bengali digits, in the reseller portal and the merchant portal', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await signInAsReseller(page);
    await page.evaluate(() => localStorage.setItem('haat_language', 'bn'));
    await page.goto('/dropshipper/dashboard');
    await page.getByRole('heading', { level: 1, name: 'রিসেলার ড্যাশবোর্ড' }).waitFor();
    await page.getByText('আপনার অ্যাকাউন্ট').waitFor();
    await page.goto('/dropshipper/products/show');
    const card = page.getByTestId('product-card').first();
    await card.waitFor();
    expect(await card.locator('dt', { hasText: 'পাইকারি দাম' }).count()).toBe(1);
    expect(await card.locator('dd').first().textContent()).toMatch(/^৳\s?[০-৯]/);
    expect(await page.getByText(/^[০-৯,]+টি পণ্য$/).count()).toBe(1);
    await expect.poll(() => page.title()).toBe('পণ্য');

    await page.goto('/merchant/login');
    await page.getByRole('heading', { level: 1, name: 'মার্চেন্ট পোর্টাল' }).waitFor();
    await page.getByText('আপনার পণ্য, সেগুলোর অর্ডার আর আপনার আয় এক জায়গায়।').waitFor();
    await context.close();
  });
});
