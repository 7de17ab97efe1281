import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RESOURCES } from '../apps/web/src/admin/resources/registry';
import { MENU } from '../apps/web/src/admin/shell/menu';
import { E2E_ACCOUNTS } from './accounts';
import { launch, newPage, signInAsAdmin, signInAsReseller } from './browser';

// The menu's route modules add their words to i18next as they load; the menu's shape needs none.
vi.mock('../apps/web/src/lib/i18n', () => ({ addTranslations: () => undefined }));

/**
 * axe-core's WCAG 2.2 A/AA rules on every route of each area: the storefront's public pages, every
 * entry of the back office's menu with a few add and edit screens and an order, the reseller's menu
 * and the merchant portal, at desktop in English; and the storefront's and portals' main routes at
 * phone width in Bengali. A serious or critical finding fails its area, named by rule, page and element.
 * One signed-in page per area keeps the suite's time: a page is audited once its requests have settled.
 */
const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 800 };

interface Finding {
  rule: string;
  impact: string;
  page: string;
  target: string;
  help: string;
}

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

/** Counts a page's requests in flight, so an audit waits for the screen's data (not a fixed delay). */
function trackRequests(page: Page): () => number {
  const pending = new Set<unknown>();
  page.on('request', (request) => pending.add(request));
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => pending.delete(request));
  return () => pending.size;
}

async function settle(page: Page, inFlight: () => number): Promise<void> {
  await page.locator('main').first().waitFor();
  // Quiet for 250 ms: lazy screens load their module, then their data, then sometimes a second query.
  const deadline = Date.now() + 8_000;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    const busy = inFlight() > 0 || (await page.locator('[aria-busy="true"], .mantine-Loader-root').count()) > 0;
    if (busy) quietSince = Date.now();
    else if (Date.now() - quietSince >= 250) break;
    await page.waitForTimeout(50);
  }
}

/**
 * Opens a path (a client-side move once the app is loaded: the app's bundle is not fetched again) and
 * audits it; a page that does not open is reported with the others rather than ending its area's audit.
 */
async function audit(page: Page, inFlight: () => number, path: string, findings: Finding[], label = path): Promise<void> {
  try {
    await openAndAudit(page, inFlight, path, findings, label);
  } catch (error) {
    findings.push({ rule: 'page-did-not-open', impact: 'critical', page: label, target: 'main', help: String(error).split('\n')[0] ?? '' });
  }
}

