import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, signInAsAdmin } from './browser';

let browser: Browser;
let page: Page;
let original: { site_name: string; primary_color: string } | null = null;

/** A settings call from the signed-in page, with the CSRF headers the app sends. */
async function saveSettings(group: string, body: Record<string, unknown>) {
  await page.evaluate(
    async ([group, body]) => {
      const token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '';
      const response = await fetch(`/api/admin/settings/${group}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', 'x-csrf-token': token },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(await response.text());
    },
    [group, body] as const,
  );
}

beforeAll(async () => {
  browser = await launch();
  page = (await newPage(browser)).page;
  await signInAsAdmin(page);
});

afterAll(async () => {
  // The other journeys share this shop: put its name and colour back.
  if (original) {
    await saveSettings('general', { site_name: original.site_name });
    await saveSettings('theme', { primary_color: original.primary_color });
  }
  await browser?.close();
});

describe('settings reach the storefront', () => {
  it('changes the site name in the general settings, showing a field error first', async () => {
    await page.goto('/admin/general/setting');
    await page.getByRole('heading', { name: 'General settings', level: 1 }).waitFor();
    await page.waitForFunction(() => document.title === 'General settings');
    const siteName = page.getByLabel(/^Site name/);
    await siteName.waitFor();
    original = { site_name: await siteName.inputValue(), primary_color: '#161745' };
    expect(original.site_name).not.toBe('');

    await siteName.fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Enter the site name').waitFor();
    await siteName.fill('Monsoon Bazar');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('General settings saved.').waitFor();
  });

  it('changes the primary colour in the theme settings', async () => {
    await page.goto('/admin/theme/setting');
    await page.getByRole('heading', { name: 'Theme settings', level: 1 }).waitFor();
    const primary = page.getByLabel(/^Primary colour/);
    if (original) original.primary_color = await primary.inputValue();
    await primary.fill('#0b7a3e');
    await primary.press('Tab');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Theme settings saved.').waitFor();
  });

  it('shows the new name and colour on the storefront home page', async () => {
    await page.goto('/');
    await page.getByRole('heading', { name: 'Welcome to Monsoon Bazar', level: 1 }).waitFor();
    await page.waitForFunction(() => document.title === 'Monsoon Bazar');
    const header = page.getByTestId('store-header');
    await header.getByRole('link', { name: 'Monsoon Bazar' }).waitFor();
    await page.waitForFunction(
      () => getComputedStyle(document.querySelector('[data-testid="store-header"]') as Element).backgroundColor === 'rgb(11, 122, 62)',
    );
    // White text stays readable on the dark green.
    expect(await header.getByRole('link', { name: 'Monsoon Bazar' }).evaluate((link) => getComputedStyle(link).color)).toBe(
      'rgb(255, 255, 255)',
    );
  });

  it('records both changes in the audit log', async () => {
    await page.goto('/admin/audit/log');
    await page.getByRole('heading', { name: 'Audit log', level: 1 }).waitFor();
    const theme = page.getByRole('row', { name: /Theme settings changed/ }).first();
    await theme.waitFor();
    expect(await theme.textContent()).toContain('#0b7a3e');
    const general = page.getByRole('row', { name: /General settings changed.*Monsoon Bazar/ }).first();
    await general.waitFor();
  });
});
