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

interface EntryVariant {
  variant_id: number;
  product_id: number;
  name: string;
  variant_label: string;
  sku: string;
  stock: number;
  published: boolean;
}

/** A published demo product with a few units in stock, from the order form's own search. */
async function productInStock(): Promise<EntryVariant> {
  const answer = await page.request.get('/api/admin/order-entry/variants?limit=50&q=a');
  expect(answer.status()).toBe(200);
  const { data } = (await answer.json()) as { data: EntryVariant[] };
  const found = data.find((variant) => variant.published && variant.stock >= 5);
  if (!found) throw new Error('no demo product with stock');
  return found;
}

async function choose(label: RegExp, typed: string, option: RegExp) {
  const input = page.getByRole('combobox', { name: label });
  await input.click();
  await input.fill(typed);
  await page.getByRole('option', { name: option }).first().click();
}

describe('order entry', () => {
  it('takes a phone order for the demo customer and lands on the order', async () => {
    const product = await productInStock();
    const name = product.variant_label ? `${product.name} (${product.variant_label})` : product.name;

    await page.goto('/admin/add/order');
    await page.getByRole('heading', { name: 'Add order', level: 1 }).waitFor();
    await page.waitForFunction(() => document.title.startsWith('Add order'));

    // The customer by phone: the demo customer's name is filled in.
    await page.getByRole('textbox', { name: /^Phone/ }).fill(E2E_ACCOUNTS.customer.login);
    await page.getByRole('button', { name: 'Find customer' }).click();
    await expect.poll(() => page.getByRole('textbox', { name: /^Name/ }).inputValue()).toBe(E2E_ACCOUNTS.customer.name);
    await page.getByRole('textbox', { name: /^Address/ }).fill('House 9, Road 2, Dhanmondi');
    await choose(/^City/, 'Dhaka', /^Dhaka ·/);
    await choose(/^Area \(sub city\)/, 'Dhanmondi', /^Dhanmondi ·/);

    // A product by its SKU, two of them.
    await page.getByRole('searchbox', { name: 'Search products' }).fill(product.sku);
    await page.getByRole('button', { name: `Add ${name}` }).click();
    const quantity = page.getByRole('textbox', { name: `Quantity: ${name}` });
    await quantity.fill('2');
    await page.getByRole('combobox', { name: 'Order source' }).waitFor();

    // The server's quote is previewed: two units and the delivery charge.
    const totalCell = page.getByTestId('quote-total');
    await expect.poll(async () => (await totalCell.textContent()) ?? '').toMatch(/\d/);
    const quote = await (
      await page.request.post('/api/admin/order-entry/quote', {
        data: {
          type: 'phone',
          city_id: await cityId('Dhaka'),
          sub_city_id: await subCityId('Dhaka', 'Dhanmondi'),
          lines: [{ variant_id: product.variant_id, quantity: 2 }],
        },
        headers: await csrfHeaders(),
      })
    ).json();
    await expect.poll(async () => (await totalCell.textContent())?.replace(/[^\d]/g, '')).toBe(String(quote.total / 100));

    const before = product.stock;
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(/\/admin\/view\/order\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());

    const order = (await (await page.request.get(`/api/admin/orders/${id}`)).json()).data;
    expect(order).toMatchObject({
      type: 'phone',
      status: 1,
      customer_name: E2E_ACCOUNTS.customer.name,
      phone: E2E_ACCOUNTS.customer.login,
      sub_city_name: 'Dhanmondi',
      total: quote.total,
      lines: [{ variant_id: product.variant_id, quantity: 2 }],
    });
    const after = await productInStockById(product.variant_id, product.sku);
    expect(after).toBe(before - 2);
    placed = { id, name, variantId: product.variant_id, sku: product.sku, stock: after };
  });

  it('edits the order: one more unit, the totals follow and one more unit is reserved', async () => {
    if (!placed) throw new Error('the first test placed no order');
    await page.goto(`/admin/orderEdit/${placed.id}`);
    await page.getByRole('heading', { name: /^Edit order HB-\d+$/, level: 1 }).waitFor();
    const quantity = page.getByRole('textbox', { name: `Quantity: ${placed.name}` });
    await expect.poll(() => quantity.inputValue()).toBe('2');
    await quantity.fill('3');
    await page.getByRole('textbox', { name: 'Why is it changed?' }).fill('Customer wants one more');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL(new RegExp(`/admin/view/order/${placed.id}$`));
    const order = (await (await page.request.get(`/api/admin/orders/${placed.id}`)).json()).data;
    expect(order.lines).toMatchObject([{ variant_id: placed.variantId, quantity: 3 }]);
    expect(order.subtotal).toBe(order.lines[0].unit_price * 3);
    expect(order.total).toBe(order.subtotal + order.delivery_charge - order.discount);
    expect(order.history.at(-1).note).toContain('2 → 3');
    expect(await productInStockById(placed.variantId, placed.sku)).toBe(placed.stock - 1);
  });
});

let placed: { id: number; name: string; variantId: number; sku: string; stock: number } | null = null;

async function csrfHeaders(): Promise<Record<string, string>> {
  const token = await page.evaluate(() => document.querySelector('meta[name="csrf-token"]')?.getAttribute('content') ?? '');
  return { 'X-Requested-With': 'XMLHttpRequest', 'X-CSRF-TOKEN': token };
}

async function cityId(name: string): Promise<number> {
  const { cities } = (await (await page.request.get('/_public/cities')).json()) as { cities: { id: number; name: string }[] };
  return cities.find((city) => city.name === name)?.id ?? 0;
}

async function subCityId(city: string, name: string): Promise<number> {
  const { sub_cities } = (await (await page.request.get(`/_public/cities/${await cityId(city)}/sub-cities`)).json()) as {
    sub_cities: { id: number; name: string }[];
  };
  return sub_cities.find((sub) => sub.name === name)?.id ?? 0;
}

async function productInStockById(variantId: number, sku: string): Promise<number> {
  const { data } = (await (await page.request.get(`/api/admin/order-entry/variants?q=${encodeURIComponent(sku)}`)).json()) as {
    data: EntryVariant[];
  };
  return data.find((variant) => variant.variant_id === variantId)?.stock ?? -1;
}
