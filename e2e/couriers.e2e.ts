import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeCourierServer, STEADFAST_KEYS } from '../apps/api/src/integrations/couriers/courier-server.fixture';
import { launch, newPage, signInAsAdmin } from './browser';

let browser: Browser;
let page: Page;
let server: FakeCourierServer;
let connected = false;

/** A courier API call from the signed-in page, with the CSRF headers the app sends. */
async function saveCourierApi(provider: string, body: Record<string, unknown>) {
  await page.evaluate(
    async ([provider, body]) => {
      const token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '';
      const response = await fetch(`/api/admin/courier/api/${provider}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', 'x-csrf-token': token },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(await response.text());
    },
    [provider, body] as const,
  );
}

beforeAll(async () => {
  server = await new FakeCourierServer().start();
  browser = await launch();
  page = (await newPage(browser)).page;
  await signInAsAdmin(page);
});

afterAll(async () => {
  // The other journeys share this shop: Steadfast goes back to being entered by hand.
  if (connected) await saveCourierApi('steadfast', { enabled: false, api_key: '', secret_key: '' });
  await browser?.close();
  await server?.close();
});

describe('couriers', () => {
  it('adds a courier, which the list shows', async () => {
    const name = `eCourier ${Date.now().toString(36)}`;
    await page.goto('/admin/addCourier');
    await page.getByRole('heading', { name: 'Add courier', level: 1 }).waitFor();
    await page.getByLabel(/^Name/).fill(name);
    await page.getByLabel(/^Phone/).fill('09638212121');
    await page.getByLabel(/^Tracking link/).fill('https://ecourier.com.bd/track/{code}');
    await page.getByRole('button', { name: 'Add courier' }).click();
    await page.waitForFunction(() => window.location.pathname === '/admin/courier');
    await page.getByText('The courier was created.').waitFor();
    await page.getByRole('searchbox', { name: 'Search', exact: true }).fill(name);
    const row = page.getByRole('row', { name: new RegExp(name) });
    await row.getByText('By hand (no API)').waitFor();
    await row.getByText('09638212121').waitFor();
  });

  it('connects Steadfast on /admin/courier/api, and anyone sees it connected but never its keys', async () => {
    await page.goto('/admin/courier/api');
    await page.getByRole('heading', { name: 'Courier API', level: 1 }).waitFor();
    const form = page.getByRole('form', { name: 'Steadfast Courier API' });
    await form.getByLabel('Book Steadfast Courier parcels through its API').check({ force: true });
    await form.getByLabel('Base URL').fill(server.steadfastUrl);
    await form.getByLabel('Api-Key').fill(STEADFAST_KEYS.apiKey);
    await form.getByLabel('Secret-Key').fill('not-the-secret');
    await form.getByRole('button', { name: 'Test connection' }).click();
    await form.getByText(/Steadfast refused the Api-Key and Secret-Key/).waitFor();

    await form.getByLabel('Secret-Key').fill(STEADFAST_KEYS.secretKey);
    await form.getByRole('button', { name: 'Test connection' }).click();
    await form.getByText('Connected to Steadfast. Current balance: ৳1,520.').waitFor();
    await form.getByRole('button', { name: 'Save' }).click();
    connected = true;
    await page.getByText('Steadfast Courier: Saved: the courier is connected.').waitFor();
    await page.getByRole('row', { name: /Steadfast Courier\s*Connected/ }).waitFor();
    // Saved secrets come back masked.
    await expect(page.getByRole('form', { name: 'Steadfast Courier API' }).getByLabel('Secret-Key').inputValue()).resolves.toMatch(/^••••/);

    const visitor = await newPage(browser);
    await visitor.page.goto('/admin/courier/api');
    await visitor.page.getByRole('row', { name: /Steadfast Courier\s*Connected/ }).waitFor();
    await visitor.page.getByRole('row', { name: /Pathao Courier\s*Not connected/ }).waitFor();
    await visitor.page.getByRole('link', { name: 'Sign in' }).waitFor();
    expect(await visitor.page.getByLabel('Api-Key').count()).toBe(0);
    const html = await visitor.page.content();
    expect(html).not.toContain(STEADFAST_KEYS.secretKey);
    expect(html).not.toContain(STEADFAST_KEYS.apiKey);
    await visitor.context.close();
  });

  it('books a confirmed order with Steadfast when it ships, and Refresh tracking marks it delivered', async () => {
    const call = (method: string, url: string, body?: unknown) =>
      page.evaluate(
        async ([method, url, body]) => {
          const token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '';
          const response = await fetch(url as string, {
            method: method as string,
            headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', 'x-csrf-token': token },
            body: body === undefined ? undefined : JSON.stringify(body),
          });
          return (await response.json()) as { data: { id: number }[] } & Record<string, unknown>;
        },
        [method, url, body] as const,
      );
    const confirmed = await call('GET', '/api/admin/orders?filter[status]=2&per_page=1');
    const orderId = confirmed.data[0]?.id as number;
    expect(orderId).toBeGreaterThan(0);
    await page.goto(`/admin/view/order/${orderId}`);
    const panel = page.getByRole('region', { name: 'Courier', exact: true });
    await panel.getByRole('combobox', { name: 'Choose courier' }).click();
    await page.getByRole('option', { name: /^Steadfast \(Steadfast API\)$/ }).click();
    await panel.getByRole('button', { name: 'Save courier' }).click();
    await page.getByText('The courier was saved.').waitFor();

    for (const to of [3, 4])
      expect((await call('POST', `/api/admin/orders/${orderId}/status`, { to })).message ?? '').not.toMatch(/not shipped/);
    await page.reload();
    await panel.getByRole('row', { name: /Courier status\s*in review/ }).waitFor();
    const consignment = (await panel.getByRole('row', { name: /Consignment id/ }).innerText()).replace(/\D/g, '');
    await expect(panel.getByRole('link', { name: /15BAEB8A/ }).getAttribute('href')).resolves.toBe(
      `https://steadfast.com.bd/t/15BAEB8A${consignment}`,
    );

    server.statuses.set(consignment, 'delivered');
    await panel.getByRole('button', { name: 'Refresh tracking' }).click();
    await page.getByText('The courier says "delivered". The order was moved.').waitFor();
    await panel.getByRole('row', { name: /Courier status\s*delivered/ }).waitFor();
    await page.getByText('Courier: delivered').waitFor();
    const order = await call('GET', `/api/admin/orders/${orderId}`);
    expect((order.data as unknown as { status: number }).status).toBe(5);
  });
});
