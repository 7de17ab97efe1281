import { randomUUID } from 'node:crypto';
import type { AdminOrderView, OrderCourierChoice, Paginator } from '@haat/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, signInAsAdmin } from './browser';

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await launch();
  ({ page } = await newPage(browser));
  await signInAsAdmin(page);
});
afterAll(() => browser?.close());

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

/** Three phone orders of this test's own, packed (processing) and without a courier. */
async function packedOrders(): Promise<AdminOrderView[]> {
  const listed = await call<Paginator<{ id: number }>>('GET', '/api/admin/orders?per_page=1');
  const sample = (await call<{ data: AdminOrderView }>('GET', `/api/admin/orders/${listed.data[0]?.id}`)).data;
  const variants = await call<{ data: { variant_id: number; stock: number; published: boolean }[] }>(
    'GET',
    '/api/admin/order-entry/variants?limit=50&q=a',
  );
  const variant = variants.data.find((row) => row.published && row.stock >= 10);
  const made: AdminOrderView[] = [];
  for (const [index, name] of ['Scan Journey One', 'Scan Journey Two', 'Scan Journey Three'].entries()) {
    const placed = await call<{ data: AdminOrderView }>('POST', '/api/admin/orders/phone', {
      name,
      phone: `0171990000${index}`,
      address: `House ${index + 3}, Road 12, Dhanmondi`,
      city_id: sample.city_id,
      sub_city_id: sample.sub_city_id,
      lines: [{ variant_id: variant?.variant_id, quantity: 1 }],
      source: 'Phone',
      idempotency_key: randomUUID(),
    });
    expect(placed.data, JSON.stringify(placed)).toBeDefined();
    await call('POST', `/api/admin/orders/${placed.data.id}/status`, { to: 2 });
    const packed = await call<{ data: AdminOrderView }>('POST', `/api/admin/orders/${placed.data.id}/status`, { to: 3, note: 'Packed' });
    made.push(packed.data);
  }
  return made;
}

describe('the dispatch desk (decision 059)', () => {
  it('hands three parcels to a courier as a USB scanner types them, and prints the hand-over sheet', async () => {
    await page.goto('/admin/order/process/3');
    const orders = await packedOrders();
    const { data: couriers } = await call<{ data: OrderCourierChoice[] }>('GET', '/api/admin/order-scan/couriers');
    const courier = couriers.find((each) => each.name === 'Sundarban Courier') ?? couriers[0];
    if (!courier) throw new Error('no courier');

    await page.goto('/admin/order/scan/dispatch');
    await page.getByRole('heading', { name: 'Dispatch scan', level: 1 }).waitFor();
    await page.getByRole('combobox', { name: 'Courier taking the parcels' }).click();
    await page.getByRole('option', { name: courier.name }).click();
    const field = page.getByRole('textbox', { name: 'Order barcode' });
    await expect.poll(() => field.evaluate((input) => input === document.activeElement)).toBe(true);

    // A USB scanner types the code and Enter, one parcel after another, without waiting for the shop.
    for (const order of orders) {
      await page.keyboard.type(order.number);
      await page.keyboard.press('Enter');
      expect(await field.inputValue()).toBe('');
      expect(await field.evaluate((input) => input === document.activeElement)).toBe(true);
    }
    const rows = page.locator('tr.scan-row');
    for (const order of orders) {
      const row = rows.filter({ hasText: order.number });
      await row.filter({ hasText: 'Handed over' }).waitFor();
      expect(await row.getAttribute('data-state')).toBe('done');
    }
    await expect.poll(() => page.getByTestId('handover-count').textContent()).toBe('3');
    await page
      .getByRole('status')
      .filter({ hasText: `${orders[2]?.number} handed to ${courier.name}` })
      .waitFor();

    // The same parcel again is harmless: it says so.
    await page.keyboard.type(orders[0]?.number ?? '');
    await page.keyboard.press('Enter');
    await page
      .getByRole('status')
      .filter({ hasText: `${orders[0]?.number} was already handed to ${courier.name}` })
      .waitFor();
    await expect.poll(() => page.getByTestId('handover-count').textContent()).toBe('3');

    for (const order of orders) {
      const now = (await call<{ data: AdminOrderView }>('GET', `/api/admin/orders/${order.id}`)).data;
      expect(now.status).toBe(4);
      expect(now.courier_name).toBe(courier.name);
    }

    // The hand-over sheet: what prints (the rest of the page is hidden on paper).
    await page.emulateMedia({ media: 'print' });
    const sheet = page.getByRole('region', { name: 'Hand-over sheet' });
    await sheet.waitFor();
    for (const order of orders) expect(await sheet.getByText(order.number, { exact: true }).isVisible()).toBe(true);
    expect(await sheet.getByText('3 parcels, cash to collect').isVisible()).toBe(true);
    expect(await sheet.getByText(`Received by (${courier.name}): name, signature, date`).isVisible()).toBe(true);
    await page.emulateMedia({ media: 'screen' });
    expect(await page.getByRole('button', { name: 'Print hand-over sheet' }).isEnabled()).toBe(true);
  });
});
