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
    await page.getByLabel('Search').fill(name);
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
});
