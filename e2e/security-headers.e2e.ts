import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_ACCOUNTS } from './accounts';
import { launch, newPage, signInAsAdmin, signInAsReseller } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

/**
 * A page that records every Content-Security-Policy violation: the browser's `securitypolicyviolation` events
 * (listened to before any of the page's own scripts run) and console errors that name the policy.
 */
async function watchedPage(): Promise<{ context: BrowserContext; page: Page; violations: () => Promise<string[]> }> {
  const { context, page } = await newPage(browser);
  await context.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations?.push(
        `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text())) consoleErrors.push(message.text());
  });
  // The page's own list starts empty on each document; the console's is emptied on each reading.
  const violations = async () => [
    ...(await page.evaluate(() => window.__cspViolations?.splice(0) ?? []).catch(() => [])),
    ...consoleErrors.splice(0),
  ];
  return { context, page, violations };
}

/** Loads `url` (or runs `visit`), waits for the app to settle, and collects what the policy refused there. */
async function refusedOn(page: Page, violations: () => Promise<string[]>, visit: () => Promise<void>): Promise<string[]> {
  await visit();
  await page.waitForLoadState('networkidle');
  // Marketing tags and late chunks load once the page is idle.
  await page.waitForTimeout(500);
  return violations();
}

describe('the Content-Security-Policy', () => {
  it('refuses nothing the storefront’s home, a product and checkout need', async () => {
    const { context, page, violations } = await watchedPage();
    const home = await page.goto('/');
    expect(home?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(home?.headers()['content-security-policy']).toContain("script-src 'self' 'sha256-");
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await refusedOn(page, violations, async () => undefined)).toEqual([]);

    expect(await refusedOn(page, violations, async () => void (await page.goto('/product/khadi-cotton-panjabi')))).toEqual([]);
    await page.getByRole('heading', { level: 1, name: 'Khadi Cotton Panjabi' }).waitFor();

    // The cart, and checkout, which loads its form's contract (and zod) once the shopper types.
    await page.getByRole('button', { name: 'L', exact: true }).click();
    await page.getByRole('button', { name: 'Off White' }).click();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByText('Added to your cart.').waitFor();
    expect(await refusedOn(page, violations, async () => void (await page.goto('/cart')))).toEqual([]);
    expect(
      await refusedOn(page, violations, async () => {
        await page.goto('/checkout');
        await page.getByLabel('Name').fill('Rina');
        await page.getByRole('button', { name: 'Place order' }).click();
        await page.getByText('Enter a mobile number like 01712345678').waitFor();
      }),
    ).toEqual([]);
    await context.close();
  });

  it('refuses nothing the back office’s main screens need', async () => {
    const { context, page, violations } = await watchedPage();
    const refused = await refusedOn(page, violations, () => signInAsAdmin(page));
    expect(refused).toEqual([]);
    await page
      .getByRole('heading', { name: /dashboard/i })
      .first()
      .waitFor();
    for (const url of [
      '/admin/order/process/1',
      '/admin/add/order',
      '/admin/withdraw/request/by/resellers',
      '/admin/product/stock/report',
      '/admin/general/setting',
      '/admin/theme/setting',
    ]) {
      expect(await refusedOn(page, violations, async () => void (await page.goto(url))), url).toEqual([]);
    }
    await context.close();
  });

  it('refuses nothing the reseller’s and the merchant’s portals need', async () => {
    const reseller = await watchedPage();
    expect(await refusedOn(reseller.page, reseller.violations, () => signInAsReseller(reseller.page))).toEqual([]);
    await reseller.page.getByRole('heading', { name: 'Reseller dashboard' }).waitFor();
    expect(
      await refusedOn(reseller.page, reseller.violations, async () => void (await reseller.page.goto('/dropshipper/products/show'))),
    ).toEqual([]);
    await reseller.context.close();

    const merchant = await watchedPage();
    expect(
      await refusedOn(merchant.page, merchant.violations, async () => {
        await merchant.page.goto('/merchant/login');
        await merchant.page.getByLabel('Phone number or email').fill(E2E_ACCOUNTS.merchant.login);
        await merchant.page.getByLabel(/^Password/).fill(E2E_ACCOUNTS.merchant.password);
        await merchant.page.getByRole('button', { name: 'Sign in' }).click();
        await merchant.page.waitForURL('**/merchant/dashboard');
      }),
    ).toEqual([]);
    await merchant.context.close();
  });
});
