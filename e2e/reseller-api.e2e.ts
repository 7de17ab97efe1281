import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launch, newPage, signInAsReseller } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe('the reseller API documentation', () => {
  it('shows the endpoints with curl examples for this shop; a key made on the Security page reads the balance', async () => {
    // Tall enough for the whole portal menu: its side bar does not scroll (reported to the lead).
    const { context, page } = await newPage(browser, { width: 1280, height: 1400 });
    await signInAsReseller(page);

    await page.getByRole('navigation').getByRole('link', { name: 'API documentation' }).click();
    await page.waitForURL('**/dropshipper/documentation/api');
    await page.getByRole('heading', { level: 1, name: 'API documentation' }).waitFor();
    await page.getByRole('heading', { name: 'Place an order' }).waitFor();
    for (const name of ['List products', 'One product', 'List your orders', 'One order and its status', 'Your balance']) {
      await page.getByRole('heading', { name }).waitFor();
    }
    expect(await page.getByText(`curl "${baseUrl()}/api/v1/reseller/balance"`).count()).toBe(1);
    const orderInput = page.getByRole('region', { name: 'OrderInput' });
    await orderInput.getByRole('cell', { name: 'lines[].unit_price' }).waitFor();

    // Getting started sends the reader to the Security page, where a key is made and shown once.
    await page.getByRole('link', { name: 'Open the Security page' }).click();
    await page.waitForURL('**/dropshipper/security/edit');
    await page.getByLabel('Key name').fill(`E2E docs ${Date.now()}`);
    await page.getByRole('button', { name: 'Create key' }).click();
    const key = ((await page.getByTestId('new-api-key').textContent()) ?? '').trim();
    expect(key).toMatch(/^hk_/);

    const balance = await context.request.get('/api/v1/reseller/balance', { headers: { authorization: `Bearer ${key}` } });
    expect(balance.status()).toBe(200);
    expect(typeof (await balance.json()).balance.available).toBe('number');
    const none = await context.request.get('/api/v1/reseller/balance');
    expect(none.status()).toBe(401);
    await context.close();
  });
});
