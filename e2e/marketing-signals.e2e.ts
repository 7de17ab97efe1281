import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, signInAsAdmin } from './browser';

/** What the page's tags leave on window: the pixel's queue of calls and Tag Manager's data layer. */
type Tagged = { fbq: { queue: unknown[][] }; dataLayer: unknown[] };

const PIXEL = '123456789012345';
const CONTAINER = 'GTM-HAAT123';
const PRODUCT = 'khadi-cotton-panjabi';

let browser: Browser;
let admin: Page;

/** A settings call from the signed-in page, with the CSRF headers the app sends. */
async function saveMarketing(body: Record<string, unknown>) {
  const status = await admin.evaluate(async (body) => {
    const token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '';
    const response = await fetch('/api/admin/settings/marketing', {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', 'x-csrf-token': token },
      body: JSON.stringify(body),
    });
    return response.status;
  }, body);
  expect(status).toBe(200);
}

/** A shopper's browser where Meta's and Google's scripts answer empty: their queues keep every call to read. */
async function shopperPage(): Promise<{ context: BrowserContext; page: Page; scripts: string[] }> {
  const { context, page } = await newPage(browser, { width: 390, height: 844 });
  const scripts: string[] = [];
  await context.route(/connect\.facebook\.net|googletagmanager\.com/, (route) => {
    scripts.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'text/javascript', body: '' });
  });
  return { context, page, scripts };
}

beforeAll(async () => {
  browser = await launch();
  admin = (await newPage(browser)).page;
  await signInAsAdmin(admin);
  await saveMarketing({
    facebook_pixel_id: PIXEL,
    gtm_container_id: CONTAINER,
    conversions_access_token: 'EAAB-e2e-token-not-real-0000',
    conversions_test_event_code: 'TEST12345',
    purchase_moment: 'placed',
  });
});

afterAll(async () => {
  // The other journeys share this shop: no tags, no token.
  await saveMarketing({
    facebook_pixel_id: '',
    gtm_container_id: '',
    conversions_access_token: '',
    conversions_test_event_code: '',
    purchase_moment: 'placed',
  });
  await browser?.close();
});

describe('marketing signals', () => {
  let orderNumber = '';

  it('a product page carries schema.org Product data with its price and stock, and the thank-you page reports the purchase with the server’s event id', async () => {
    const { context, page, scripts } = await shopperPage();
    await page.goto(`/product/${PRODUCT}`);
    await page.getByRole('heading', { level: 1, name: 'Khadi Cotton Panjabi' }).waitFor();
    const jsonLd = await page.locator('head script[type="application/ld+json"]').textContent();
    const product = JSON.parse(jsonLd ?? '{}');
    expect(product).toMatchObject({ '@type': 'Product', name: 'Khadi Cotton Panjabi', offers: { priceCurrency: 'BDT' } });
    expect(product.offers.availability).toBe('https://schema.org/InStock');

    await page.getByRole('button', { name: 'L', exact: true }).click();
    await page.getByRole('button', { name: 'Off White' }).click();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByText('Added to your cart.').waitFor();
    await page.goto('/checkout');
    await page.getByLabel('Name').fill('Farhana Akter');
    await page.getByLabel('Mobile number').fill('01819123456');
    await page.getByLabel('Address').fill('House 4, Road 2, Mirpur');
    await page.getByLabel('District (city)').selectOption({ index: 1 });
    const area = page.getByLabel('Area (upazila / thana)');
    await expect.poll(() => area.locator('option').count()).toBeGreaterThan(1);
    await area.selectOption({ index: 1 });
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(/\/order\/[^/]+\/thanks$/);
    orderNumber = (await page.getByTestId('order-number').textContent())?.trim() ?? '';
    expect(orderNumber).not.toBe('');

    // The pixel's Purchase, with the event id the Conversions API sends for this order.
    await expect
      .poll(() => page.evaluate(() => JSON.stringify((window as unknown as Tagged).fbq.queue)))
      .toContain(`"eventID":"purchase-${orderNumber}"`);
    const calls = await page.evaluate(() => (window as unknown as Tagged).fbq.queue);
    const purchase = calls.find((call) => call[0] === 'track' && call[1] === 'Purchase') as [
      string,
      string,
      Record<string, unknown>,
      unknown,
    ];
    expect(purchase[2]).toMatchObject({ currency: 'BDT', content_type: 'product', num_items: 1 });
    expect(purchase[3]).toEqual({ eventID: `purchase-${orderNumber}` });
    // Tag Manager's data layer hears it with the same id.
    const layer = await page.evaluate(() => JSON.stringify((window as unknown as Tagged).dataLayer));
    expect(layer).toContain(`"event":"purchase","event_id":"purchase-${orderNumber}"`);
    expect(scripts.some((url) => url.includes(`gtm.js?id=${CONTAINER}`))).toBe(true);
    expect(scripts.some((url) => url.includes('fbevents.js'))).toBe(true);
    // A reload of the thank-you page does not count it twice.
    await page.reload();
    await page.getByTestId('order-number').waitFor();
    await page.waitForTimeout(500);
    const again = await page.evaluate(() => (window as unknown as Tagged).fbq.queue);
    expect(again.filter((call) => call[1] === 'Purchase')).toHaveLength(0);
    await context.close();
  });

  it('the marketing settings show the feed addresses and the purchase waiting in the delivery log', async () => {
    await admin.setViewportSize({ width: 1280, height: 1400 });
    await admin.goto('/admin/marketing/setting');
    await admin.getByRole('heading', { name: 'Marketing settings', level: 1 }).waitFor();
    await admin.getByLabel(/^Google Tag Manager container/).waitFor();
    expect(await admin.getByLabel(/^Google Tag Manager container/).inputValue()).toBe(CONTAINER);
    await admin.getByTestId('feed-links').getByText('/feed/google.xml').waitFor();
    const log = admin.getByTestId('conversion-log');
    await log.getByRole('row', { name: new RegExp(orderNumber) }).waitFor();
    expect(await log.getByRole('row', { name: new RegExp(orderNumber) }).textContent()).toContain(`purchase-${orderNumber}`);
    await admin.screenshot({ path: '/tmp/marketing-settings.png', fullPage: true });

    const feed = await admin.evaluate(async () => {
      const response = await fetch('/feed/facebook.xml');
      return { status: response.status, type: response.headers.get('content-type'), body: await response.text() };
    });
    expect(feed.status).toBe(200);
    expect(feed.type).toBe('application/xml; charset=utf-8');
    expect(feed.body).toContain('<g:title>Khadi Cotton Panjabi');
  });
});
