import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_ACCOUNTS } from './accounts';
import { launch, newPage, signInAsAdmin, signInAsReseller } from './browser';

/**
 * Issue 17: every list of the back office and the portals is usable on a 390 px phone. On each page, once
 * its rows are in, nothing may stick out past the screen's edge unless a sideways-scrolling container
 * (ui/TableScroll) holds it, and the page itself never scrolls sideways. One signed-in page per area.
 */
const PHONE = { width: 390, height: 844 };

const ADMIN_LISTS = [
  '/admin/products/1',
  '/admin/order/process/1',
  '/admin/customer/list',
  '/admin/manage/reseller',
  '/admin/withdraw/request/by/resellers',
  '/admin/un-paid/payment/reseller',
  '/admin/category',
  '/admin/subcategory',
  '/admin/brand',
  '/admin/coupon/code',
  '/admin/listAdmin',
  '/admin/role',
  '/admin/product/stock/report',
  '/admin/product/view/report',
  '/admin/order/report',
  '/admin/order/profit/report',
  '/admin/merchant',
  '/admin/courier',
  '/admin/audit/log',
  '/admin/paid/payment/reseller',
  '/admin/reseller/payment/invoice',
  '/admin/sms/campaign',
  '/admin/view/order/1',
  '/admin/add/order',
];

interface Overflow {
  tag: string;
  text: string;
  left: number;
  right: number;
}

/** Elements whose box reaches past the screen with no sideways-scrolling container around them. */
function overflowing(page: Page): Promise<{ pageScrollsSideways: boolean; elements: Overflow[] }> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const scrollsSideways = (element: Element) => {
      const overflowX = getComputedStyle(element).overflowX;
      return overflowX === 'auto' || overflowX === 'scroll';
    };
    const hidden = (element: Element) => {
      for (let at: Element | null = element; at; at = at.parentElement) {
        const style = getComputedStyle(at);
        if (style.display === 'none' || style.visibility === 'hidden' || at.getAttribute('aria-hidden') === 'true') return true;
        // Visually hidden text for screen readers (a 1 px clipped box).
        if (style.clip !== 'auto' && style.position === 'absolute') return true;
      }
      return false;
    };
    const elements: Overflow[] = [];
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      if (box.width < 2 || box.height < 2) continue;
      // Entirely left of the screen: a closed off-canvas menu.
      if (box.right <= 0) continue;
      if (box.right <= width + 1 && box.left >= -1) continue;
      let held = false;
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (scrollsSideways(parent)) {
          held = true;
          break;
        }
      }
      if (held || hidden(element)) continue;
      elements.push({
        tag: `${element.tagName.toLowerCase()}${element.className && typeof element.className === 'string' ? `.${element.className.split(' ')[0]}` : ''}`,
        text: (element.textContent ?? '').trim().slice(0, 60),
        left: Math.round(box.left),
        right: Math.round(box.right),
      });
    }
    const scroller = document.scrollingElement ?? document.documentElement;
    return { pageScrollsSideways: scroller.scrollWidth > width + 1, elements: elements.slice(0, 10) };
  });
}

/** Opens a page and waits for its heading and its rows (or its empty message), then checks its edges. */
async function check(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  await page.locator('main h1').first().waitFor();
  // The list's placeholders go once its rows come.
  await page
    .waitForFunction(() => !document.querySelector('main .mantine-Skeleton-root, main [aria-busy="true"]'), null, { timeout: 10_000 })
    .catch(() => undefined);
  await page.waitForTimeout(150);
  const found = await overflowing(page);
  const problems = found.elements.map((element) => `${path}: ${element.tag} "${element.text}" spans ${element.left}…${element.right} px`);
  if (found.pageScrollsSideways) problems.push(`${path}: the page scrolls sideways`);
  return problems;
}

/** The portal's own pages, read from its menu (those without a list are checked too: forms, settings). */
async function menuLinks(page: Page, base: string): Promise<string[]> {
  // The portal's shell draws its menu once the session answers: wait for it rather than read an empty page.
  await page.locator(`nav a[href^="${base}/"]`).first().waitFor();
  const hrefs = await page.locator('nav a[href]').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  return [...new Set(hrefs.filter((href) => href.startsWith(base)))];
}

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe('tables on a 390 px phone', () => {
  it('the back office’s lists stay within the screen or scroll inside themselves', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await signInAsAdmin(page);
    const problems: string[] = [];
    for (const path of ADMIN_LISTS) problems.push(...(await check(page, path)));
    expect(problems).toEqual([]);
    await context.close();
  }, 180_000);

  it('a long table shows that it scrolls sideways, keeps its first column and scrolls by keyboard', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await signInAsAdmin(page);
    // (Order lists show a card per order on a phone; the customer list is a long table.)
    await page.goto('/admin/customer/list');
    await page.locator('main table tbody tr[data-row-id], main table tbody tr').first().waitFor();
    const region = page.getByRole('region', { name: 'Scroll sideways to see every column' }).first();
    await region.waitFor();
    expect(await page.getByText('Scroll sideways to see every column').first().isVisible()).toBe(true);
    const frame = page.locator('.table-scroll').first();
    expect(await frame.getAttribute('data-more-after')).not.toBeNull();
    await region.focus();
    for (let press = 0; press < 8; press++) await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => document.querySelector('.table-scroll')?.hasAttribute('data-more-before'));
    // The first column stayed at the left edge while the others moved under it.
    const kept = await page.evaluate(() => {
      const area = document.querySelector('.table-scroll-area') as HTMLElement;
      const cell = area.querySelector('tbody tr > :first-child') as HTMLElement;
      return { scrolled: area.scrollLeft, offset: Math.round(cell.getBoundingClientRect().left - area.getBoundingClientRect().left) };
    });
    expect(kept.scrolled).toBeGreaterThan(0);
    expect(kept.offset).toBe(0);
    await context.close();
  }, 60_000);

  it('the reseller portal’s pages stay within the screen', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await signInAsReseller(page);
    const links = await menuLinks(page, '/dropshipper');
    expect(links).toEqual(expect.arrayContaining(['/dropshipper/products/show', '/dropshipper/add/new/order', '/dropshipper/customer']));
    const problems: string[] = [];
    for (const path of links) problems.push(...(await check(page, path)));
    // The order form with a product line: its price ("My price"), quantity and their errors stay reachable.
    await page.goto('/dropshipper/add/new/order');
    await page.getByRole('combobox', { name: 'Add a product' }).click();
    await page.getByRole('option').first().click();
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForTimeout(300);
    const form = await overflowing(page);
    problems.push(
      ...form.elements.map((element) => `order form: ${element.tag} "${element.text}" spans ${element.left}…${element.right} px`),
    );
    if (form.pageScrollsSideways) problems.push('order form: the page scrolls sideways');
    expect(problems).toEqual([]);
    await context.close();
  }, 240_000);

  it('the merchant portal’s pages stay within the screen', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await page.goto('/merchant/login');
    await page.getByLabel('Phone number or email').fill(E2E_ACCOUNTS.merchant.login);
    await page.getByLabel(/^Password/).fill(E2E_ACCOUNTS.merchant.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/merchant/dashboard');
    const problems: string[] = [];
    for (const path of await menuLinks(page, '/merchant')) problems.push(...(await check(page, path)));
    expect(problems).toEqual([]);
    await context.close();
  }, 60_000);
});
