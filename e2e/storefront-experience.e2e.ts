import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launch, newPage, signInAsAdmin } from './browser';

/** Issue 17: the shopper's mistakes said where they are, colours with their pictures, the desktop menu, Bengali. */
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 768 };
const PRODUCT = 'khadi-cotton-panjabi';

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
});

interface Variant {
  id: number;
  label: string;
  stock: number;
}

async function productAnswer(page: Page): Promise<{ id: number; variants: Variant[]; images: { path: string }[] }> {
  const answer = await page.request.get(`/_public/product/${PRODUCT}`);
  return (await answer.json()).product;
}

/** Chooses a size and colour on the product page. */
async function choose(page: Page, size: string, colour: string) {
  await page.getByRole('button', { name: size, exact: true }).click();
  await page.getByRole('button', { name: colour, exact: true }).click();
}

async function bengaliPage(viewport = PHONE): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await newPage(browser, viewport);
  // What the language switch keeps for the server: the page arrives drawn in Bengali, the app starts in it.
  await opened.context.addCookies([{ name: 'haat_language', value: 'bn', url: baseUrl() }]);
  return opened;
}

describe('storefront: mistakes said at their fields (390 px)', () => {
  it('a refused "Place order" focuses the first field in error and sums the fields up by the button, as links', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await page.goto(`/product/${PRODUCT}`);
    await choose(page, 'XL', 'Off White');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByText('Added to your cart.').waitFor();
    await page.goto('/checkout');
    await page.getByLabel('Name').fill('Rupa Akter');
    await page.getByLabel('Address').fill('House 7, Road 3, Mirpur 10');
    await page.getByRole('button', { name: 'Place order' }).click();

    // The mobile number is the first field in error: it has the focus, and is on screen.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('phone');
    const phone = page.getByLabel('Mobile number');
    expect(await phone.getAttribute('aria-invalid')).toBe('true');
    expect(
      await phone.evaluate((input) => input.getBoundingClientRect().top >= 0 && input.getBoundingClientRect().bottom <= innerHeight),
    ).toBe(true);
    const summary = page.getByTestId('error-summary');
    expect(await summary.textContent()).toBe('Check 3 fields: Mobile number, District (city), Area (upazila / thana)');
    // "an area", not "a area".
    await page.getByText('Choose an area', { exact: true }).waitFor();
    expect(await page.getByText('Choose a area').count()).toBe(0);
    // The button says what is wrong to a screen reader too.
    expect(await page.getByRole('button', { name: 'Place order' }).getAttribute('aria-describedby')).toBe('checkout-errors');

    // A link takes the focus to its field.
    await summary.getByRole('link', { name: 'Area (upazila / thana)' }).click();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('sub_city_id');

    // Fixing a field takes it out of the summary; another refused submit focuses the first one left.
    await phone.fill('01811223344');
    await expect.poll(() => summary.textContent()).toBe('Check 2 fields: District (city), Area (upazila / thana)');
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('city_id');
    await context.close();
  });

  it('a quantity above what is left is an error at the field with how many are left, never changed behind the shopper', async () => {
    const { context, page } = await newPage(browser, PHONE);
    const product = await productAnswer(page);
    const variant = product.variants.find((each) => each.label === 'M / Grey');
    if (!variant || variant.stock < 1) throw new Error('the demo has no M / Grey Khadi Cotton Panjabi in stock');
    const tooMany = variant.stock + 1;

    await page.goto(`/product/${PRODUCT}`);
    await choose(page, 'M', 'Grey');
    const quantity = page.getByTestId('product-quantity');
    await quantity.fill(String(tooMany));
    await page
      .getByRole('alert')
      .filter({ hasText: `Only ${variant.stock} left` })
      .waitFor();
    expect(await quantity.inputValue()).toBe(String(tooMany));
    expect(await quantity.getAttribute('aria-invalid')).toBe('true');
    // Nothing is added while it is above the stock.
    await page.getByRole('button', { name: 'Add to cart' }).click();
    expect(await page.getByTestId('cart-badge').count()).toBe(0);

    // In the cart: one added, then more than is left typed.
    await quantity.fill('1');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByText('Added to your cart.').waitFor();
    await page.goto('/cart');
    const line = page.getByTestId('cart-line');
    const lineQuantity = line.getByRole('spinbutton');
    await lineQuantity.fill(String(tooMany));
    await lineQuantity.blur();
    await line.getByText(`Only ${variant.stock} left`, { exact: true }).waitFor();
    expect(await line.getByRole('spinbutton').inputValue()).toBe(String(tooMany));
    expect(await line.getByRole('spinbutton').getAttribute('aria-invalid')).toBe('true');
    // The cart still holds one.
    const cart = await (await page.request.get('/_public/cartToContent')).json();
    expect(cart.cart_content.map((each: { variant_id: number; quantity: number }) => [each.variant_id, each.quantity])).toEqual([
      [variant.id, 1],
    ]);
    await context.close();
  });
});

