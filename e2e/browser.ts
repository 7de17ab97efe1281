import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { E2E_ACCOUNTS } from './accounts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

export { CHROMIUM_ARGS, CHROMIUM_PATH };

/**
 * The run's one chromium (started by global-setup.ts, decision 043): each file connects to it instead of
 * starting its own, and its `browser.close()` closes that file's contexts and disconnects. Outside a run
 * with the shared browser, a chromium of its own.
 */
export function launch(): Promise<Browser> {
  const endpoint = inject('chromiumEndpoint');
  if (endpoint) return chromium.connect(endpoint);
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
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
