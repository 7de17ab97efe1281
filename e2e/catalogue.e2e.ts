import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_ACCOUNTS } from './accounts';
import { launch, newPage, signInAsAdmin } from './browser';

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await launch();
  page = (await newPage(browser)).page;
  await signInAsAdmin(page);
});
afterAll(() => browser?.close());

describe('catalogue screens made by the resource machinery', () => {
  it('adds a category, showing field errors first, and lists it', async () => {
    await page.goto('/admin/category');
    await page.getByRole('heading', { name: 'Categories', level: 1 }).waitFor();
    await page.waitForFunction(() => document.title === 'Categories');
    await page.getByRole('link', { name: 'Add category' }).click();
    await page.waitForURL('**/admin/categoryAdd');
    await page.getByRole('button', { name: 'Add category' }).click();
    await page.getByText('The name must have at least 2 characters').waitFor();
    await page.getByLabel(/^Name(?! in Bengali)/).fill('Monsoon Rainwear');
    await page.getByLabel(/^Slug/).fill('Not a slug!');
    await page.getByRole('button', { name: 'Add category' }).click();
    await page.getByText('Use lower-case letters, digits and dashes, like summer-kurti').waitFor();
    await page.getByLabel(/^Slug/).fill('');
    await page.getByRole('button', { name: 'Add category' }).click();
    await page.waitForURL('**/admin/category');
    await page.getByText('The category was created.').waitFor();
    await page.getByLabel('Search', { exact: true }).fill('monsoon');
    await page.waitForFunction(() => window.location.search.includes('q=monsoon'));
    await page.getByRole('cell', { name: 'Monsoon Rainwear', exact: true }).waitFor();
  });

  it('adds a subcategory under it, then refuses to delete the used parent', async () => {
    await page.goto('/admin/subcategoryAdd');
    await page.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'Monsoon Rainwear' }).click();
    await page.getByLabel(/^Name(?! in Bengali)/).fill('Raincoats');
    await page.getByRole('button', { name: 'Add subcategory' }).click();
    await page.waitForURL('**/admin/subcategory');
    const row = page.getByRole('row', { name: /Raincoats/ });
    await row.waitFor();
    expect(await row.textContent()).toContain('Monsoon Rainwear');

    await page.goto('/admin/category?q=monsoon');
    await page.getByRole('button', { name: 'Delete Monsoon Rainwear' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('This category cannot be deleted: it is used by 1 subcategory.').waitFor();
    await page.getByRole('cell', { name: 'Monsoon Rainwear', exact: true }).waitFor();
  });

  it('edits a category at /admin/categoryEdit/{id} and hides it in bulk', async () => {
    await page.goto('/admin/category?q=monsoon');
    await page.getByRole('link', { name: 'Edit Monsoon Rainwear' }).click();
    await page.waitForURL(/\/admin\/categoryEdit\/\d+$/);
    await page.waitForFunction(() => document.title === 'Edit category');
    const name = page.getByLabel(/^Name(?! in Bengali)/);
    await expect(name.inputValue()).resolves.toBe('Monsoon Rainwear');
    await name.fill('Monsoon Collection');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForFunction(() => window.location.pathname === '/admin/category');
    await page.getByText('The category was saved.').waitFor();

    await page.goto('/admin/category?q=monsoon');
    await page.getByRole('checkbox', { name: 'Select Monsoon Collection' }).check();
    await page.getByTestId('bulk-actions').getByRole('button', { name: 'Unpublish' }).click();
    await page.getByText('1 changed.').waitFor();
    await page
      .getByRole('row', { name: /Monsoon Collection/ })
      .getByText('Hidden')
      .waitFor();
  });

  it("reads the category's whole history from its edit screen: created, renamed, hidden in bulk, by whom", async () => {
    await page.goto('/admin/category?q=monsoon');
    await page.getByRole('link', { name: 'Edit Monsoon Collection' }).click();
    await page.waitForURL(/\/admin\/categoryEdit\/\d+$/);
    const id = page.url().split('/').pop();
    await page.getByRole('link', { name: 'History' }).click();
    await page.waitForURL(/\/admin\/audit\/log\?/);
    await page.getByRole('heading', { name: `History of category #${id}`, level: 1 }).waitFor();
    const renamed = page.getByRole('row', { name: /category #\d+: update/ }).first();
    await renamed.waitFor();
    expect(await renamed.textContent()).toContain('Monsoon Rainwear → Monsoon Collection');
    expect(await renamed.textContent()).toContain(E2E_ACCOUNTS.admin.name);
    await page.getByRole('row', { name: /category #\d+: unpublish.*status.*1 → 0/ }).waitFor();
    await page.getByRole('row', { name: /category #\d+: create.*Monsoon Rainwear/ }).waitFor();
    // Only this category's rows.
    const rows = await page
      .getByRole('row')
      .filter({ hasText: /category #/ })
      .allTextContents();
    expect(rows.every((text) => text.includes(`category #${id}`))).toBe(true);
  });

  it('opens the attribute edit screen at its /backend path inside the admin shell', async () => {
    await page.goto('/admin/attributeAdd');
    await page.getByLabel(/^Name(?! in Bengali)/).fill('Fabric');
    await page.getByRole('button', { name: 'Add attribute' }).click();
    await page.waitForURL('**/admin/attribute');
    await page.getByRole('link', { name: 'Edit Fabric' }).click();
    await page.waitForURL(/\/backend\/attribute\/edit\/\d+$/);
    await page.getByRole('heading', { name: 'Edit attribute' }).waitFor();
    await page.getByTestId('admin-name').waitFor();
  });
});