describe('storefront: a colour shows its own picture (390 px)', () => {
  it('the back office links a picture to Grey; choosing Grey on the product page shows it, Off White the main one', async () => {
    const admin = await newPage(browser, DESKTOP);
    const product = await productAnswer(admin.page);
    const main = product.images[0]?.path ?? '';
    await signInAsAdmin(admin.page);
    await admin.page.goto(`/admin/product/edit/${product.id}`);
    const pictures = admin.page.getByRole('region', { name: 'Pictures' });
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#7a7a7a' } })
      .png()
      .toBuffer();
    await pictures.locator('input[type="file"]').setInputFiles({ name: 'grey.png', mimeType: 'image/png', buffer: png });
    await admin.page.getByRole('img', { name: 'Picture 2' }).waitFor();
    await pictures.getByLabel('Shows option: picture 2').selectOption({ label: 'Colour: Grey' });
    await admin.page.getByRole('button', { name: 'Save changes' }).click();
    await admin.page.getByText('The product was saved.').waitFor();
    await admin.context.close();

    const { context, page } = await newPage(browser, PHONE);
    await page.goto(`/product/${PRODUCT}`);
    const picture = page.getByTestId('product-picture');
    await expect.poll(() => picture.getAttribute('src')).toContain(main.replace(/\.webp$/, ''));
    await page.getByRole('button', { name: 'Grey', exact: true }).click();
    await expect.poll(() => picture.getAttribute('src')).not.toContain(main.replace(/\.webp$/, ''));
    const grey = (await productAnswer(page)).images.find((image) => image.path !== main);
    expect(await picture.getAttribute('src')).toContain(grey?.path.replace(/\.webp$/, ''));
    // Off White has no picture of its own: back to the main one.
    await page.getByRole('button', { name: 'Grey', exact: true }).click();
    await page.getByRole('button', { name: 'Off White', exact: true }).click();
    await expect.poll(() => picture.getAttribute('src')).toContain(main.replace(/\.webp$/, ''));
    await context.close();
  });
});

describe('storefront: the category menu on a desktop home page (1366 px)', () => {
  it('lists the top categories beside the slider, their children open on hover and on keyboard focus; phones do not show it', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await page.goto('/');
    const menu = page.getByRole('navigation', { name: 'Shop by category' });
    await menu.getByRole('link', { name: 'Women', exact: true }).waitFor();
    // Beside the slider, on the first screen.
    const [menuBox, sliderBox] = await Promise.all([menu.boundingBox(), page.locator('main .s-slider').first().boundingBox()]);
    expect(menuBox && sliderBox && menuBox.x + menuBox.width <= sliderBox.x).toBe(true);
    expect(menuBox && menuBox.y < DESKTOP.height).toBe(true);

    const sub = menu.getByRole('link', { name: 'Saree', exact: true });
    expect(await sub.isVisible()).toBe(false);
    await menu.getByRole('link', { name: 'Women', exact: true }).hover();
    await sub.waitFor({ state: 'visible' });
    await page.mouse.move(1300, 700);
    await sub.waitFor({ state: 'hidden' });

    // The keyboard: Tab onto a category opens its children, the next Tab goes into them, Enter follows one.
    await menu.getByRole('link', { name: 'Women', exact: true }).focus();
    await sub.waitFor({ state: 'visible' });
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Saree');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/category/women/saree');
    await context.close();

    const phone = await newPage(browser, PHONE);
    await phone.page.goto('/');
    await phone.page.getByRole('heading', { name: 'Categories' }).waitFor();
    expect(await phone.page.getByRole('navigation', { name: 'Shop by category' }).count()).toBe(0);
    await phone.context.close();
  });
});

