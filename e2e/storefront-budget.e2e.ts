import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launch, newPage, signInAsAdmin } from './browser';

/** The storefront on a phone: 390 × 844 (issue 5). */
const PHONE = { width: 390, height: 844 };
const PRODUCT = 'khadi-cotton-panjabi';

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
});

/** A call from inside the page, with its session cookie and CSRF token, as the app makes it. */
function call<T>(page: Page, method: string, url: string, body?: unknown): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '';
      const response = await fetch(url, {
        method,
        credentials: 'same-origin',
        headers: {
          Accept: 'application/json',
          'Content-Type': 'application/json',
          'X-Requested-With': 'XMLHttpRequest',
          'X-CSRF-TOKEN': token,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: await response.json().catch(() => null) };
    },
    { method, url, body },
  );
}

/** Where each element a locator finds sits on the page, to compare the server's drawing with the app's. */
function boxes(page: Page, selector: string) {
  return page.locator(selector).evaluateAll((elements) =>
    elements.map((element) => {
      const box = element.getBoundingClientRect();
      return { x: Math.round(box.x), y: Math.round(box.y + window.scrollY), width: Math.round(box.width), height: Math.round(box.height) };
    }),
  );
}

describe('storefront: every page paints from the server, reviews and Bengali messages', () => {
  it('sends the header and the first slide in the HTML of `/`, before any script runs', async () => {
    const [html, slider] = await Promise.all([
      fetch(`${baseUrl()}/`).then((answer) => answer.text()),
      fetch(`${baseUrl()}/_public/slider`).then((answer) => answer.json() as Promise<{ sliders: { image: string }[] }>),
    ]);
    const first = slider.sliders[0]?.image ?? '';
    expect(first).toMatch(/^sliders\//);
    const large = `/../public/storage/${first}`;
    const widths = [160, 360, 480, 720, 800, 1200, 1600].map((width) => `${large.replace(/\.webp$/, `-${width}.webp`)} ${width}w`);
    const srcset = [...widths, `${large} 1920w`].join(', ');
    const boot = html.slice(html.indexOf('<div id="boot"'), html.indexOf('<div id="root">'));
    expect(boot).toContain('<a class="s-brand"><span>Haat Bazar</span></a>');
    expect(boot).toContain(`<img src="${large}" srcset="${srcset}" sizes="`);
    expect(boot).toMatch(/width="1200" height="450"/);
    // The picture is asked for first, with high priority, in the same widths.
    const preload = html.indexOf(`<link rel="preload" as="image" fetchpriority="high" href="${large}" imagesrcset="${srcset}"`);
    expect(preload).toBeGreaterThan(0);
    expect(preload).toBeLessThan(html.indexOf('<script'));

    // Without the app's code at all, a phone shows the shop's name and the slide.
    const context = await browser.newContext({ baseURL: baseUrl(), viewport: PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    const image = page.locator('#boot img');
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)).toBe(true);
    const box = await image.boundingBox();
    expect(box?.width).toBe(366);
    expect(await page.locator('#boot').textContent()).toContain('Haat Bazar');
    await context.close();
  });

  it('lets the app take the place over: the same slide in the same place, the drawing gone', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await page.goto('/');
    const slide = page.locator('.s-slider .s-slide img').first();
    await slide.waitFor();
    await page.locator('#boot').waitFor({ state: 'detached' });
    const box = await slide.boundingBox();
    expect(box).toMatchObject({ x: 12, y: 120, width: 366 });
    expect(await page.locator('main').count()).toBe(1);
    await context.close();
  });

  it('fetches the width a phone shows of the largest picture, once: the drawing and the app ask for the same file', async () => {
    // A phone 390 px wide at DPR 1.75 (Lighthouse's mobile profile): a card is 178 px wide (360 px at DPR 1.75 from 311 px on a 390 px phone to 331 px on a 412 px one), a picture or a slide 366 px.
    const pages = [
      { path: '/', picture: '.s-slider .s-slide img', width: 720 },
      { path: '/category/women', picture: '.s-product-img img', width: 360 },
      { path: `/product/${PRODUCT}`, picture: '.s-gallery-main img', width: 720 },
    ];
    for (const { path, picture, width } of pages) {
      const context = await browser.newContext({ baseURL: baseUrl(), viewport: PHONE, deviceScaleFactor: 1.75 });
      const page = await context.newPage();
      const asked: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'image') asked.push(new URL(request.url()).pathname);
      });
      await page.goto(path);
      const drawn = await page
        .locator(`#boot ${picture}`)
        .first()
        .evaluate((image: HTMLImageElement) => new URL(image.currentSrc || image.src).pathname)
        .catch(() => null);
      await page.locator('#boot').waitFor({ state: 'detached' });
      const app = page.locator(`main ${picture}`).first();
      await expect.poll(() => app.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
      const shown = await app.evaluate((image: HTMLImageElement) => new URL(image.currentSrc).pathname);
      expect(shown, path).toMatch(new RegExp(`^/public/storage/[a-z]+/[A-Za-z0-9_-]+-${width}\\.webp$`));
      if (drawn) expect(drawn, path).toBe(shown);
      // The picture in no other width, and that width once (the preload, the drawing and the app share it).
      const name = shown.replace(/-\d+\.webp$/, '');
      // A product with several pictures lists the main one among its thumbnails too, at a thumbnail's width: that is another use.
      const thumbnails = await page
        .locator('main .s-thumbs img')
        .evaluateAll((images) =>
          images.flatMap((image) => (image.getAttribute('srcset') ?? '').split(',').map((each) => each.trim().split(' ')[0] ?? '')),
        );
      const copies = asked.filter(
        (url) =>
          (url.startsWith(`${name}.`) || url.startsWith(`${name}-`)) &&
          (url === shown || !thumbnails.some((thumbnail) => thumbnail.endsWith(url))),
      );
      expect(copies, path).toEqual([shown]);
      await context.close();
    }
  });

  it("draws a category's, a product's and the cart's top before any script, where the app draws them", async () => {
    const pages = [
      { path: '/category/women', parts: '.s-product-img img, h1' },
      { path: `/product/${PRODUCT}`, parts: '.s-gallery-main img, h1' },
      { path: '/cart', parts: '.s-line img, h1, .s-totals' },
    ];
    for (const { path, parts } of pages) {
      const { context, page } = await newPage(browser, PHONE);
      if (path === '/cart') {
        await page.goto(`/product/${PRODUCT}`);
        const product = await call<{ product: { variants: { id: number; stock: number }[] } }>(page, 'GET', `/_public/product/${PRODUCT}`);
        const variant = product.body.product.variants.find((each) => each.stock > 0);
        expect((await call(page, 'POST', '/_public/cart', { variant_id: variant?.id, quantity: 1 })).status).toBe(200);
      }
      // The app's drawing, once it has taken over.
      await page.goto(path);
      await page.locator('#boot').waitFor({ state: 'detached' });
      const within = (scope: string) =>
        parts
          .split(', ')
          .map((part) => `${scope} ${part}`)
          .join(', ');
      await page.locator(within('main')).first().waitFor();
      const app = await boxes(page, within('main'));

      // The server's drawing alone, scripts off, with the same cookies (the cart's).
      const still = await browser.newContext({
        baseURL: baseUrl(),
        viewport: PHONE,
        javaScriptEnabled: false,
        storageState: await context.storageState(),
      });
      const drawn = await still.newPage();
      await drawn.goto(path);
      const first = drawn.locator(within('#boot')).first();
      await first.waitFor();
      const pictures = drawn.locator('#boot img[width="360"], #boot img[width="1200"], #boot .s-line img');
      await expect
        .poll(() => pictures.evaluateAll((images: HTMLImageElement[]) => images.every((image) => image.complete && image.naturalWidth > 0)))
        .toBe(true);
      const server = await boxes(drawn, within('#boot'));
      await still.close();

      expect(server.length, path).toBeGreaterThan(1);
      // Same places, same sizes: nothing moves when the app takes over.
      expect(app.slice(0, server.length), path).toEqual(server);
      expect(await page.locator('main').count()).toBe(1);
      await context.close();
    }
  });

  it('shows an approved review on the product page under the rating', async () => {
    const admin = await newPage(browser);
    await signInAsAdmin(admin.page);
    const product = await call<{ product: { id: number } }>(admin.page, 'GET', `/_public/product/${PRODUCT}`);
    const text = `Lovely khadi, soft after washing (${Date.now()})`;
    const created = await call<{ data: { id: number } }>(admin.page, 'POST', '/api/admin/product-reviews', {
      product_id: product.body.product.id,
      customer_name: 'Tania K.',
      rating: 5,
      text,
      status: 'pending',
    });
    expect(created.status).toBe(201);

    const { context, page } = await newPage(browser, PHONE);
    await page.goto(`/product/${PRODUCT}`);
    const reviews = page.locator('#reviews');
    await reviews.getByRole('heading', { name: 'Ratings and reviews' }).waitFor();
    // The reviews load as the shopper scrolls near them (a phone's first load carries none of their script).
    await reviews.scrollIntoViewIfNeeded();
    await reviews.getByRole('link', { name: /Sign in to review/ }).waitFor();
    expect(await reviews.getByText(text).count()).toBe(0);

    // Approved in the back office: the next visit shows it, newest first, with the name the customer gave.
    const approved = await call(admin.page, 'POST', '/api/admin/product-reviews/bulk', { action: 'approve', ids: [created.body.data.id] });
    expect(approved.status).toBe(200);
    await page.reload();
    await reviews.scrollIntoViewIfNeeded();
    const first = reviews.getByTestId('review').first();
    await first.getByText(text).waitFor();
    expect(await first.getByText('Tania K.').count()).toBe(1);
    await admin.context.close();
    await context.close();
  });

  it("shows the contract's message in Bengali on a Bengali checkout with a bad phone", async () => {
    const { context, page } = await newPage(browser, PHONE);
    await context.addInitScript(() => localStorage.setItem('haat_language', 'bn'));
    await page.goto(`/product/${PRODUCT}`);
    const product = await call<{ product: { variants: { id: number; stock: number }[] } }>(page, 'GET', `/_public/product/${PRODUCT}`);
    const variant = product.body.product.variants.find((each) => each.stock > 0);
    expect(variant).toBeDefined();
    expect((await call(page, 'POST', '/_public/cart', { variant_id: variant?.id, quantity: 1 })).status).toBe(200);

    await page.goto('/checkout');
    await page.getByLabel('মোবাইল নম্বর').fill('12345');
    await page.getByRole('button', { name: 'অর্ডার করুন' }).click();
    await page.getByText('01712345678-এর মতো একটি মোবাইল নম্বর লিখুন').waitFor();
    expect(await page.getByText('Enter a mobile number like 01712345678').count()).toBe(0);
    await context.close();
  });
});
