import type { ResellerShopListing, ResellerShopProduct, ResellerShopProductPage } from '@haat/contracts';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_ACCOUNTS } from './accounts';
import { baseUrl, CHROMIUM_ARGS, launch, newPage, signInAsAdmin, signInAsReseller } from './browser';

/** A reseller's shop on a phone: 390 × 844. The demo reseller (01700000001) is Sadia's Closet. */
const PHONE = { width: 390, height: 844 };
const SLUG = 'sadias-closet';
const BUYER = { name: 'Mim Chowdhury', phone: '01822334455', address: 'Flat 3B, Road 11, Banani' };

let browser: Browser;

/** A product of the shop in stock with two options or more (size, colour) and a rich description, from its API. */
async function productWithOptions(page: Page): Promise<ResellerShopProductPage> {
  for (let number = 1; number <= 10; number += 1) {
    const listing = (await (await page.request.get(`/_public/shop/${SLUG}/products?page=${number}`)).json()) as ResellerShopListing;
    for (const card of listing.data.filter((each) => each.in_stock)) {
      const product = (await (await page.request.get(`/_public/shop/${SLUG}/product/${card.slug}`)).json()) as ResellerShopProductPage;
      if (product.attributes.length >= 2 && product.description.includes('<li>')) return product;
    }
    if (number >= listing.last_page) break;
  }
  throw new Error('no product with two options and a list in its description');
}

/** Adds the first product in stock with nothing to choose (or its options chosen) to the cart, on its page. */
async function addSomethingToCart(page: Page, product: ResellerShopProductPage) {
  await page.goto(`/shop/${SLUG}/product/${product.slug}`);
  await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
  await chooseEveryOption(page);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.getByText('Added to your cart.').waitFor();
}

/** In each option group in turn, the first value that can be chosen with those chosen before it. */
async function chooseEveryOption(page: Page) {
  const groups = page.getByTestId('option-group');
  for (let index = 0; index < (await groups.count()); index += 1) {
    await groups.nth(index).locator('button:not([disabled])').first().click();
  }
}

beforeAll(async () => {
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
});

