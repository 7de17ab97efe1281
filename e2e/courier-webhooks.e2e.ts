import type { CourierStatusReview, Paginator } from '@haat/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, signInAsAdmin } from './browser';

let browser: Browser;
let page: Page;
const shots = process.env.E2E_SCREENSHOTS;

beforeAll(async () => {
  browser = await launch();
  page = (await newPage(browser)).page;
  await signInAsAdmin(page);
});
afterAll(async () => {
  await browser?.close();
});

const read = <T>(url: string) =>
  page.evaluate(async (url) => {
    const response = await fetch(url, { headers: { accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' } });
    return response.json();
  }, url) as Promise<T>;

describe('courier webhooks, both ways', () => {
  it('a person decides a partial delivery in the review queue; the order moves', async () => {
    const queue = await read<Paginator<CourierStatusReview>>('/api/admin/courier/reviews');
    const partial = queue.data.find((review) => review.reason === 'partial_delivery');
    expect(partial, 'the demo has a partial delivery waiting').toBeDefined();
    const review = partial as CourierStatusReview;

    await page.goto('/admin/courier/review');
    await page.getByRole('heading', { name: 'Courier statuses to review', level: 1 }).waitFor();
    const row = page.getByRole('row').filter({ hasText: review.order_number });
    await row.getByText('Partly delivered').waitFor();
    if (shots) await page.screenshot({ path: `${shots}/courier-review.png`, fullPage: true });
    await row.getByRole('textbox', { name: 'Note' }).fill('One item kept, the rest came back');
    await row.getByRole('button', { name: 'Returned' }).click();
    await page.getByText('The order was moved.').waitFor();
    await expect.poll(() => page.getByRole('row').filter({ hasText: review.order_number }).count()).toBe(0);
    const order = await read<{ data: { status: number } }>(`/api/admin/orders/${review.order_id}/courier`);
    expect(order.data.status).toBe(6);
  });

  it('shows every push received, the refused one too, and the status mapping', async () => {
    await page.goto('/admin/courier/webhooks');
    await page.getByRole('heading', { name: 'Courier webhooks', level: 1 }).waitFor();
    await page.getByText('Refused: bad signature').first().waitFor();
    await page.getByText('Repeated (nothing changed)').first().waitFor();
    if (shots) await page.screenshot({ path: `${shots}/courier-webhooks.png`, fullPage: true });
    await page.getByRole('tab', { name: 'Status mapping' }).click();
    await page.getByRole('combobox', { name: 'Our status for partial_delivered', exact: true }).waitFor();
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Our status for delivered', exact: true }).first().inputValue())
      .toBe('Delivered (5)');
    if (shots) await page.screenshot({ path: `${shots}/courier-status-map.png`, fullPage: true });
  });

  it("offers the order list's selection a courier's CSV when the courier has no API", async () => {
    await page.goto('/admin/order/process/3');
    const first = page.getByTestId('order-list').getByRole('checkbox').nth(1);
    await first.check();
    await page.getByTestId('order-list').getByRole('checkbox').nth(2).check();
    await page.getByRole('button', { name: 'Courier: book or export' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: 'Courier' }).click();
    await page.getByRole('option', { name: /Sundarban Courier/ }).click();
    await dialog.getByText('This courier has no connected API: download its CSV below.').waitFor();
    expect(await dialog.getByRole('button', { name: 'Book 2 orders' }).isDisabled()).toBe(true);
    const link = dialog.getByRole('link', { name: 'Download courier CSV' });
    const href = (await link.getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/api\/admin\/courier\/sheet\.csv\?layout=steadfast&order_ids=\d+,\d+$/);
    const csv = await page.evaluate(async (url) => (await fetch(url)).text(), href);
    expect(csv.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('Invoice,Name,Address,Phone,Amount,Note');
    if (shots) await page.screenshot({ path: `${shots}/courier-bulk.png` });
  });
});
