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

/** A GET of the API from the signed-in page. */
const read = <T>(url: string) =>
  page.evaluate(async (url) => {
    const response = await fetch(url, { headers: { accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' } });
    return response.json();
  }, url) as Promise<T>;

describe('purchasing', () => {
  it('enters a purchase by SKU, receives it, records a supplier credit note, and the product shows the new stock', async () => {
    const hits = await read<{ data: { sku: string; product_id: number; variant_id: number }[] }>('/api/admin/purchase-variants?q=Jamdani');
    const hit = hits.data[0];
    expect(hit).toBeDefined();
    const { sku, product_id: productId } = hit as { sku: string; product_id: number };
    const before = (await read<{ data: { stock: number } }>(`/api/admin/products/${productId}`)).data.stock;

    await page.goto('/admin/addPurchase');
    await page.getByRole('heading', { name: 'Add purchase', level: 1 }).waitFor();
    await page.getByRole('combobox', { name: 'Supplier' }).click();
    await page.getByRole('option', { name: /Karim Textiles/ }).click();
    await page.getByLabel('Reference').fill('E2E-CHALLAN-7');
    const search = page.getByLabel('Find a product');
    await search.fill(sku);
    await page.getByRole('listitem').filter({ hasText: sku }).first().waitFor();
    await search.press('Enter');
    const quantity = page.getByLabel(/^Quantity of /);
    await quantity.fill('7');
    await page.getByRole('button', { name: 'Save purchase' }).click();
    await page.waitForURL('**/admin/purchaseView/*');

    await page.getByRole('button', { name: 'Receive goods' }).click();
    await page.getByRole('button', { name: 'Receive into stock' }).click();
    await page.getByText('The goods were received into stock.').waitFor();
    await page.getByText('Received', { exact: true }).first().waitFor();

    // The supplier lowers the price afterwards: a credit note, refused at the line when it is worth more than the line.
    await page.getByRole('button', { name: 'Record credit note' }).click();
    const form = page.getByRole('form', { name: 'Record credit note' });
    await form.getByLabel('Credit note number').fill('E2E-CN-1');
    await form.getByLabel('Reason').fill('Price agreed lower');
    const amount = form.getByRole('textbox', { name: new RegExp(`· ${sku}`) });
    await amount.fill('9999999');
    await form.getByRole('button', { name: 'Record credit note' }).click();
    await form
      .getByText(/can be credited on this line/)
      .first()
      .waitFor();
    await amount.fill('70');
    await form.getByRole('button', { name: 'Record credit note' }).click();
    await page.getByText('The credit note was recorded.').waitFor();
    await page.getByRole('cell', { name: 'E2E-CN-1', exact: true }).waitFor();

    await page.goto(`/admin/product/edit/${productId}`);
    // The product form is a large chunk: on a busy machine it takes a while.
    await page.getByText(`Total stock: ${before + 7}`).waitFor({ timeout: 60_000 });
  });
});
