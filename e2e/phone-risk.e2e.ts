import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, signInAsAdmin } from './browser';

/** The demo's risky phone (three parcels refused of four) and its blocked one (apps/api/src/modules/risk/risk.seed.ts). */
const RISKY_PHONE = '01819000666';
const BLOCKED_PHONE = '01719000777';

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await launch();
  ({ page } = await newPage(browser));
  await signInAsAdmin(page);
});
afterAll(() => browser?.close());

/** Saves the fraud controls from the signed-in page, with the CSRF headers the app sends; answers the status. */
function saveFraud(body: Record<string, unknown>): Promise<number> {
  return page.evaluate(async (value) => {
    const token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '';
    const response = await fetch('/api/admin/settings/fraud', {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', 'x-csrf-token': token },
      body: JSON.stringify(value),
    });
    return response.status;
  }, body);
}

async function seriousFindings(): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(true)
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
}

describe('phone history and risk in the back office', () => {
  it('shows a risky phone’s history on its order, the badge in the list, the blocklist and the refused checkouts', async () => {
    const found = await page.request.get(`/api/admin/orders?q=${RISKY_PHONE}&per_page=10`);
    expect(found.status()).toBe(200);
    const [order] = ((await found.json()) as { data: { id: number; number: string; status: number }[] }).data;
    expect(order).toBeDefined();

    await page.goto(`/admin/view/order/${order?.id}`);
    await page.getByRole('heading', { name: `Order ${order?.number}`, level: 1 }).waitFor();
    const card = page.getByTestId('phone-history');
    await card.getByRole('heading', { name: 'Phone history' }).waitFor();
    await expect.poll(() => card.getByTestId('history-orders').textContent()).toBe('4');
    expect(await card.getByTestId('history-delivered').textContent()).toBe('1');
    expect(await card.getByTestId('history-returned').textContent()).toBe('3');
    expect(await card.getByTestId('history-ratio').textContent()).toBe('25%');
    expect(await card.getByTestId('risk-badge').textContent()).toContain('Risky');
    await card.getByText('25% delivered of 4 finished orders.', { exact: true }).waitFor();
    // The other orders of the phone link to themselves; the couriers' line arrives on its own.
    expect(await card.getByRole('table', { name: 'Earlier orders of this phone' }).getByRole('link').count()).toBe(3);
    await card.getByText('No connected courier tells a phone’s record.').waitFor();
    expect(await seriousFindings()).toEqual([]);
    await page.screenshot({ path: '/tmp/phone-risk-order.png', fullPage: true });

    // The returned list shows the phone's badge beside it.
    await page.goto('/admin/order/process/6');
    await page.getByRole('heading', { name: 'Returned orders', level: 1 }).waitFor();
    const row = page.getByRole('row').filter({ hasText: RISKY_PHONE }).first();
    await row.getByTestId('risk-badge').waitFor();
    expect(await row.getByTestId('risk-badge').textContent()).toContain('Risky');

    // The blocklist holds the demo's blocked phone, and the log the refused checkouts.
    await page.goto('/admin/blocklist');
    await page.getByRole('heading', { name: 'Blocklist', level: 1 }).waitFor();
    await page.getByRole('link', { name: BLOCKED_PHONE }).first().waitFor();
    expect(await seriousFindings()).toEqual([]);
    await page.goto('/admin/fraud/log');
    await page.getByRole('heading', { name: 'Refused checkouts', level: 1 }).waitFor();
    await page.getByText(BLOCKED_PHONE).first().waitFor();
    await page.screenshot({ path: '/tmp/phone-risk-log.png', fullPage: true });
    await page.goto('/admin/fraud/setting');
    await page.getByRole('heading', { name: 'Fraud controls', level: 1 }).waitFor();
    await page.getByLabel('Orders per phone per hour').waitFor();
    expect(await seriousFindings()).toEqual([]);
  });

  it('warns about a blocked phone while a phone order is typed', async () => {
    await page.goto('/admin/add/order');
    await page
      .getByLabel(/^Phone/)
      .first()
      .fill(BLOCKED_PHONE);
    const risk = page.getByTestId('entry-phone-risk');
    await risk.waitFor();
    expect(await risk.textContent()).toContain('This phone is on the blocklist');
  });

  it('asks a risky phone for the code by SMS at the storefront checkout, and says a wrong code is wrong', async () => {
    const csrf = (await (await page.request.get('/api/csrf-token')).json()) as { token: string };
    const headers = { 'x-csrf-token': csrf.token, 'x-requested-with': 'XMLHttpRequest' };
    const setting = ((await (await page.request.get('/api/admin/settings/fraud')).json()) as { data: Record<string, unknown> }).data;
    const saved = await page.request.put('/api/admin/settings/fraud', {
      data: { ...setting, otp_enabled: true, otp_phones: 'risky' },
      headers,
    });
    expect(saved.status()).toBe(200);
    const shopper = await newPage(browser, { width: 390, height: 844 });
    try {
      const store = shopper.page;
      await store.goto('/product/khadi-cotton-panjabi');
      await store.getByRole('button', { name: 'XL', exact: true }).click();
      await store.getByRole('button', { name: 'Off White', exact: true }).click();
      await store.getByRole('button', { name: 'Add to cart' }).click();
      await store.getByText('Added to your cart.').waitFor();
      await store.goto('/checkout');
      await store.getByLabel('Name').fill('Rafiq Hasan');
      await store.getByLabel('Mobile number').fill(RISKY_PHONE);
      await store.getByLabel('Address').fill('House 3, Road 11, Mirpur 10');
      await store.getByLabel('District (city)').selectOption({ index: 1 });
      const area = store.getByLabel('Area (upazila / thana)');
      await expect.poll(() => area.locator('option').count()).toBeGreaterThan(1);
      await area.selectOption({ index: 1 });
      await store.getByRole('button', { name: 'Place order' }).click();
      const code = store.getByTestId('checkout-code');
      await code.getByText(`We sent a code by SMS to ${RISKY_PHONE}. Enter it to place your order.`).first().waitFor();
      await store.getByLabel('Code from the SMS').fill('000000');
      await store.getByRole('button', { name: 'Place order' }).click();
      await code
        .getByText(/^That code is not right\. Check the SMS and try again \(\d tries left\)\.$/)
        .first()
        .waitFor();
      await store.screenshot({ path: '/tmp/phone-risk-checkout-code.png', fullPage: true });
      expect(store.url()).toContain('/checkout');
    } finally {
      await shopper.context.close();
      await saveFraud(setting);
    }
  });
});
