import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_ACCOUNTS } from './accounts';
import { launch, newPage } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe('reseller, merchant and shopper sign-in', () => {
  it('sends a visitor to /dropshipper/login and signs a reseller in by phone', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/dropshipper/dashboard');
    await page.waitForURL('**/dropshipper/login');
    await page.getByLabel('Phone number or email').fill(E2E_ACCOUNTS.reseller.login);
    await page.getByLabel(/^Password/).fill(E2E_ACCOUNTS.reseller.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/dropshipper/dashboard');
    await page.getByRole('heading', { name: 'Reseller dashboard' }).waitFor();
    expect(await page.getByTestId('portal-person').textContent()).toBe(E2E_ACCOUNTS.reseller.name);
    expect(await page.evaluate(() => localStorage.getItem('reseller_token'))).toBeTruthy();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/dropshipper/login');
    expect(await page.evaluate(() => localStorage.getItem('reseller_token'))).toBeNull();
    await context.close();
  });

  it('signs a merchant in', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/merchant/dashboard');
    await page.waitForURL('**/merchant/login');
    await page.getByLabel('Phone number or email').fill(E2E_ACCOUNTS.merchant.login);
    await page.getByLabel(/^Password/).fill(E2E_ACCOUNTS.merchant.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/merchant/dashboard');
    expect(await page.getByTestId('portal-person').textContent()).toBe(E2E_ACCOUNTS.merchant.name);
    await context.close();
  });

  it('signs a shopper in on a phone-sized screen', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL('**/login');
    await page.getByLabel('Phone number or email').fill(E2E_ACCOUNTS.customer.login);
    await page.getByLabel(/^Password/).fill(E2E_ACCOUNTS.customer.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/account');
    await page.getByText(E2E_ACCOUNTS.customer.name).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('user_token'))).toBeTruthy();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    await context.close();
  });
});
