import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, signInAsAdmin } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const PASSWORD = 'limited-password-1';

/** A staff account holding only `permissions`, made by the super admin through the API (as the staff form does). */
async function limitedStaff(email: string, permissions: string[]): Promise<void> {
  const { context, page } = await newPage(browser);
  await signInAsAdmin(page);
  const token = await page.evaluate(() => document.querySelector('meta[name="csrf-token"]')?.getAttribute('content') ?? '');
  const response = await page.request.post('/api/admin/admins', {
    headers: { 'X-Requested-With': 'XMLHttpRequest', 'X-CSRF-TOKEN': token },
    data: { name: 'Limited Staff', email, password: PASSWORD, password_confirmation: PASSWORD, status: 1, permissions },
  });
  expect(response.status(), await response.text()).toBe(201);
  await context.close();
}

async function signIn(page: Page, email: string): Promise<void> {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/admin/dashboard');
}

describe('a staff member on a page they may not open', () => {
  it('sees one "no access" screen naming the permission in words, and the page asks nothing of the API', async () => {
    const email = 'limited-orders@e2e.haat';
    await limitedStaff(email, ['dashboard.view', 'order.view']);
    const { context, page } = await newPage(browser);
    await signIn(page, email);

    const asked: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/api/admin/roles') || path.startsWith('/api/admin/products')) asked.push(path);
    });

    await page.goto('/admin/role');
    await page.getByRole('heading', { name: "You don't have access to this page" }).waitFor();
    const main = page.getByRole('main');
    await main.getByText('Ask a super admin or the person who manages staff to give you the “See roles” permission.').waitFor();
    await main.getByText('They will find it in the role form, under “Staff and roles”.').waitFor();
    // Nothing of the roles list: no frame, no empty state, no buttons, no technical permission name.
    expect(await main.getByText('No roles yet.').count()).toBe(0);
    expect(await main.getByRole('link', { name: 'Export CSV' }).count()).toBe(0);
    expect(await main.getByRole('button', { name: 'Export CSV' }).count()).toBe(0);
    expect(await main.getByRole('table').count()).toBe(0);
    expect(await main.textContent()).not.toContain('role.view');
    // Still in the back office's frame: the side menu shows what they may open.
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('button', { name: 'Orders' }).waitFor();

    await page.goto('/admin/add/product');
    await page.getByRole('heading', { name: "You don't have access to this page" }).waitFor();
    await main.getByText('“Add products” permission').waitFor();
    expect(await main.getByRole('textbox').count()).toBe(0);
    expect(await main.getByRole('button', { name: /Add product|Save/ }).count()).toBe(0);

    // A page they hold opens as usual.
    await page.goto('/admin/order/process/1');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByText("You don't have access to this page").count()).toBe(0);

    await page.waitForTimeout(300);
    expect(asked).toEqual([]);
    await context.close();
  });

  it('shows the menu as links inside button-toggled groups, and no money on an order manager’s dashboard', async () => {
    const email = 'limited-dashboard@e2e.haat';
    await limitedStaff(email, ['dashboard.view', 'order.view', 'order.create']);
    const { context, page } = await newPage(browser);
    await signIn(page, email);
    await page.locator('[data-card="orders-today"]').waitFor();
    expect(await page.locator('[data-card="profit-month"]').count()).toBe(0);
    expect(await page.locator('[data-card="sales-month"]').count()).toBe(0);
    expect(await page.getByText('Profit this month').count()).toBe(0);

    const nav = page.getByRole('navigation', { name: 'Back office' });
    // No link in the menu claims to expand anything; the group toggles are buttons that do.
    expect(await nav.locator('a[aria-expanded], a[aria-controls]').count()).toBe(0);
    const orders = nav.getByRole('button', { name: 'Orders' });
    const list = page.locator(`#${await orders.getAttribute('aria-controls')}`);
    const expanded = await orders.getAttribute('aria-expanded');
    // By keyboard: focus the toggle, Enter opens or closes its list.
    await orders.focus();
    await page.keyboard.press('Enter');
    expect(await orders.getAttribute('aria-expanded')).toBe(expanded === 'true' ? 'false' : 'true');
    if (expanded === 'true') await page.keyboard.press('Enter');
    await list.getByRole('link', { name: 'Add order' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Roles' }).count()).toBe(0);
    expect(await nav.getByRole('button', { name: 'Staff and roles' }).count()).toBe(0);
    await context.close();
  });

  it('reads the menu, the no-access screen and the dashboard in Bengali, and finds menu entries by Bengali words', async () => {
    const email = 'limited-bengali@e2e.haat';
    await limitedStaff(email, ['dashboard.view', 'order.view', 'order.create']);
    const { context, page } = await newPage(browser);
    await signIn(page, email);
    await page.evaluate(() => localStorage.setItem('haat_language', 'bn'));
    await page.goto('/admin/role');
    await page.getByRole('heading', { name: 'এই পেজ খোলার অনুমতি আপনার নেই' }).waitFor();
    await page.getByText('“রোল দেখা” অনুমতি', { exact: false }).waitFor();
    const nav = page.getByRole('navigation', { name: 'ব্যাক অফিস' });
    await nav.getByRole('button', { name: 'অর্ডার' }).waitFor();

    await page.getByRole('searchbox').fill('যোগ');
    await nav.getByRole('link', { name: 'অর্ডার যোগ করুন' }).waitFor();
    await page.getByRole('searchbox').fill('Add order');
    await nav.getByRole('link', { name: 'অর্ডার যোগ করুন' }).waitFor();

    await page.goto('/admin/dashboard');
    await page.locator('[data-card="orders-today"]').getByText('আজকের অর্ডার').waitFor();
    // Figures in Bengali digits: no Latin digit in a card's figure.
    const figure = await page.locator('[data-card="orders-pending"]').textContent();
    expect(figure).toMatch(/[০-৯]/);
    expect(figure).not.toMatch(/[0-9]/);
    await context.close();
  });
});
