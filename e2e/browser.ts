import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { E2E_ACCOUNTS } from './accounts';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

export function baseUrl(): string {
  return inject('baseUrl');
}

export async function newPage(browser: Browser, viewport = { width: 1280, height: 800 }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

/** Signs the demo reseller in on the portal's sign-in page; answers on their dashboard. */
export async function signInAsReseller(page: Page): Promise<void> {
  await page.goto('/dropshipper/login');
  await page.getByLabel('Phone number or email').fill(E2E_ACCOUNTS.reseller.login);
  await page.getByLabel(/^Password/).fill(E2E_ACCOUNTS.reseller.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/dropshipper/dashboard');
}

export async function signInAsAdmin(page: Page): Promise<void> {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(E2E_ACCOUNTS.admin.login);
  await page.getByLabel(/^Password/).fill(E2E_ACCOUNTS.admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/admin/dashboard');
}