describe('storefront in Bengali', () => {
  it('draws the page in Bengali from the first paint: words, prices in Bengali digits, a Bengali date, the web font', async () => {
    const { context, page } = await bengaliPage();
    const html = await (await page.request.get('/category/women')).text();
    expect(html).toContain('<html lang="bn"');
    expect(html).toContain('placeholder="পণ্য, ব্র্যান্ড ও আরও কিছু খুঁজুন"');

    await page.goto('/category/women');
    await page.getByRole('heading', { level: 1, name: 'Women' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('bn');
    await page
      .getByText(/^[০-৯]+টি পণ্য$/)
      .first()
      .waitFor();
    // Prices with Bengali digits, none with Latin ones.
    const prices = await page.locator('.s-price strong').allTextContents();
    expect(prices.length).toBeGreaterThan(0);
    for (const price of prices) expect(price).toMatch(/^৳[০-৯,]+$/);
    // The footer's links and year.
    await page.getByRole('link', { name: 'অর্ডার ট্র্যাক করুন' }).waitFor();
    expect(await page.locator('.s-footer-copy').textContent()).toMatch(/[০-৯]{4}/);

    // The Bengali web font is loaded and draws Bengali.
    await expect
      .poll(() =>
        page.evaluate(() => [...document.fonts].some((font) => font.family.includes('Noto Sans Bengali') && font.status === 'loaded')),
      )
      .toBe(true);
    expect(await page.evaluate(() => document.fonts.check('16px "Noto Sans Bengali"', 'বাংলা'))).toBe(true);
    await context.close();
  });

  it('writes a review date with Bengali digits and month', async () => {
    const { context, page } = await bengaliPage();
    // A product with an approved review in the demo shop.
    const listing = await (await page.request.get('/_public/sub/sub/category/product?category=women&page=1')).json();
    const reviewed = listing.data.find((card: { rating?: { count: number } }) => (card.rating?.count ?? 0) > 0);
    if (!reviewed) throw new Error('no reviewed product in the demo shop');
    await page.goto(`/product/${reviewed.slug}`);
    // The reviews load as the shopper scrolls near them.
    await page.locator('#reviews').scrollIntoViewIfNeeded();
    const review = page.getByTestId('review').first();
    await review.waitFor();
    const date = await review.locator('.s-muted.s-small').first().textContent();
    expect(date).toMatch(/[০-৯]/);
    expect(date).not.toMatch(/[0-9]|January|February|March|April|May|June|July|August|September|October|November|December/);
    await context.close();
  });

  it('loads the Bengali web font only in Bengali', async () => {
    const { context, page } = await newPage(browser, PHONE);
    const fonts: string[] = [];
    page.on('request', (request) => {
      if (/noto-sans-bengali/.test(request.url())) fonts.push(request.url());
    });
    await page.goto('/');
    await page.getByRole('heading', { name: 'Best sellers' }).waitFor();
    expect(await page.evaluate(() => [...document.fonts].filter((font) => font.family.includes('Noto Sans Bengali')).length)).toBe(0);
    expect(fonts).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await context.close();
  });
});

describe('storefront: a new password and its confirmation (390 px)', () => {
  it('one box shows and hides both, on sign-up and on the password reset; a mismatch is said under the second', async () => {
    const { context, page } = await newPage(browser, PHONE);
    for (const path of ['/register', '/password/reset?phone=01712345678']) {
      await page.goto(path);
      const fields = page.locator('input[name="password"], input[name="password_confirmation"]');
      await fields.first().waitFor();
      expect(await fields.count()).toBe(2);
      const types = () => fields.evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).type));
      expect(await types()).toEqual(['password', 'password']);
      const show = page.getByRole('checkbox', { name: 'Show passwords' });
      await show.check();
      expect(await types()).toEqual(['text', 'text']);
      await show.press('Space');
      expect(await types()).toEqual(['password', 'password']);
    }
    await page.goto('/register');
    await page.locator('input[name="password"]').fill('secret-one-2');
    await page.locator('input[name="password_confirmation"]').fill('secret-two-2');
    await page.getByRole('button', { name: 'Create account' }).click();
    const confirmation = page.locator('input[name="password_confirmation"]');
    await expect.poll(() => confirmation.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await confirmation.getAttribute('aria-describedby')) ?? '';
    expect(await page.locator(`[id="${describedBy.split(' ').at(-1)}"]`).textContent()).toBe('The two passwords do not match');
    await context.close();
  });
});

describe('back office in Bengali: page numbers', () => {
  it('writes them in Bengali digits, named "পাতা ২" for a screen reader, and moves from the keyboard', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signInAsAdmin(page);
    await page.evaluate(() => localStorage.setItem('haat_language', 'bn'));
    await page.goto('/admin/report/product/stock');
    const second = page.getByRole('button', { name: 'পাতা ২', exact: true });
    await second.waitFor();
    expect((await second.textContent())?.trim()).toBe('২');
    expect(await page.getByRole('button', { name: 'পাতা ১', exact: true }).getAttribute('aria-current')).toBe('page');
    await second.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => second.getAttribute('aria-current')).toBe('page');
    await context.close();
  });
});
