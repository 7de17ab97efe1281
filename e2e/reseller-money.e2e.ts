import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_ACCOUNTS } from './accounts';
import { launch, newPage, signInAsAdmin, signInAsReseller } from './browser';

let browser: Browser;
let admin: Page;
let reseller: Page;
let order: { id: number; number: string };
let withdrawal = '';
const transaction = `E2E${Date.now().toString(36).toUpperCase()}`;

/** A back-office API call from the signed-in admin page, with the CSRF headers the app sends. */
async function adminApi<T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> {
  return admin.evaluate(
    async ([method, url, body]) => {
      const token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '';
      const response = await fetch(url, {
        method,
        headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', 'x-csrf-token': token },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
      return response.json();
    },
    [method, url, body] as const,
  ) as Promise<T>;
}

/** A reseller order of the demo reseller, entered by staff and moved through to delivered. */
async function deliveredResellerOrder() {
  const resellers = await adminApi<{ data: { id: number }[] }>('GET', `/api/admin/resellers?q=${E2E_ACCOUNTS.reseller.login}`);
  const variants = await adminApi<{ data: { variant_id: number; stock: number; wholesale_price: number; published: boolean }[] }>(
    'GET',
    '/api/admin/order-entry/variants?limit=50',
  );
  const variant = variants.data.find((each) => each.published && each.stock > 3);
  const { cities } = await adminApi<{ cities: { id: number; name: string }[] }>('GET', '/_public/cities');
  const dhaka = cities.find((city) => city.name === 'Dhaka') ?? cities[0];
  if (!resellers.data[0] || !variant || !dhaka) throw new Error('the demo shop lacks a reseller, a product or a city');
  const placed = await adminApi<{ order: { id: number; number: string } }>('POST', '/api/admin/reseller-sales', {
    reseller_id: resellers.data[0].id,
    name: 'Shapla Khatun',
    phone: '01755123456',
    address: 'House 9, Road 3, Dhanmondi',
    city_id: dhaka.id,
    lines: [{ variant_id: variant.variant_id, quantity: 1, unit_price: variant.wholesale_price + 25_000 }],
    idempotency_key: crypto.randomUUID(),
  });
  for (const to of [2, 3, 4, 5]) await adminApi('POST', `/api/admin/orders/${placed.order.id}/status`, { to, note: 'Browser test' });
  return placed.order;
}

beforeAll(async () => {
  browser = await launch();
  admin = (await newPage(browser)).page;
  await signInAsAdmin(admin);
  order = await deliveredResellerOrder();
  reseller = (await newPage(browser)).page;
  await signInAsReseller(reseller);
});

afterAll(async () => {
  await browser?.close();
});

describe('a reseller’s money', () => {
  it('shows the profit of a delivered order in the cashbook, and the balance on the dashboard', async () => {
    await reseller.getByRole('heading', { name: 'Your balance' }).waitFor();
    await reseller.getByRole('link', { name: 'Cashbook: income' }).click();
    await reseller.getByRole('heading', { name: 'Cashbook: income', level: 1 }).waitFor();
    const row = reseller.getByRole('row', { name: new RegExp(order.number) });
    await row.getByText('Profit of a delivered order').waitFor();
    // Sold at wholesale + ৳250; the customer paid the delivery charge, so ৳250 is the profit.
    expect(await row.textContent()).toMatch(/\+.?250\b/);
  });

  it('requests a withdrawal to the saved bKash number', async () => {
    await reseller.getByRole('link', { name: 'Withdraw request' }).click();
    await reseller.getByRole('heading', { name: 'Request a withdrawal', level: 1 }).waitFor();
    await reseller.getByLabel(/^Amount/).fill('150');
    await reseller.getByRole('combobox', { name: /^Send it to/ }).click();
    await reseller.getByRole('option', { name: /bKash 01700000001/ }).click();
    await reseller.getByRole('button', { name: 'Send the request' }).click();
    await reseller.getByRole('heading', { name: 'Withdraw history', level: 1 }).waitFor();
    const row = reseller.getByRole('row', { name: /Pending/ }).first();
    await row.waitFor();
    withdrawal = (await row.getByText(/^WD-\d{6}$/).textContent()) ?? '';
    expect(withdrawal).toMatch(/^WD-\d{6}$/);
    expect(await row.textContent()).toContain('150');
  });

  it('is paid by the admin with the transfer’s transaction id', async () => {
    await admin.goto('/admin/withdraw/request/by/resellers');
    await admin.getByRole('heading', { name: 'Reseller withdraw requests', level: 1 }).waitFor();
    await admin.getByRole('button', { name: `Pay ${withdrawal}` }).click();
    const dialog = admin.getByRole('dialog', { name: 'Pay the withdraw request' });
    await dialog.getByText(`${withdrawal}:`).waitFor();
    await dialog.getByLabel(/^Transaction id/).fill(transaction);
    // Had a return taken the profit back since the request, the server would refuse (409) and the dialog offer an
    // override with a reason: the first answer is that refusal, the second goes to the server with the override.
    const refusal = `The reseller's balance no longer covers ${withdrawal}: the shop owes them -৳100.`;
    const sent: unknown[] = [];
    await admin.route('**/api/admin/reseller-withdrawals/*/pay', async (route) => {
      sent.push(route.request().postDataJSON());
      if (sent.length > 1) return route.continue();
      return route.fulfill({ status: 409, json: { message: refusal, errors: { override: [refusal] } } });
    });
    await dialog.getByRole('button', { name: 'Mark paid' }).click();
    await dialog.getByRole('alert').getByText(refusal).waitFor();
    await dialog.getByLabel('Pay it anyway, although the balance does not cover it').check();
    await dialog.getByLabel(/^Why it is paid anyway/).fill('Agreed with the owner');
    await dialog.getByRole('button', { name: 'Mark paid' }).click();
    await admin.getByText(`${withdrawal} was marked paid.`).waitFor();
    await admin.unroute('**/api/admin/reseller-withdrawals/*/pay');
    expect(sent.at(-1)).toMatchObject({ transaction_id: transaction, override: true, reason: 'Agreed with the owner' });
    await admin.getByRole('button', { name: `Pay ${withdrawal}` }).waitFor({ state: 'detached' });
    // The paid list has it, with its invoice.
    await admin.goto('/admin/paid/payment/reseller');
    await admin.getByRole('link', { name: withdrawal }).first().click();
    await admin.getByRole('heading', { name: 'Payment invoice', level: 1 }).waitFor();
    await admin.getByText(transaction).waitFor();
  });

  it('shows the payment in the reseller’s pay-off', async () => {
    await reseller.getByRole('link', { name: 'Cashbook: pay off' }).click();
    await reseller.getByRole('heading', { name: 'Cashbook: pay off', level: 1 }).waitFor();
    const row = reseller.getByRole('row', { name: new RegExp(withdrawal) });
    await row.getByText(transaction).waitFor();
    await row.getByText('bKash', { exact: true }).waitFor();
  });
});
