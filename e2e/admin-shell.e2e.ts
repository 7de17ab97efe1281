import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_ACCOUNTS } from './accounts';
import { launch, newPage, signInAsAdmin } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe('the admin shell', () => {
  it('sends a visitor from /admin/dashboard to /admin/login', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/admin/dashboard');
    await page.waitForURL('**/admin/login');
    await page.getByRole('heading', { name: 'Sign in to the back office' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('admin_token'))).toBeNull();
    await context.close();
  });

  it('shows a clear message for a wrong password', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/admin/login');
    await page.getByLabel('Email').fill(E2E_ACCOUNTS.admin.login);
    await page.getByLabel(/^Password/).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('These credentials do not match our records.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/login');
    await context.close();
  });

  it('signs an admin in to the dashboard, with the name in the top bar and the title from the route', async () => {
    const { context, page } = await newPage(browser);
    await signInAsAdmin(page);
    await expect(page.getByTestId('admin-name').textContent()).resolves.toBe(E2E_ACCOUNTS.admin.name);
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    expect(await page.title()).toBe('Dashboard');
    // Figures come from the database: the card shows what the dashboard call counts (other browser
    // tests may have added customers to the shared demo shop).
    const customers = await page.evaluate(async () => {
      const answer = await fetch('/api/admin/dashboard').then((response) => response.json());
      return answer.cards.find((card: { id: string; value: number }) => card.id === 'customers').value as number;
    });
    expect(customers).toBeGreaterThanOrEqual(12);
    await page.locator('[data-card="customers"]').getByText(String(customers), { exact: true }).waitFor();
    // The token in local storage is the public session id, not the cookie's secret.
    const token = await page.evaluate(() => localStorage.getItem('admin_token'));
    const cookies = await context.cookies();
    const secret = cookies.find((cookie) => cookie.name === 'haat_admin');
    expect(token).toBeTruthy();
    expect(secret?.httpOnly).toBe(true);
    expect(token).not.toBe(secret?.value);

    // A signed-in admin opening /admin/login lands on the dashboard.
    await page.goto('/admin/login');
    await page.waitForURL('**/admin/dashboard');
    await context.close();
  });

  it('shows the progress bar (#161745, 6px) while the next page loads', async () => {
    const { context, page } = await newPage(browser);
    await signInAsAdmin(page);
    // Hold the profile screen's code back so the navigation takes a while.
    await page.route(/\/assets\/Profile-.*\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await page.getByTestId('admin-menu').click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    const bar = page.locator('.page-progress');
    await bar.waitFor({ state: 'visible' });
    const style = await bar.evaluate((element) => {
      const computed = getComputedStyle(element);
      return { background: computed.backgroundColor, height: computed.height, top: computed.top };
    });
    expect(style).toEqual({ background: 'rgb(22, 23, 69)', height: '6px', top: '0px' });
    await page.waitForURL('**/admin/admin/profile');
    await page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor();
    expect(await page.title()).toBe('Profile');
    await context.close();
  });

  it('shows a chunk that cannot be downloaded as a missing chunk with a retry', async () => {
    const { context, page } = await newPage(browser);
    await signInAsAdmin(page);
    await page.route(/\/assets\/ChangePassword-.*\.js$/, (route) => route.abort());
    await page.getByTestId('admin-menu').click();
    await page.getByRole('menuitem', { name: 'Change password' }).click();
    await page.locator('[data-chunk-error="missing"]').waitFor();
    await page.unroute(/\/assets\/ChangePassword-.*\.js$/);
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('heading', { name: 'Change password', level: 1 }).waitFor();
    await context.close();
  });

  it('filters the side menu with the search box and opens the search page on submit', async () => {
    const { context, page } = await newPage(browser);
    await signInAsAdmin(page);
    const search = page.getByLabel('Search the menu');
    await search.fill('coupon');
    await page.getByRole('link', { name: 'Coupon codes' }).waitFor();
    expect(await page.getByRole('link', { name: 'Categories' }).count()).toBe(0);
    await search.press('Enter');
    await page.waitForURL('**/admin/search?q=coupon');
    await page.getByRole('heading', { name: 'Search: “coupon”' }).waitFor();
    await context.close();
  });

  it('signs out with the toast and lands on /admin/login', async () => {
    const { context, page } = await newPage(browser);
    await signInAsAdmin(page);
    await page.getByTestId('admin-menu').click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL('**/admin/login');
    const toast = page.locator('[data-toast-type="success"]');
    await toast.waitFor();
    expect(await toast.textContent()).toContain('Logout successfully ! you are back soon');
    expect(await page.evaluate(() => [localStorage.getItem('admin_token'), localStorage.getItem('ADMIN_TOKEN')])).toEqual([null, null]);
    // The session is gone on the server too.
    await page.goto('/admin/dashboard');
    await page.waitForURL('**/admin/login');
    await context.close();
  });

  it('shows only the menu a staff member is allowed', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/admin/login');
    await page.getByLabel('Email').fill('nusrat@haatbazar.com.bd');
    await page.getByLabel(/^Password/).fill(E2E_ACCOUNTS.reseller.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/admin/dashboard');
    const nav = page.getByRole('navigation', { name: 'Back office' });
    await nav.getByText('Orders', { exact: true }).waitFor();
    expect(await nav.getByText('Catalogue', { exact: true }).count()).toBe(0);
    expect(await nav.getByText('Staff and roles', { exact: true }).count()).toBe(0);
    await context.close();
  });
});

describe('open pages and not-found', () => {
  it('opens /admin/site/configuration and /admin/courier/api without sign-in and shows a real not-found page elsewhere', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/admin/site/configuration');
    await page.getByRole('heading', { name: 'Site configuration' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/site/configuration');
    await page.goto('/admin/courier/api');
    await page.getByRole('heading', { name: 'Courier API' }).waitFor();
    await page.getByRole('cell', { name: 'Steadfast Courier' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/courier/api');
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(await page.locator('main').count()).toBe(1);
    await context.close();
  });
});
