import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_ACCOUNTS } from './accounts';
import { baseUrl, launch, newPage } from './browser';

/**
 * Issue 17: the server answers in English; a Bengali reader reads its refusals and toasts in Bengali (decision 030:
 * ui/server-messages.phrases.bn.ts, ui/shopper-messages.phrases.bn.ts, lib/translate-message.ts).
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

async function bengaliPage() {
  const opened = await newPage(browser);
  await opened.context.addCookies([{ name: 'haat_language', value: 'bn', url: baseUrl() }]);
  await opened.context.addInitScript(() => localStorage.setItem('haat_language', 'bn'));
  return opened;
}

describe("the server's messages in Bengali", () => {
  it('back office: a wrong password, a slug already taken and a save, in Bengali', async () => {
    const { context, page } = await bengaliPage();
    await page.goto('/admin/login');
    await page.locator('input[name="email"]').fill(E2E_ACCOUNTS.admin.login);
    await page.locator('input[type="password"]').fill('not-the-password');
    await page.locator('button[type="submit"]').click();
    await page.getByText('এই তথ্য আমাদের রেকর্ডের সঙ্গে মেলেনি।').waitFor();

    await page.locator('input[type="password"]').fill(E2E_ACCOUNTS.admin.password);
    await page.locator('button[type="submit"]').click();
    await page.waitForURL('**/admin/dashboard');
    await page.goto('/admin/categoryAdd');
    await page.locator('input[name="name"]').fill('Borsha collection');
    await page.locator('input[name="slug"]').fill('women');
    await page.locator('form button[type="submit"]').click();
    await page.getByText('অন্য একটি ক্যাটাগরি এই স্লাগ ব্যবহার করছে।').waitFor();

    await page.locator('input[name="slug"]').fill('borsha-collection');
    await page.locator('form button[type="submit"]').click();
    // "The category was created.": the resource machinery's template, with the resource's word.
    await page.locator('.toast').getByText('ক্যাটাগরি তৈরি হয়েছে।').waitFor();
    expect(await page.locator('.toast').innerText()).not.toMatch(/created/);
    await context.close();
  });

  it('storefront: a refused sign-in in Bengali, with the messages fetched before the refusal is shown', async () => {
    const { context, page } = await bengaliPage();
    await page.goto('/login');
    await page.locator('main input[type="password"]').waitFor();
    // Values set without a focus: the messages' book comes with the refusal (lib/api.ts), not only at a first focus.
    await page.evaluate(
      ([login, password]) => {
        const set = (input: HTMLInputElement | null, value: string) => {
          if (!input) return;
          Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
          input.dispatchEvent(new Event('input', { bubbles: true }));
        };
        set(document.querySelector('main input:not([type="password"])'), login ?? '');
        set(document.querySelector('main input[type="password"]'), password ?? '');
        document.querySelector<HTMLFormElement>('main form')?.requestSubmit();
      },
      [E2E_ACCOUNTS.customer.login, 'not-the-password'],
    );
    await page.locator('main').getByText('এই তথ্য আমাদের রেকর্ডের সঙ্গে মেলেনি।').waitFor();
    await context.close();
  });
});
