import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, signInAsAdmin } from './browser';

/**
 * Issue 17, forms (ui/useZodForm.ts, ui/FormErrorSummary.tsx): a failed submit takes a phone user to the
 * first field in error and says by the button which fields to check; a number out of range stays as typed
 * and is refused at its field; the messages read in Bengali for a Bengali reader.
 */
const PHONE = { width: 390, height: 844 };

const focusedName = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('name') ?? null);
const inView = (page: Page, selector: string) =>
  page.evaluate((found) => {
    const box = document.querySelector(found)?.getBoundingClientRect();
    return Boolean(box && box.top >= 0 && box.bottom <= window.innerHeight);
  }, selector);

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe('a failed submit on a phone', () => {
  it('keeps a negative amount as typed, takes the cursor to the field in error and names it by the button', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await signInAsAdmin(page);
    await page.goto('/admin/delivery/charge/add');
    const charge = page.locator('input[name="charge"]');
    await charge.fill('-500');
    await charge.blur();
    // Mantine would clamp it to 0 on blur (min 0): it stays, for the contract to refuse.
    expect(await charge.inputValue()).toMatch(/^-.*500$/);

    await page.getByRole('button', { name: 'Add delivery charge' }).click();
    const summary = page.locator('[data-form-error-summary]');
    await summary.getByText('Check this field:').waitFor();
    expect(await summary.getByRole('button').innerText()).toBe('Charge');
    // The field in error has the cursor and is on screen, its message beside it.
    expect(await focusedName(page)).toBe('charge');
    expect(await inView(page, 'input[name="charge"]')).toBe(true);
    expect(await page.getByText('The charge cannot be negative').isVisible()).toBe(true);
    await context.close();
  }, 60_000);

  it('says it in Bengali for a Bengali reader', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await page.addInitScript(() => localStorage.setItem('haat_language', 'bn'));
    await page.goto('/admin/login');
    await page.locator('input[type="email"], input[name="email"]').first().fill('owner@e2e.haat');
    await page.locator('input[type="password"]').fill('owner-e2e-password');
    await page.locator('button[type="submit"]').click();
    await page.waitForURL('**/admin/dashboard');
    await page.goto('/admin/brandAdd');
    await page.getByRole('heading', { name: 'ব্র্যান্ড যোগ করুন' }).waitFor();
    await page.locator('input[name="slug"]').fill('Bad Slug');
    await page.locator('button[type="submit"]').click();
    const summary = page.locator('[data-form-error-summary]');
    await summary.getByText('২টি ঘর দেখুন:').waitFor();
    expect(await summary.getByRole('button').allInnerTexts()).toEqual(['নাম', 'স্লাগ']);
    // The first field in reading order has the cursor; the summary's names take the cursor to theirs.
    expect(await focusedName(page)).toBe('name');
    await summary.getByRole('button', { name: 'স্লাগ' }).click();
    expect(await focusedName(page)).toBe('slug');
    // The contract's "The name must have at least 2 characters", made from its template, label and number in Bengali.
    expect(await page.getByText('নাম কমপক্ষে ২ অক্ষরের হতে হবে').isVisible()).toBe(true);
    expect(await page.getByText('summer-kurti-এর মতো ছোট হাতের অক্ষর, অঙ্ক আর ড্যাশ ব্যবহার করুন').isVisible()).toBe(true);
    await context.close();
  }, 60_000);
});
