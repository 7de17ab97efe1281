import { randomUUID } from 'node:crypto';
import type { AdminOrderView, Paginator } from '@haat/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, signInAsAdmin } from './browser';

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launch();
  page = (await newPage(browser, { width: 1280, height: 1100 })).page;
  await signInAsAdmin(page);
});
afterAll(async () => {
  await browser?.close();
});

/** A JSON call from the signed-in page (with its CSRF token for a change). */
const call = <T>(method: string, url: string, body?: unknown) =>
  page.evaluate(
    async ({ method, url, body }) => {
      const token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '';
      const answer = await fetch(url, {
        method,
        headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest', 'X-CSRF-TOKEN': token },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return answer.json();
    },
    { method, url, body },
  ) as Promise<T>;

describe('money owed to a customer on an order (decision 054)', () => {
  it('a cancelled order’s advance shows as owed; staff keep part by decision and refund the rest from bKash', async () => {
    await page.goto('/admin/order/process/1');
    const listed = await call<Paginator<{ id: number }>>('GET', '/api/admin/orders?per_page=1');
    const sample = (await call<{ data: AdminOrderView }>('GET', `/api/admin/orders/${listed.data[0]?.id}`)).data;
    const variants = await call<{ data: { variant_id: number; stock: number; published: boolean }[] }>(
      'GET',
      '/api/admin/order-entry/variants?limit=50&q=a',
    );
    const variant = variants.data.find((row) => row.published && row.stock >= 5);
    const placed = await call<{ data: AdminOrderView }>('POST', '/api/admin/orders/phone', {
      name: 'Refund Journey',
      phone: '01712345678',
      address: 'House 4, Road 9, Dhanmondi',
      city_id: sample.city_id,
      sub_city_id: sample.sub_city_id,
      lines: [{ variant_id: variant?.variant_id, quantity: 1 }],
      payment_method: 'bkash',
      advance_paid: 100_00,
      source: 'Phone',
      idempotency_key: randomUUID(),
    });
    const order = placed.data;
    expect(order, JSON.stringify(placed)).toBeDefined();
    expect(order.advance_paid).toBe(100_00);
    await call('POST', `/api/admin/orders/${order.id}/status`, { to: 7, note: 'Customer changed their mind' });

    await page.goto(`/admin/view/order/${order.id}`);
    const card = page.getByTestId('order-refunds');
    await card.getByRole('heading', { name: 'Owed to the customer' }).waitFor();
    await expect.poll(() => card.getByTestId('refund-outstanding').textContent()).toContain('100');

    await card.getByRole('button', { name: 'Keep it' }).click();
    const keep = page.getByRole('form', { name: 'Keep what is owed' });
    await keep.getByRole('textbox', { name: 'Amount' }).fill('40');
    await keep.getByRole('textbox', { name: 'Why the shop keeps it' }).fill('Advance delivery charge is not refundable');
    await keep.getByRole('button', { name: 'Record decision' }).click();
    await expect.poll(() => card.getByTestId('refund-kept').textContent()).toContain('40');

    await card.getByRole('button', { name: 'Refund' }).click();
    const refund = page.getByRole('form', { name: 'Refund the customer' });
    await refund.getByRole('textbox', { name: 'Amount' }).waitFor();
    await refund.getByRole('combobox', { name: 'Paid from balance' }).click();
    await page.getByRole('option', { name: /^bKash/ }).click();
    await refund.getByRole('textbox', { name: 'Reference' }).fill('TRX-E2E-1');
    await refund.getByRole('button', { name: 'Record refund' }).click();
    await expect.poll(() => card.getByTestId('refund-outstanding').textContent()).toMatch(/৳\s?0/);
    await card.getByText(/Refunded ৳\s?60.* from bKash/).waitFor();
    await page.getByText('Settled').waitFor();

    const state = await call<{ data: { refunded: number; kept: number; outstanding: number } }>(
      'GET',
      `/api/admin/orders/${order.id}/refunds`,
    );
    expect(state.data).toMatchObject({ refunded: 60_00, kept: 40_00, outstanding: 0 });
  });
});