async function openAndAudit(page: Page, inFlight: () => number, path: string, findings: Finding[], label: string): Promise<void> {
  const here = new URL(page.url());
  if (here.pathname !== path && here.protocol.startsWith('http') && here.pathname.split('/')[1] === path.split('/')[1]) {
    await page.evaluate((to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    await page.waitForURL((url) => url.pathname + url.search === path || url.pathname !== here.pathname);
  } else if (here.pathname !== path) {
    await page.goto(path);
  }
  await settle(page, inFlight);
  // The storefront's sections drawn as the shopper scrolls near them (a product's reviews) are audited too.
  const storefront = !/^\/(admin|dropshipper|merchant)\b/.test(new URL(page.url()).pathname);
  if (storefront && (await page.evaluate(() => document.body.scrollHeight > window.innerHeight * 1.5))) {
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await settle(page, inFlight);
  }
  await auditHere(page, findings, label);
}

async function auditHere(page: Page, findings: Finding[], label: string): Promise<void> {
  // Only violations are reported back: the passes' details would double the time of every page. Legacy mode runs
  // axe in the page itself instead of finishing each run in a new blank page (twice as fast); what it gives up is
  // the testing of cross-origin frames, which none of these pages has.
  const results = await new AxeBuilder({ page })
    .withTags(WCAG_22_AA)
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(true)
    .analyze();
  for (const violation of results.violations) {
    if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
    for (const node of violation.nodes)
      findings.push({ rule: violation.id, impact: violation.impact, page: label, target: node.target.join(' '), help: violation.help });
  }
}

function report(findings: Finding[]): string[] {
  return findings.map((each) => `${each.rule} (${each.impact}) on ${each.page}: ${each.target} — ${each.help}`);
}

/** The first link in the page's main area whose path matches a route pattern (`/admin/brandEdit/:brandId`). */
async function firstLinkTo(page: Page, pattern: string): Promise<string | null> {
  const shape = new RegExp(`^${pattern.replace(/:[A-Za-z_]+/g, '[^/]+')}$`);
  const hrefs = await page.locator('main a[href]').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  return hrefs.find((href) => shape.test(href.split('?')[0] ?? '')) ?? null;
}

async function signInAsMerchant(page: Page): Promise<void> {
  await page.goto('/merchant/login');
  await page.getByLabel('Phone number or email').fill(E2E_ACCOUNTS.merchant.login);
  await page.getByLabel(/^Password/).fill(E2E_ACCOUNTS.merchant.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/merchant/dashboard');
}

/** The storefront's public pages, with a product in the cart so cart and checkout show their buttons. */
async function auditStorefront(page: Page, inFlight: () => number, findings: Finding[], routes: 'all' | 'main'): Promise<void> {
  await page.goto('/');
  await settle(page, inFlight);
  await auditHere(page, findings, '/');
  const hrefs = await page.locator('a[href]').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  const category = hrefs.find((href) => href.startsWith('/category/')) ?? '/category/panjabi';
  const staticPage = hrefs.find((href) => href.startsWith('/page/'));
  const product = '/product/khadi-cotton-panjabi';
  await audit(page, inFlight, category, findings);
  await audit(page, inFlight, product, findings);
  // Put a product in the cart through the page: size L and colour Off White are in stock in the demo shop.
  await page.locator('main button[aria-pressed]', { hasText: /^L$/ }).click();
  await page.locator('main button[aria-pressed]', { hasText: 'Off White' }).click();
  const cartAnswer = page.waitForResponse((response) => response.url().includes('/cart') && response.request().method() !== 'GET');
  await page.locator('main button.s-btn').first().click();
  await cartAnswer;
  await page.goto('/cart');
  await page.locator('[data-testid="cart-line"]').first().waitFor();
  for (const path of ['/cart', '/checkout', '/search?q=panjabi', '/track', '/login'])
    if (routes === 'all' || path !== '/search?q=panjabi') await audit(page, inFlight, path, findings);
  if (routes === 'all') {
    for (const path of ['/register', '/campaigns', '/offers', '/landing/smart-watch-offer']) await audit(page, inFlight, path, findings);
    if (staticPage) await audit(page, inFlight, staticPage, findings);
  }
}

describe('accessibility: axe-core WCAG 2.2 A/AA, no serious or critical finding', () => {
  it('the storefront, desktop, English', { timeout: 180_000 }, async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    const inFlight = trackRequests(page);
    const findings: Finding[] = [];
    await auditStorefront(page, inFlight, findings, 'all');
    await context.close();
    expect(report(findings)).toEqual([]);
  });

  it('the back office: every menu entry, a few add and edit screens and an order, desktop, English', { timeout: 600_000 }, async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    const inFlight = trackRequests(page);
    const findings: Finding[] = [];
    await signInAsAdmin(page);
    const paths = [...new Set(MENU.flatMap((group) => group.items.map((item) => item.to)))];
    for (const path of paths) await audit(page, inFlight, path, findings);

    // Add and edit screens of a few resources: the edit path is the list's first link to it.
    for (const name of ['product', 'coupon', 'campaign', 'page', 'reseller']) {
      const entry = RESOURCES.find((each) => each.name === name);
      if (!entry?.routes.add || !entry.routes.edit) throw new Error(`No add and edit screens for ${name}`);
      await audit(page, inFlight, entry.routes.add, findings);
      await audit(page, inFlight, entry.routes.list.replace(':number_of_page', '1'), findings);
      const edit = await firstLinkTo(page, entry.routes.edit);
      if (edit) await audit(page, inFlight, edit, findings, entry.routes.edit);
      else
        findings.push({
          rule: 'page-did-not-open',
          impact: 'critical',
          page: entry.routes.edit,
          target: 'main',
          help: 'no row links to it',
        });
    }
    await audit(page, inFlight, '/admin/order/process/1', findings);
    const order = await firstLinkTo(page, '/admin/view/order/:id');
    if (order) await audit(page, inFlight, order, findings, '/admin/view/order/:id');
    else
      findings.push({
        rule: 'page-did-not-open',
        impact: 'critical',
        page: '/admin/view/order/:id',
        target: 'main',
        help: 'no order links to it',
      });
    await context.close();
    expect(report(findings)).toEqual([]);
  });

  it('the reseller portal (its menu) and the merchant portal, desktop, English', { timeout: 300_000 }, async () => {
    const findings: Finding[] = [];
    const reseller = await newPage(browser, DESKTOP);
    const resellerRequests = trackRequests(reseller.page);
    await signInAsReseller(reseller.page);
    await reseller.page.locator('nav a[href^="/dropshipper/"]').first().waitFor();
    const links = await reseller.page
      .locator('nav a[href^="/dropshipper/"]')
      .evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href') ?? ''));
    expect(links.length).toBeGreaterThan(5);
    for (const path of new Set(links)) await audit(reseller.page, resellerRequests, path, findings);
    await reseller.context.close();

    const merchant = await newPage(browser, DESKTOP);
    const merchantRequests = trackRequests(merchant.page);
    await signInAsMerchant(merchant.page);
    await settle(merchant.page, merchantRequests);
    await auditHere(merchant.page, findings, '/merchant/dashboard');
    await merchant.context.close();
    expect(report(findings)).toEqual([]);
  });

  it("the storefront's and portals' main routes at phone width, Bengali", { timeout: 300_000 }, async () => {
    const findings: Finding[] = [];
    const bengali = async () => {
      const opened = await newPage(browser, PHONE);
      await opened.context.addInitScript(() => localStorage.setItem('haat_language', 'bn'));
      return { ...opened, inFlight: trackRequests(opened.page) };
    };
    const shop = await bengali();
    await auditStorefront(shop.page, shop.inFlight, findings, 'main');
    await shop.context.close();

    // Portals sign in in English (the helpers find their fields by English labels), then read Bengali.
    const reseller = await newPage(browser, PHONE);
    const resellerRequests = trackRequests(reseller.page);
    await signInAsReseller(reseller.page);
    await reseller.page.evaluate(() => localStorage.setItem('haat_language', 'bn'));
    await reseller.page.goto('/dropshipper/dashboard');
    for (const path of ['/dropshipper/dashboard', '/dropshipper/products/show', '/dropshipper/add/new/order', '/dropshipper/order/1'])
      await audit(reseller.page, resellerRequests, path, findings, `${path} (390 px, bn)`);
    await reseller.context.close();

    const merchant = await newPage(browser, PHONE);
    const merchantRequests = trackRequests(merchant.page);
    await signInAsMerchant(merchant.page);
    await merchant.page.evaluate(() => localStorage.setItem('haat_language', 'bn'));
    await merchant.page.goto('/merchant/dashboard');
    await settle(merchant.page, merchantRequests);
    await auditHere(merchant.page, findings, '/merchant/dashboard (390 px, bn)');
    await merchant.context.close();

    const admin = await newPage(browser, PHONE);
    const adminRequests = trackRequests(admin.page);
    await signInAsAdmin(admin.page);
    await admin.page.evaluate(() => localStorage.setItem('haat_language', 'bn'));
    await admin.page.goto('/admin/dashboard');
    for (const path of ['/admin/dashboard', '/admin/order/process/1', '/admin/products/1'])
      await audit(admin.page, adminRequests, path, findings, `${path} (390 px, bn)`);
    await admin.context.close();
    expect(report(findings)).toEqual([]);
  });
});
