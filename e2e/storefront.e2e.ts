import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, signInAsAdmin } from './browser';

/** The storefront on a phone: 390 × 844 (issue 5). */
const PHONE = { width: 390, height: 844 };
const SHOPPER = { name: 'Rupa Akter', phone: '01811223344', address: 'House 7, Road 3, Mirpur 10' };

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
});

const badge = (page: Page) => page.getByTestId('cart-badge');

async function expectBadge(page: Page, count: number) {
  if (count === 0) {
    await badge(page).waitFor({ state: 'detached' });
    return;
  }
  await expect.poll(() => badge(page).textContent()).toBe(String(count));
}

describe('storefront: a guest buys with cash on delivery and tracks the order', () => {
  let orderNumber = '';

  it('finds a product by search, picks a variant, adds it to the cart, checks out and sees the confirmation', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await page.goto('/');
    await page.getByRole('heading', { name: 'Best sellers' }).waitFor();
    expect(await page.locator('main').count()).toBe(1);
    expect(await badge(page).count()).toBe(0);

    // The header's search suggests as one types; arrows and Enter open a suggestion.
    const search = page.getByRole('combobox', { name: 'Search products' });
    await search.fill('khadi');
    const option = page.getByRole('option', { name: /Khadi Cotton Panjabi/ });
    await option.waitFor();
    await search.press('ArrowDown');
    expect(await option.getAttribute('aria-selected')).toBe('true');
    await search.press('Enter');
    await page.waitForURL('**/product/khadi-cotton-panjabi');
    await page.getByRole('heading', { level: 1, name: 'Khadi Cotton Panjabi' }).waitFor();
    await expect.poll(() => page.title()).toBe('Khadi Cotton Panjabi | Haat Bazar');

    // Variants: L / Off White is in stock; a size with no stock in a colour is not offered.
    await page.getByRole('button', { name: 'L', exact: true }).click();
    await page.getByRole('button', { name: 'Off White' }).click();
    expect(await page.getByRole('button', { name: 'Off White' }).getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByTestId('stock-state').textContent()).toBe('In stock');
    await page.getByRole('button', { name: 'One more' }).click();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByText('Added to your cart.').waitFor();
    await expectBadge(page, 2);

    // The cart: quantities change through the server, the badge follows item_count.
    await page.getByRole('link', { name: /^Cart, 2 items/ }).click();
    await page.waitForURL('**/cart');
    await page.getByRole('heading', { level: 1, name: 'Cart' }).waitFor();
    await page.getByTestId('cart-line').getByRole('button', { name: 'One less' }).click();
    await expectBadge(page, 1);
    await page.getByRole('link', { name: 'Checkout' }).click();
    await page.waitForURL('**/checkout');

    // Checkout: errors show next to their fields before anything is sent.
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.getByText('Enter a mobile number like 01712345678').waitFor();
    await page.getByLabel('Name').fill(SHOPPER.name);
    await page.getByLabel('Mobile number').fill(SHOPPER.phone);
    await page.getByLabel('Address').fill(SHOPPER.address);
    await page.getByLabel('District (city)').selectOption({ index: 1 });
    const area = page.getByLabel('Area (upazila / thana)');
    await expect.poll(() => area.locator('option').count()).toBeGreaterThan(1);
    await area.selectOption({ index: 1 });
    await expect.poll(() => page.getByText('Chosen at checkout').count()).toBe(0);
    expect(await page.getByLabel('Cash on delivery').isChecked()).toBe(true);

    // A double click places one order (one idempotency key per checkout).
    const placed: number[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/_public/checkout') && response.request().method() === 'POST') placed.push(response.status());
    });
    await page.getByRole('button', { name: 'Place order' }).dblclick();
    await page.waitForURL(/\/order\/[^/]+\/thanks$/);
    await page.getByRole('heading', { level: 1, name: 'Thank you for your order!' }).waitFor();
    orderNumber = (await page.getByTestId('order-number').textContent())?.trim() ?? '';
    expect(orderNumber).not.toBe('');
    expect(page.url()).toContain(`/order/${encodeURIComponent(orderNumber)}/thanks`);
    await page.getByRole('cell', { name: /Khadi Cotton Panjabi/ }).waitFor();
    expect(placed.filter((status) => status === 201)).toHaveLength(1);
    await expectBadge(page, 0);
    await context.close();
  });

  it('tracks the order by its number and phone', async () => {
    expect(orderNumber).not.toBe('');
    const { context, page } = await newPage(browser, PHONE);
    await page.goto('/track');
    await page.getByLabel('Order number').fill(orderNumber);
    await page.getByLabel('Mobile number').fill('01700000000');
    await page.getByRole('button', { name: 'Track' }).click();
    await page.getByRole('alert').filter({ hasText: /./ }).first().waitFor();
    expect(await page.getByTestId('tracked-order').count()).toBe(0);

    await page.getByLabel('Mobile number').fill(SHOPPER.phone);
    await page.getByRole('button', { name: 'Track' }).click();
    const tracked = page.getByTestId('tracked-order');
    await tracked.waitFor();
    expect(await page.getByTestId('order-status').textContent()).toBe('Pending');
    await tracked.getByRole('cell', { name: /Khadi Cotton Panjabi/ }).waitFor();
    await context.close();
  });
});

describe('storefront: products that cannot be shown', () => {
  it('sends a missing product URL to the home page', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await page.goto('/product/no-such-product-anywhere');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { name: 'Best sellers' }).waitFor();
    await context.close();
  });

  it('sends an unpublished product URL to the home page', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await page.goto('/product/printed-viscose-panjabi');
    await page.getByRole('heading', { level: 1, name: 'Printed Viscose Panjabi' }).waitFor();
    const productId = await page.evaluate(async () => {
      const answer = await fetch('/_public/product/printed-viscose-panjabi', { headers: { 'X-Requested-With': 'XMLHttpRequest' } });
      return ((await answer.json()) as { product: { id: number } }).product.id;
    });

    const admin = await newPage(browser);
    await signInAsAdmin(admin.page);
    const status = await admin.page.evaluate(async (id) => {
      const token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '';
      const answer = await fetch('/api/admin/products/bulk', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest', 'X-CSRF-TOKEN': token },
        body: JSON.stringify({ action: 'unpublish', ids: [id] }),
      });
      return answer.status;
    }, productId);
    expect(status).toBe(200);

    try {
      await page.goto('/product/printed-viscose-panjabi');
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByRole('heading', { name: 'Best sellers' }).waitFor();
    } finally {
      await admin.page.evaluate(async (id) => {
        const token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '';
        await fetch('/api/admin/products/bulk', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest', 'X-CSRF-TOKEN': token },
          body: JSON.stringify({ action: 'publish', ids: [id] }),
        });
      }, productId);
      await admin.context.close();
      await context.close();
    }
  });
});
