import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, signInAsAdmin } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const RUN = Date.now().toString(36).toUpperCase();

/** Picks the first day of this month (`monthsAhead` 0) or a later one in a date-time field, at the time shown. */
async function pickFirstDay(page: Page, label: string, monthsAhead: number) {
  await page.getByLabel(label, { exact: true }).click();
  const picker: Locator = page.locator('.mantine-Popover-dropdown').filter({ has: page.locator('table') });
  await picker.waitFor();
  for (let month = 0; month < monthsAhead; month++) await picker.locator('button[data-direction="next"]').click();
  await picker.locator('button.mantine-DateTimePicker-day:not([data-outside])').first().click();
  await picker.getByRole('button', { name: 'Use this date and time' }).click();
  await picker.waitFor({ state: 'hidden' });
}

describe('offers and marketing', () => {
  it('an admin adds a coupon code and a campaign with one product, and sees the campaign running on its list', async () => {
    const { context, page } = await newPage(browser);
    await signInAsAdmin(page);

    // A coupon: the code is kept in capitals.
    await page.goto('/admin/coupon/code/add');
    await page.getByRole('heading', { name: 'Add coupon' }).waitFor();
    await page.getByLabel(/^Code/).fill(`e2e${RUN}`);
    await page.getByLabel('Amount off').fill('50');
    await page.getByRole('button', { name: 'Add coupon' }).click();
    await page.waitForFunction(() => window.location.pathname === '/admin/coupon/code');
    await page.getByText(`E2E${RUN}`, { exact: true }).waitFor();
    expect(
      await page
        .getByRole('row', { name: new RegExp(`E2E${RUN}`) })
        .getByText('৳50 off')
        .count(),
    ).toBe(1);

    // A campaign from the first of this month to the first of next month, with one product at its suggested price.
    await page.goto('/admin/campaign/manage/add');
    await page.getByRole('heading', { name: 'Add campaign' }).waitFor();
    await page.getByLabel(/^Campaign name/).fill(`E2E Winter Sale ${RUN}`);
    await pickFirstDay(page, 'Starts', 0);
    await pickFirstDay(page, 'Ends', 1);
    const product = page.getByRole('combobox', { name: 'Product', exact: true });
    await product.click();
    await product.fill('Panjabi');
    const option = page.getByRole('option', { name: /Panjabi/ }).first();
    const productName = ((await option.textContent()) ?? '').replace(/ \([A-Z]+-\d+\)$/, '');
    await option.click();
    await page.getByRole('button', { name: 'Add to campaign' }).click();
    await page.getByTestId('campaign-products').getByText(`1. ${productName}`).waitFor();
    await page.getByRole('button', { name: 'Add campaign' }).click();
    await page.waitForFunction(() => window.location.pathname === '/admin/campaign/manage');

    const row = page.getByRole('row', { name: new RegExp(`E2E Winter Sale ${RUN}`) });
    await row.waitFor();
    await row.getByText('Running').waitFor();
    expect(await row.getByRole('cell', { name: '1', exact: true }).count()).toBe(1);

    // The storefront's call lists it while it runs.
    const running = await page.request.get('/_public/campaigns');
    const names = ((await running.json()).campaigns as { name: string }[]).map((campaign) => campaign.name);
    expect(names).toContain(`E2E Winter Sale ${RUN}`);
    await context.close();
  });
});
