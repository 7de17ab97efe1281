import type { Paginator, PaymentView } from '@haat/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, signInAsAdmin } from './browser';

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launch();
  page = (await newPage(browser, { width: 1280, height: 1400 })).page;
  await signInAsAdmin(page);
});
afterAll(async () => {
  await browser?.close();
});

/** A JSON read from the signed-in page. */
const read = <T>(url: string) =>
  page.evaluate(
    async (address) => (await fetch(address, { headers: { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' } })).json(),
    url,
  ) as Promise<T>;

describe('online payments in the back office (decision 062)', () => {
  it('shows a demo order paid online with its attempt and the gateway’s log', async () => {
    const listed = await read<Paginator<PaymentView>>('/api/admin/payments?per_page=50');
    const paid = listed.data.find((payment) => payment.state === 'paid' && payment.purpose === 'full' && payment.trx_id);
    expect(paid, JSON.stringify(listed.data)).toBeDefined();
    if (!paid) return;

    // From the payments list to the order.
    await page.goto('/admin/payment/list');
    await page.getByRole('heading', { name: 'Online payments', level: 1 }).waitFor();
    await page.getByRole('link', { name: paid.order_number }).first().click();
    await page.waitForURL(`**/admin/view/order/${paid.order_id}`);

    const card = page.getByTestId('order-online-payment');
    await card.getByRole('heading', { name: 'Online payment' }).waitFor();
    await expect.poll(() => card.getByTestId('online-status').textContent()).toBe('Paid');
    await expect.poll(() => card.getByTestId('online-to-collect').textContent()).toMatch(/৳\s?0$/);
    const attempt = card.getByTestId('payment-attempt').filter({ hasText: paid.invoice });
    await expect.poll(() => attempt.getByTestId('payment-state').textContent()).toBe('Paid');
    await expect.poll(() => attempt.getByTestId('payment-trx').textContent()).toContain(paid.trx_id ?? '');

    // The gateway's log: each call with its answer's status, and what was asked and answered.
    await attempt.getByRole('button', { name: 'Gateway log' }).click();
    const call = attempt.getByTestId('gateway-call').first();
    await call.waitFor();
    await expect.poll(() => call.getByTestId('gateway-call-status').textContent()).toMatch(/^HTTP 2\d\d · \d+ ms$/);
    await call.getByRole('button', { name: 'Show request and answer' }).click();
    await expect.poll(() => call.getByTestId('gateway-request').textContent()).toContain(paid.invoice);
    await call.getByTestId('gateway-response').waitFor();
  });

  it('flags a settlement line missing here, and staff resolve it with a note', async () => {
    const reference = `E2E${Date.now().toString(36).toUpperCase()}`;
    await page.goto('/admin/payment/reconciliation');
    await page.getByRole('heading', { name: 'Payment reconciliation', level: 1 }).waitFor();

    const reports = page.getByRole('row').filter({ hasText: 'Settlement report' });
    await page.getByRole('columnheader', { name: 'Unresolved' }).waitFor();
    // The runs counted once the list has them (the header shows while its rows load).
    await page.waitForFunction(() => !document.querySelector('main .mantine-Skeleton-root, main [aria-busy="true"]'), null, {
      timeout: 10_000,
    });
    const before = await reports.count();

    // "Upload settlement CSV" on the runs list: the report's line we have no payment for is flagged.
    await page.getByRole('button', { name: 'Upload settlement CSV' }).click();
    const upload = page.getByRole('form', { name: 'Compare a settlement report' });
    await upload.locator('input[type=file]').setInputFiles({
      name: 'bkash-settlement.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`trx_id,invoice,amount\n${reference},HB999999P1,1250.50\n`),
    });
    await upload.getByRole('button', { name: 'Upload and compare' }).click();
    await upload.waitFor({ state: 'detached' });

    // The new run heads the runs list, one of its flagged payments unresolved; its count opens them.
    await expect.poll(() => reports.count()).toBe(before + 1);
    const run = reports.first();
    await expect.poll(() => run.getByTestId('run-unresolved').textContent()).toBe('1');
    await run.getByTestId('run-unresolved').click();
    await page.getByRole('heading', { name: 'Flagged payments', level: 1 }).waitFor();

    const row = page.getByRole('row').filter({ hasText: reference });
    await row.waitFor();
    await expect.poll(() => row.getByTestId('reconciliation-flag').textContent()).toBe('Missing here');
    await expect.poll(() => row.getByTestId('item-theirs').textContent()).toMatch(/৳\s?1,250\.50 · Paid/);

    // Resolved with a note, it leaves the unresolved list…
    await row.getByRole('button', { name: 'Resolve' }).click();
    const dialog = page.getByRole('form', { name: 'Resolve a flagged payment' });
    await dialog.getByRole('textbox', { name: 'What was found or done' }).fill('A test line from the gateway’s sandbox; nothing to do');
    await dialog.getByRole('button', { name: 'Resolve' }).click();
    await row.waitFor({ state: 'detached' });

    // … and shows among the resolved ones with who resolved it and the note.
    await page.goto(`/admin/payment/reconciliation/items?filter[resolved]=true&q=${reference}`);
    const resolved = page.getByRole('row').filter({ hasText: reference });
    await expect
      .poll(() => resolved.getByTestId('item-resolution').textContent())
      .toContain('A test line from the gateway’s sandbox; nothing to do');
    await expect.poll(() => resolved.getByTestId('item-resolution').textContent()).toMatch(/^Resolved by /);
  });
});