describe("a reseller's own shop", () => {
  it("shows the shop's name and price, and a guest buys with cash on delivery", async () => {
    const { context, page } = await newPage(browser, PHONE);
    await page.goto(`/shop/${SLUG}`);
    await page.getByRole('heading', { level: 1, name: "Welcome to Sadia's Closet" }).waitFor();
    expect(await page.getByTestId('shop-name').textContent()).toBe("Sadia's Closet");
    expect(await page.locator('main').count()).toBe(1);
    // The tab names the reseller's shop, not the site.
    await expect.poll(() => page.title()).toBe("Products | Sadia's Closet");

    // A product in stock, at the price the shop's answer gives (the reseller's own where set).
    const listing = (await (await page.request.get(`/_public/shop/${SLUG}/products`)).json()) as ResellerShopListing;
    const product = listing.data.find((each) => each.in_stock) as ResellerShopProduct;
    expect(product).toBeDefined();
    await page.getByTestId('product-card').filter({ hasText: product.name }).first().click();
    await page.waitForURL(`**/shop/${SLUG}/product/${product.slug}`);
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    const shown = (await page.getByTestId('product-price').textContent()) ?? '';
    expect(Math.round(Number(shown.replace(/[^\d.]/g, '')) * 100)).toBe(product.price);

    await chooseEveryOption(page);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByText('Added to your cart.').waitFor();
    await expect.poll(() => page.getByTestId('cart-badge').textContent()).toBe('1');

    await page.getByRole('link', { name: 'View cart' }).click();
    await page.waitForURL(`**/shop/${SLUG}/cart`);
    await page.getByRole('heading', { level: 1, name: 'Cart' }).waitFor();
    await page.getByRole('link', { name: 'Checkout' }).click();
    await page.waitForURL(`**/shop/${SLUG}/checkout`);

    await page.getByLabel('Name').fill(BUYER.name);
    await page.getByLabel('Mobile number').fill(BUYER.phone);
    await page.getByLabel('Address').fill(BUYER.address);
    await page.getByLabel('District (city)').selectOption({ index: 1 });
    const area = page.getByLabel('Area (upazila / thana)');
    await expect.poll(() => area.locator('option').count()).toBeGreaterThan(1);
    await area.selectOption({ index: 1 });
    await expect.poll(() => page.getByText('Chosen at checkout').count()).toBe(0);
    expect(await page.getByLabel('Cash on delivery').isChecked()).toBe(true);

    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(new RegExp(`/shop/${SLUG}/order/[^/]+/thanks$`));
    await page.getByRole('heading', { level: 1, name: 'Thank you for your order!' }).waitFor();
    expect(((await page.getByTestId('order-number').textContent()) ?? '').trim()).not.toBe('');
    expect(await page.getByTestId('cart-badge').count()).toBe(0);
    await context.close();
  });

  it('answers a real not-found page for an unknown shop', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await page.goto('/shop/no-such-shop');
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    await context.close();
  });

  it('the reseller adds a page of their shop in the portal, and shoppers read it in the shop', async () => {
    const { context, page } = await newPage(browser);
    await signInAsReseller(page);

    await page.goto('/dropshipper/categories');
    await page.getByRole('heading', { level: 1, name: 'Categories shown in my shop' }).waitFor();
    await page.getByRole('button', { name: 'Save' }).waitFor();

    await page.goto('/dropshipper/page/info/lists');
    await page.getByRole('heading', { level: 1, name: 'My shop’s pages' }).waitFor();
    await page.getByRole('link', { name: 'Add page' }).click();
    await page.waitForURL('**/dropshipper/page/info/lists/add');
    const slug = `about-${Date.now()}`;
    await page.getByLabel('Title').fill('About Sadia');
    await page.getByLabel('Page address').fill(slug);
    await page.getByLabel('Content').fill('Kurtis and sarees picked one by one, sent all over Bangladesh.');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/dropshipper/page/info/lists');
    await page.getByRole('cell', { name: 'About Sadia' }).first().waitFor();
    await context.close();

    const shopper = await newPage(browser, PHONE);
    await shopper.page.goto(`/shop/${SLUG}/page/${slug}`);
    await shopper.page.getByRole('heading', { level: 1, name: 'About Sadia' }).waitFor();
    await shopper.page.getByText('Kurtis and sarees picked one by one').waitFor();
    await shopper.context.close();
  });

  it('the reseller adds a coupon in the portal, and a shopper of their shop gets it taken off at checkout', async () => {
    const { context, page } = await newPage(browser);
    await signInAsReseller(page);
    await page.goto('/dropshipper/coupon');
    await page.getByRole('heading', { level: 1, name: 'My shop’s coupons' }).waitFor();
    await page.getByRole('link', { name: 'Add coupon' }).click();
    await page.waitForURL('**/dropshipper/coupon/add');
    const code = `SHOP-${Date.now() % 100000}`;
    await page.getByLabel('Code').fill(code);
    await page.getByLabel('Amount off').fill('50');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/dropshipper/coupon');
    await page.getByRole('cell', { name: code }).waitFor();
    await context.close();

    const shopper = await newPage(browser, PHONE);
    const listing = (await (await shopper.page.request.get(`/_public/shop/${SLUG}/products`)).json()) as ResellerShopListing;
    const product = listing.data.find((each) => each.in_stock) as ResellerShopProduct;
    await shopper.page.goto(`/shop/${SLUG}/product/${product.slug}`);
    await shopper.page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    await chooseEveryOption(shopper.page);
    await shopper.page.getByRole('button', { name: 'Add to cart' }).click();
    await shopper.page.getByText('Added to your cart.').waitFor();
    await shopper.page.goto(`/shop/${SLUG}/checkout`);
    await shopper.page.getByLabel('Coupon code').fill(code.toLowerCase());
    await shopper.page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => shopper.page.getByTestId('checkout-discount').textContent()).toMatch(/50/);
    await shopper.context.close();
  });

  it('the reseller adds a slide with a picture in the portal, and it shows on their shop home page', async () => {
    const { context, page } = await newPage(browser);
    await signInAsReseller(page);
    await page.goto('/dropshipper/slider');
    await page.getByRole('heading', { level: 1, name: 'My shop’s sliders' }).waitFor();
    await page.getByRole('link', { name: 'Add slide' }).click();
    await page.waitForURL('**/dropshipper/sliderAdd');
    // A 1 × 1 PNG.
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    await page.locator('input[type=file]').setInputFiles({ name: 'eid.png', mimeType: 'image/png', buffer: png });
    await page.getByRole('img', { name: 'Picture' }).waitFor();
    const title = `Eid collection ${Date.now() % 100000}`;
    await page.getByLabel('Title (optional)').fill(title);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/dropshipper/slider');
    await page.getByRole('cell', { name: title, exact: true }).last().waitFor();
    await context.close();

    const shopper = await newPage(browser, PHONE);
    await shopper.page.goto(`/shop/${SLUG}`);
    await shopper.page.getByTestId('shop-slides').getByRole('img', { name: title }).waitFor();
    await shopper.context.close();
  });

  it("serves the shop at bare paths on the reseller's own host name, once the admin sets it", async () => {
    const HOST = 'sadias-closet.test';
    const { context, page } = await newPage(browser);
    await signInAsAdmin(page);
    await page.goto('/admin/manage/reseller');
    await page.getByRole('link', { name: E2E_ACCOUNTS.reseller.name }).first().click();
    await page.waitForURL(/\/admin\/edit\/reseller\/\d+$/);
    await page.getByLabel('Own host name').fill(HOST);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL('**/admin/manage/reseller');
    // Saved as it was otherwise: an SMS quota left empty is still the shop's default, not 0.
    await page.getByRole('link', { name: E2E_ACCOUNTS.reseller.name }).first().click();
    expect(await page.getByLabel('Own host name').inputValue()).toBe(HOST);
    expect(await page.getByLabel('SMS quota a month').inputValue()).toBe('');
    await context.close();

    // A phone whose DNS sends that host name to this server (as the reseller's DNS record would).
    const port = new URL(baseUrl()).port;
    const onHost = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [...CHROMIUM_ARGS, `--host-resolver-rules=MAP ${HOST} 127.0.0.1`],
    });
    try {
      const shopper = await onHost.newPage({ viewport: PHONE, baseURL: `http://${HOST}:${port}` });
      shopper.setDefaultTimeout(15_000);
      await shopper.goto('/');
      await shopper.getByRole('heading', { level: 1, name: "Welcome to Sadia's Closet" }).waitFor();
      expect(new URL(shopper.url()).pathname).toBe('/');
      await expect.poll(() => shopper.title()).toBe("Products | Sadia's Closet");
      await shopper.getByTestId('product-card').first().click();
      await shopper.waitForURL(/^http:\/\/sadias-closet\.test:\d+\/product\/[\w-]+$/);
      await shopper.getByRole('link', { name: /Cart/ }).first().click();
      await shopper.waitForURL(/\/cart$/);
      expect(new URL(shopper.url()).pathname).toBe('/cart');
      // A page opened directly at its bare path is the shop's too.
      await shopper.goto('/cart');
      await shopper.getByTestId('shop-name').waitFor();
    } finally {
      await onHost.close();
    }
  });
  it('shows a product’s description as rich text and its options by attribute, nothing chosen until the shopper does', async () => {
    const { context, page } = await newPage(browser, PHONE);
    const product = await productWithOptions(page);
    await page.goto(`/shop/${SLUG}/product/${product.slug}`);
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();

    // The description's list is a list, not markup written out as text.
    const description = page.getByTestId('product-description');
    expect(await description.locator('li').count()).toBeGreaterThan(0);
    expect(await description.textContent()).not.toContain('<');

    // One group per attribute, none of its values pressed.
    const groups = page.getByTestId('option-group');
    expect(await groups.count()).toBe(product.attributes.length);
    for (const [index, attribute] of product.attributes.entries())
      expect(await groups.nth(index).locator('legend').textContent()).toBe(attribute.name);
    expect(await page.locator('.s-chip[aria-pressed="true"]').count()).toBe(0);
    await page.getByText('Choose an option').waitFor();

    // "Add to cart" first asks for the options, at the first group, with the focus there.
    await page.getByRole('button', { name: 'Add to cart' }).click();
    const first = product.attributes[0]?.name ?? '';
    await page
      .getByRole('alert')
      .filter({ hasText: `Choose the ${first}` })
      .waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('option-group');
    expect(await page.getByTestId('cart-badge').count()).toBe(0);

    // A value that no variant in stock has with the one chosen is marked and cannot be chosen.
    await chooseEveryOption(page);
    expect(await page.locator('.s-chip[aria-pressed="true"]').count()).toBe(product.attributes.length);
    for (const button of await page.locator('.s-chip[disabled]').all())
      expect(await button.textContent()).toMatch(/\((Out of stock|Not available in this combination)\)$/);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByText('Added to your cart.').waitFor();
    await expect.poll(() => page.getByTestId('cart-badge').textContent()).toBe('1');
    await context.close();
  });

  it('finds products by the words typed in the shop’s search', async () => {
    const { context, page } = await newPage(browser, PHONE);
    const product = await productWithOptions(page);
    await page.goto(`/shop/${SLUG}`);
    await page.getByRole('heading', { level: 1, name: "Welcome to Sadia's Closet" }).waitFor();
    const words = product.name.split(' ').slice(0, 2).join(' ');
    await page.getByRole('searchbox', { name: 'Search products' }).fill(words);
    await page.getByRole('searchbox', { name: 'Search products' }).press('Enter');
    await page.waitForURL((url) => url.pathname === `/shop/${SLUG}` && url.searchParams.get('q') === words);
    await page.getByRole('heading', { level: 1, name: `Results for “${words}”` }).waitFor();
    await page.getByTestId('product-card').filter({ hasText: product.name }).first().waitFor();

    await page.getByRole('searchbox', { name: 'Search products' }).fill('no such thing anywhere');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByText('Nothing matches “no such thing anywhere”. Try another word.').waitFor();
    await context.close();
  });

  it('a checkout sent with empty fields puts the focus on the first of them and says what is wrong by the button', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await addSomethingToCart(page, await productWithOptions(page));
    await page.goto(`/shop/${SLUG}/checkout`);
    await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    await page.getByRole('button', { name: 'Place order' }).click();
    const summary = page.getByTestId('error-summary');
    await summary.waitFor();
    expect(await summary.textContent()).toContain('Name');
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('name');
    // The name field is on screen after the jump, and so is the summary beside the button below it.
    const top = () => page.evaluate(() => document.activeElement?.getBoundingClientRect().top ?? -1);
    await expect
      .poll(async () => {
        const y = await top();
        return y >= 0 && y < 844;
      })
      .toBe(true);
    // Its link takes the shopper to the mobile number's field.
    await summary.getByRole('link', { name: 'Mobile number' }).click();
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('phone');
    await context.close();
  });

  it('reads in Bengali: the buttons, the prices’ digits and the options’ question', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await context.addInitScript(() => localStorage.setItem('haat_language', 'bn'));
    const product = await productWithOptions(page);
    await page.goto(`/shop/${SLUG}/product/${product.slug}`);
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    await page.getByRole('button', { name: 'কার্টে যোগ করুন' }).click();
    await page.getByRole('alert').filter({ hasText: 'বেছে নিন' }).first().waitFor();
    expect(await page.getByTestId('product-price').textContent()).toMatch(/৳\s?[০-৯]/);
    expect(await page.getByRole('searchbox', { name: 'পণ্য খুঁজুন' }).count()).toBe(1);
    await context.close();
  });
});
