import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestBrowser } from '../../test/harness';
import { makeWebDist, PAGE_TEMPLATE } from '../../test/web-dist';
import { createProduct, productBody } from '../products/catalogue.fixture';
import { escapeHtml, plainText, renderHead, withHead } from './seo.service';
import { DAY_MS, makeShop, msFromNow, type Shop } from './storefront.fixture';

/** A stored picture's srcset under the localhost image base link: each width it is kept in, then its large copy. */
const widthsOf = (name: string, widths: number[], large: number) =>
  [...widths.map((width) => `/../public/storage/${name}-${width}.webp ${width}w`), `/../public/storage/${name}.webp ${large}w`].join(', ');
const PRODUCT_WIDTHS = [160, 360, 480, 720, 800];
/** The widths store.css gives a card, a product's picture and a slide (docs/decisions/024). */
const CARD = '(min-width: 960px) 290px, (min-width: 640px) calc(33vw - 15px), calc(50vw - 17px)';
const PRODUCT = '(min-width: 1200px) 566px, (min-width: 960px) calc(50vw - 34px), calc(100vw - 24px)';
const WIDE = '(min-width: 1200px) 1160px, (min-width: 960px) calc(100vw - 40px), calc(100vw - 24px)';

let t: TestApp;
let admin: TestBrowser;
let visitor: TestBrowser;
let shop: Shop;
let webDist: ReturnType<typeof makeWebDist>;
let tricky: { id: number; slug: string };

beforeAll(async () => {
  // A file of the build with a name the API makes itself must not clash with it.
  webDist = makeWebDist({ 'index.html': PAGE_TEMPLATE, 'robots.txt': 'User-agent: *\nDisallow: /\n' });
  t = await createTestApp({ env: { WEB_DIST: webDist.dir } });
  admin = await t.browser();
  await admin.loginAdmin();
  visitor = await t.browser();
  shop = await makeShop(admin);
  tricky = await createProduct(
    admin,
    productBody(shop.catalogue, {
      name: 'Kurti <script>alert("x")</script> & "Quotes"',
      slug: 'tricky-kurti',
      sku: 'SF-TRICKY',
      seo_description: 'Best "kurti" <b>ever</b> & more',
      images: [{ path: 'products/tricky.webp', thumbnail: 'products/tricky-thumb.webp' }],
    }),
  );
});
afterAll(async () => {
  await t.close();
  webDist?.remove();
});

async function page(url: string) {
  const response = await visitor.get(url);
  expect(response.statusCode, url).toBe(200);
  expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
  const head = response.body.slice(0, response.body.indexOf('</head>'));
  const meta = (key: string) => {
    const match = new RegExp(`<meta (?:name|property)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)"`).exec(head);
    return match ? match[1] : null;
  };
  const title = /<title>([^<]*)<\/title>/.exec(head)?.[1] ?? null;
  const canonical = /<link rel="canonical" href="([^"]*)"/.exec(head)?.[1] ?? null;
  return { response, head, meta, title, canonical };
}

describe('page heads', () => {
  it('fills in a product page: title, description, canonical address, Open Graph and Twitter tags, price', async () => {
    const { head, meta, title, canonical } = await page(`/product/${shop.kurti.slug}`);
    expect(title).toBe('Plain Cotton Kurti | Haat');
    expect(meta('description')).toBe('Soft cotton kurti for every day.');
    expect(canonical).toBe(`http://localhost:80/product/${shop.kurti.slug}`);
    expect(meta('og:type')).toBe('product');
    expect(meta('og:title')).toBe('Plain Cotton Kurti | Haat');
    expect(meta('og:description')).toBe('Soft cotton kurti for every day.');
    expect(meta('og:url')).toBe(canonical);
    // The main picture, large, as an absolute address.
    expect(meta('og:image')).toBe('http://localhost:80/storage/products/kurti-back.webp');
    expect(meta('og:site_name')).toBe('Haat');
    expect(meta('product:price:amount')).toBe('1250.50');
    expect(meta('product:price:currency')).toBe('BDT');
    expect(meta('twitter:card')).toBe('summary_large_image');
    expect(meta('twitter:image')).toBe('http://localhost:80/storage/products/kurti-back.webp');
    expect(meta('robots')).toBeNull();
    // The built page's own title and description are replaced, not repeated; the CSRF token is filled in.
    expect(head.match(/<title>/g)).toHaveLength(1);
    expect(head.match(/name="description"/g)).toHaveLength(1);
    expect(head).not.toContain('__CSRF_TOKEN__');
    expect(head).toMatch(/<meta name="csrf-token" content="[\w-]{32,}" \/>/);
  });

  it('prices the page at what the shopper pays now', async () => {
    const { meta } = await page(`/product/${shop.cotton.slug}`);
    expect(meta('product:price:amount')).toBe('1200.00');
  });

  it('escapes every value', async () => {
    const { head, title, meta } = await page(`/product/${tricky.slug}`);
    expect(head).not.toContain('<script>');
    expect(head).not.toContain('<b>');
    expect(title).toBe('Kurti &#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; &#34;Quotes&#34; | Haat');
    expect(meta('og:title')).toBe(title);
    expect(meta('description')).toBe('Best &#34;kurti&#34; &#60;b&#62;ever&#60;/b&#62; &#38; more');
  });

  it('gives a draft or unknown product the site head and noindex: the page still loads and its script goes home', async () => {
    for (const url of [`/product/${shop.draft.slug}`, '/product/no-such-thing', `/product/${shop.draft.id}`]) {
      const { title, meta, canonical, head } = await page(url);
      expect(title, url).toBe('Haat | Cash on delivery, all over Bangladesh');
      expect(meta('robots'), url).toBe('noindex');
      expect(meta('og:type'), url).toBe('website');
      expect(canonical, url).toBeNull();
      expect(head, url).not.toContain('Secret Draft');
      expect(meta('product:price:amount'), url).toBeNull();
    }
  });

  it('fills in category pages at every level, with the canonical path of the tree', async () => {
    const top = await page('/category/women');
    expect(top.title).toBe('Women | Haat');
    expect(top.canonical).toBe('http://localhost:80/category/women');
    const deep = await page('/category/women/kurti/cotton-kurti');
    expect(deep.title).toBe('Cotton Kurti | Haat');
    expect(deep.meta('description')).toContain('Women › Kurti › Cotton Kurti');
    expect(deep.canonical).toBe('http://localhost:80/category/women/kurti/cotton-kurti');
    expect(deep.meta('og:type')).toBe('website');
    // A path that is not the category's own, or a category that is not there.
    for (const url of ['/category/men/kurti', '/category/nowhere']) {
      const wrong = await page(url);
      expect(wrong.meta('robots'), url).toBe('noindex');
      expect(wrong.title, url).toBe('Haat | Cash on delivery, all over Bangladesh');
    }
  });

  it('fills in a running campaign page with its banner; one that is not running gets the site head', async () => {
    const running = await admin.post('/api/admin/campaigns', {
      name: 'Eid Festival',
      slug: 'eid-festival',
      description: '<p>Festive prices on kurtis.</p>',
      starts_at: msFromNow(-DAY_MS),
      ends_at: msFromNow(5 * DAY_MS),
      products: [{ product_id: shop.kurti.id, campaign_price: 100000 }],
    });
    expect(running.statusCode, running.body).toBe(201);
    await admin.put(`/api/admin/campaigns/${running.json().data.id}/images`, {
      banner: { path: 'campaigns/eid.webp', thumbnail: 'campaigns/eid-thumb.webp' },
    });
    const { title, meta, canonical } = await page('/campaign/eid-festival');
    expect(title).toBe('Eid Festival | Haat');
    expect(meta('description')).toBe('Festive prices on kurtis.');
    expect(meta('og:image')).toBe('http://localhost:80/storage/campaigns/eid.webp');
    expect(canonical).toBe('http://localhost:80/campaign/eid-festival');
    await admin.post('/api/admin/campaigns', {
      name: 'Next Month',
      slug: 'next-month',
      starts_at: msFromNow(20 * DAY_MS),
      ends_at: msFromNow(25 * DAY_MS),
    });
    expect((await page('/campaign/next-month')).meta('robots')).toBe('noindex');
  });

  it('fills in a landing page with its headline, first text and product picture; a hidden one gets the site head', async () => {
    const created = await admin.post('/api/admin/landing-pages', {
      headline: 'Cotton kurti for summer, cash on delivery',
      slug: 'summer-kurti',
      product_id: shop.kurti.id,
      sections: [{ type: 'text', title: 'Why', content: 'Soft cotton that breathes in the heat.' }],
      button_text: 'Order now',
    });
    expect(created.statusCode, created.body).toBe(201);
    const { title, meta, canonical } = await page('/landing/summer-kurti');
    expect(title).toBe('Cotton kurti for summer, cash on delivery');
    expect(meta('description')).toBe('Soft cotton that breathes in the heat.');
    expect(meta('og:image')).toBe('http://localhost:80/storage/products/kurti-back.webp');
    expect(meta('robots')).toBeNull();
    expect(canonical).toBe('http://localhost:80/landing/summer-kurti');
    const missing = await page('/landing/no-such-page');
    expect(missing.meta('robots')).toBe('noindex');
  });

  it('keeps private pages out of search engines and the back office as built', async () => {
    for (const url of [
      '/cart',
      '/checkout',
      '/order/H-1001/thanks',
      '/track',
      '/login',
      '/register',
      '/account/orders',
      '/search?q=kurti',
    ]) {
      expect((await page(url)).meta('robots'), url).toBe('noindex');
    }
    const home = await page('/');
    expect(home.meta('robots')).toBeNull();
    expect(home.canonical).toBe('http://localhost:80/');
    expect((await page('/offers')).title).toBe('Offers | Haat');
    const backOffice = await page('/admin/dashboard');
    expect(backOffice.title).toBe('Haat');
    expect(backOffice.meta('robots')).toBeNull();
  });

  it('takes the site name and tagline from the general settings, the moment they change', async () => {
    const saved = await admin.put('/api/admin/settings/general', { site_name: 'Haat Bazar' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await page(`/product/${shop.kurti.slug}`)).title).toBe('Plain Cotton Kurti | Haat Bazar');
    await admin.put('/api/admin/settings/general', { site_name: 'Haat' });
  });
});

describe("the first paint in a page's HTML", () => {
  const boot = (html: string) => /<div id="boot"[\s\S]*?(?=\s*<div id="root">)/.exec(html)?.[0] ?? null;

  it('draws the header on every storefront page, nothing on the back office', async () => {
    const drawn = boot((await page('/track')).response.body) ?? '';
    expect(drawn).toContain('inert aria-hidden="true" data-path="/track">');
    // The app's classes: the same rules (storefront/store.css, inline in shop.html) lay both out.
    expect(drawn).toContain('<div class="s-header"><div class="s-wrap"><div class="s-header-top"><a class="s-brand"><span>Haat</span></a>');
    expect(drawn).toContain('placeholder="Search for products, brands and more"');
    // Only the header: the page removes it at once, no picture to wait for.
    expect(drawn).not.toContain('data-page');
    expect(drawn).not.toContain('<img');
    expect(boot((await page('/admin/login')).response.body)).toBeNull();
  });

  it("draws a guest's checkout top (heading and the offer to sign in), a signed-in customer's the header alone", async () => {
    const guest = boot((await page('/checkout')).response.body) ?? '';
    expect(guest).toContain('data-page><div class="store"');
    expect(guest).toContain(
      '<div class="s-stack"><h1>Checkout</h1><p class="s-small">No account needed. Have one? <a href="/login?next=/checkout" class="s-link">Sign in</a></p></div>',
    );
    const bengali = boot((await visitor.get('/checkout', { cookie: 'haat_language=bn' })).body) ?? '';
    expect(bengali).toContain(
      '<h1>চেকআউট</h1><p class="s-small">অ্যাকাউন্ট লাগবে না। অ্যাকাউন্ট আছে? <a href="/login?next=/checkout" class="s-link">সাইন ইন</a></p>',
    );
    const customer = boot((await visitor.get('/checkout', { cookie: 'haat_user=some-session' })).body) ?? '';
    expect(customer).not.toContain('data-page');
    expect(customer).not.toContain('<h1>');
  });

  it("draws the home page's first slide, preloaded first", async () => {
    // Without a slide, the header and the category menu (store.css shows it on a wide screen only).
    const withoutSlide = boot((await page('/')).response.body) ?? '';
    expect(withoutSlide).toContain(
      '<div class="s-home-top"><nav class="s-home-menu" aria-label="Shop by category"><ul><li><a href="/category/women">Women</a>',
    );
    expect(withoutSlide).not.toContain('<img');
    await admin.put('/api/admin/settings/general', { site_name: 'Haat <Bazar> & Co' });
    const first = await admin.post('/api/admin/sliders', {
      title: 'Eid "sale"',
      subtitle: 'Up to 15% off',
      image: 'sliders/eid.webp',
      sort_order: 5,
    });
    expect(first.statusCode, first.body).toBe(201);
    const { response, head } = await page('/');
    const html = response.body;
    const drawn = boot(html);
    expect(drawn).not.toBeNull();
    expect(html.indexOf('<div id="boot"')).toBeLessThan(html.indexOf('<div id="root">'));
    expect(drawn).toContain('data-path="/" data-page>');
    expect(drawn).toContain('<a class="s-brand"><span>Haat &#60;Bazar&#62; &#38; Co</span></a>');
    // Localhost: the image base link of seed §3; every stored width and the same sizes as the Slider asks for.
    const srcset = widthsOf('sliders/eid', [160, 360, 480, 720, 800, 1200, 1600], 1920);
    expect(drawn).toContain(
      `<div class="s-slider"><div class="s-slides"><div class="s-slide"><img src="/../public/storage/sliders/eid.webp" srcset="${srcset}" sizes="${WIDE}" width="1200" height="450" alt="Eid &#34;sale&#34; — Up to 15% off" fetchpriority="high"`,
    );
    // The preload names the same files and sizes: the browser fetches the one it picks for the <img>, once.
    const preload = `<link rel="preload" as="image" fetchpriority="high" href="/../public/storage/sliders/eid.webp" imagesrcset="${srcset}" imagesizes="${WIDE}">`;
    expect(head).toContain(preload);
    // Right after the viewport, before anything else the page asks for (the early calls and the scripts).
    expect(head.indexOf(preload)).toBeGreaterThan(head.indexOf('name="viewport"'));
    expect(head.indexOf(preload)).toBeLessThan(head.indexOf('name="csrf-token"'));
  });

  it('follows the slider, the header and the theme the moment the back office changes them', async () => {
    const second = await admin.post('/api/admin/sliders', { title: 'Winter', image: 'sliders/winter.webp', sort_order: 1 });
    expect(second.statusCode, second.body).toBe(201);
    await admin.put('/api/admin/settings/header', {
      announcement_text: 'Free delivery in Dhaka',
      menu_links: [{ label: 'Sarees', url: '/category/sarees' }],
    });
    await admin.put('/api/admin/settings/theme', { primary_color: '#fafafa' });
    const drawn = boot((await page('/')).response.body) ?? '';
    expect(drawn).toContain('src="/../public/storage/sliders/winter.webp"');
    expect(drawn).not.toContain('eid');
    expect(drawn).toContain('<p class="s-announce">Free delivery in Dhaka</p>');
    expect(drawn).toContain('<div class="s-menu"><a>Sarees</a></div>');
    // Dark text on a light header.
    expect(drawn).toContain('--haat-primary:#fafafa;--haat-on-primary:#111111');
    await admin.put('/api/admin/settings/header', { announcement_text: '', menu_links: [] });
    await admin.put('/api/admin/settings/general', { site_name: 'Haat' });
  });

  it("draws a category's first products as the listing shows them, the first row's pictures preloaded and first", async () => {
    const { response, head } = await page('/category/women/kurti');
    const drawn = boot(response.body) ?? '';
    expect(drawn).toContain('data-path="/category/women/kurti" data-page>');
    expect(drawn).toContain(
      '<ol class="s-crumbs"><li><a href="/">Home</a></li><li><a href="/category/women">Women</a></li><li><span>Kurti</span></li></ol>',
    );
    expect(drawn).toContain('<h1>Kurti</h1><span class="s-muted s-small">3 products</span>');
    // Its sub-category, as the app's chips.
    expect(drawn).toContain('<a class="s-chip" style="text-decoration:none">Cotton Kurti</a>');
    // Newest first (the listing's first page), names escaped, the draft never.
    const names = [...drawn.matchAll(/<span class="s-product-name">([^<]*)<\/span>/g)].map((match) => match[1]);
    expect(names).toEqual([
      'Kurti &#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; &#34;Quotes&#34;',
      'Handloom Cotton Kurti',
      'Plain Cotton Kurti',
    ]);
    // The first row's pictures first (the second card has none), the rest at once too.
    // Each in the widths a card needs, as ProductCard.tsx asks for them.
    const first = `src="/../public/storage/products/tricky.webp" srcset="${widthsOf('products/tricky', PRODUCT_WIDTHS, 1200)}" sizes="${CARD}"`;
    expect(drawn).toContain(`<img ${first} alt="" width="360" height="360" loading="eager" fetchpriority="high" decoding="sync">`);
    expect(drawn).toContain(
      `<img src="/../public/storage/products/kurti-back.webp" srcset="${widthsOf('products/kurti-back', PRODUCT_WIDTHS, 1200)}" sizes="${CARD}" alt="" width="360" height="360" loading="eager" decoding="async">`,
    );
    expect(drawn).toContain('<span class="s-tag s-tag-out">Out of stock</span>');
    // The running discount, as the card shows it: price now, the retail price struck through.
    expect(drawn).toContain(
      '<span class="s-tag">−20%</span><div class="s-product-body"><span class="s-product-name">Handloom Cotton Kurti</span>',
    );
    expect(drawn).toContain('<strong>৳1,200</strong><del><span class="s-visually-hidden">Regular price </span>৳1,500</del>');
    expect(head).toContain(
      `<link rel="preload" as="image" fetchpriority="high" href="/../public/storage/products/tricky.webp" imagesrcset="${widthsOf('products/tricky', PRODUCT_WIDTHS, 1200)}" imagesizes="${CARD}">`,
    );

    // Filtered or sorted, the app's first page is another: the header only.
    const sorted = boot((await page('/category/women/kurti?sort=price_asc')).response.body) ?? '';
    expect(sorted).toContain('<div class="s-header">');
    expect(sorted).not.toContain('data-page');
    // An unknown category: the header only.
    expect(boot((await page('/category/nothing-here')).response.body)).not.toContain('data-page');
  });

  it("draws a product's main picture, name and price, the picture preloaded first with the gallery's sizes", async () => {
    const { response, head } = await page(`/product/${shop.kurti.slug}`);
    const drawn = boot(response.body) ?? '';
    expect(drawn).toContain(`data-path="/product/${shop.kurti.slug}" data-page>`);
    const srcset = widthsOf('products/kurti-back', PRODUCT_WIDTHS, 1200);
    // The main picture (the second one here), then both as thumbnails, the main one pressed.
    expect(drawn).toContain(
      `<div class="s-gallery-main"><img src="/../public/storage/products/kurti-back.webp" srcset="${srcset}" sizes="${PRODUCT}" alt="Plain Cotton Kurti" width="1200" height="1200" fetchpriority="high" decoding="sync">`,
    );
    expect(drawn).toContain(
      `<button type="button" aria-pressed="true"><img src="/../public/storage/products/kurti-back.webp" srcset="${srcset}" sizes="64px" alt="" width="64" height="64">`,
    );
    expect(drawn).toContain('<h1>Plain Cotton Kurti</h1><div class="s-row"><span class="s-muted s-small">Aarong Style</span></div>');
    expect(head).toContain(
      `<link rel="preload" as="image" fetchpriority="high" href="/../public/storage/products/kurti-back.webp" imagesrcset="${srcset}" imagesizes="${PRODUCT}">`,
    );
    // Names are escaped like any text.
    expect(boot((await page('/product/tricky-kurti')).response.body)).toContain(
      '<h1>Kurti &#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; &#34;Quotes&#34;</h1>',
    );
    // A draft or a missing product: the header only (the app sends the visitor home).
    expect(boot((await page(`/product/${shop.draft.slug}`)).response.body)).not.toContain('data-page');
  });
  it("draws a landing page's picture, headline, price and order button, as the page shows its top", async () => {
    const created = await admin.post('/api/admin/landing-pages', {
      headline: 'Soft cotton for the summer <b>heat</b>',
      slug: 'kurti-first-paint',
      product_id: shop.kurti.id,
      button_text: 'Order now, pay on delivery',
      delivery_note: 'Delivery in 2 days inside Dhaka.',
    });
    expect(created.statusCode, created.body).toBe(201);
    const { response, head } = await page('/landing/kurti-first-paint');
    const drawn = boot(response.body) ?? '';
    expect(drawn).toContain('data-path="/landing/kurti-first-paint" data-page>');
    const landing = (await visitor.get('/_public/landing/kurti-first-paint')).json() as {
      product: { images: { path: string }[]; name: string };
    };
    const first = landing.product.images[0]?.path as string;
    const srcset = widthsOf(first.replace(/\.webp$/, ''), PRODUCT_WIDTHS, 1200);
    expect(drawn).toContain(
      `<div class="s-gallery-main"><img src="/../public/storage/${first}" srcset="${srcset}" sizes="${PRODUCT}" alt="Plain Cotton Kurti" width="1200" height="1200" fetchpriority="high" decoding="sync">`,
    );
    // The headline escaped; the product's name under it, since the headline does not say it.
    expect(drawn).toContain('<h1>Soft cotton for the summer &#60;b&#62;heat&#60;/b&#62;</h1><p class="s-muted">Plain Cotton Kurti</p>');
    expect(drawn).toContain('<a class="s-btn s-btn-block s-landing-cta">Order now, pay on delivery</a>');
    expect(drawn).toContain('<p class="s-small s-muted">Delivery in 2 days inside Dhaka.</p>');
    expect(head).toContain(`<link rel="preload" as="image" fetchpriority="high" href="/../public/storage/${first}"`);
    // In Bengali: the stock's words and digits.
    const bengali = boot((await visitor.get('/landing/kurti-first-paint', { cookie: 'haat_language=bn' })).body) ?? '';
    expect(bengali).toMatch(/<p class="s-stock-(in|out)">(স্টকে আছে|স্টকে নেই|মাত্র [০-৯]+টি বাকি)<\/p>/);
    // An unknown landing page: the header only (the app shows its not-found page).
    expect(boot((await page('/landing/no-such-landing')).response.body)).not.toContain('data-page');
  });

  it('draws the page in the language the app will show: the chosen one (cookie), else a Bengali browser, else the shop default', async () => {
    const drawnIn = async (headers: Record<string, string>) => {
      const response = await visitor.get(`/category/women/kurti`, headers);
      return { html: response.body, drawn: boot(response.body) ?? '' };
    };
    const bengali = await drawnIn({ cookie: 'haat_language=bn' });
    expect(bengali.html).toContain('<html lang="bn"');
    expect(bengali.drawn).toContain('placeholder="পণ্য, ব্র্যান্ড ও আরও কিছু খুঁজুন"');
    expect(bengali.drawn).toContain('<li><a href="/">হোম</a></li>');
    expect(bengali.drawn).toContain('<h1>Kurti</h1><span class="s-muted s-small">৩টি পণ্য</span>');
    // Prices in Bengali digits, as the app's formatMoney writes them.
    expect(bengali.drawn).toMatch(/<strong>৳[০-৯,]+<\/strong>/);
    expect(bengali.drawn).toContain('<option selected>বাংলা</option>');
    expect((await drawnIn({ 'accept-language': 'bn-BD,bn;q=0.9,en;q=0.8' })).drawn).toContain(
      '<h1>Kurti</h1><span class="s-muted s-small">৩টি পণ্য</span>',
    );
    // A choice of English wins over a Bengali browser; an English browser gets the shop's default (English here).
    const english = await drawnIn({ cookie: 'haat_language=en', 'accept-language': 'bn-BD' });
    expect(english.html).toContain('<html lang="en"');
    expect(english.drawn).toContain('<h1>Kurti</h1><span class="s-muted s-small">3 products</span>');
    expect((await drawnIn({ 'accept-language': 'en-US' })).drawn).toContain('<option selected>English</option>');
  });

  it("draws the browser's own cart from its cookies: lines, quantities and the summary", async () => {
    const shopper = await t.browser();
    const cartPage = async () => {
      const response = await shopper.get('/cart');
      expect(response.statusCode).toBe(200);
      return boot(response.body) ?? '';
    };
    expect(await cartPage()).toContain(
      '<h1>Cart</h1><div class="s-card s-stack" style="align-items:flex-start"><p>Your cart is empty.</p>',
    );
    const variant = shop.kurti.variants.find((each) => each.attribute_value_ids.includes(shop.catalogue.size.m));
    const added = await shopper.post('/_public/cart', { variant_id: variant?.id, quantity: 2 });
    expect(added.statusCode, added.body).toBe(200);
    const drawn = await cartPage();
    expect(drawn).toContain('data-path="/cart" data-page>');
    expect(drawn).toContain(
      '<li class="s-line"><img src="/../public/storage/products/kurti-back-thumb.webp" alt="" width="72" height="72">',
    );
    expect(drawn).toContain(`<a href="/product/${shop.kurti.slug}" style="font-weight:600">Plain Cotton Kurti</a>`);
    expect(drawn).toContain('<input type="number" value="2"');
    expect(drawn).toContain('<p class="s-muted s-small">2 items</p>');
    expect(drawn).toContain('<a href="/checkout" class="s-btn s-btn-block">Checkout</a>');
    // Another browser's cart page knows nothing of it.
    expect(boot((await page('/cart')).response.body)).toContain('Your cart is empty.');
  });
});

describe("the first paint of a reseller's shop", () => {
  const boot = (html: string) => /<div id="boot"[\s\S]*?(?=\s*<div id="root">)/.exec(html)?.[0] ?? null;

  it('draws the shop in its name and colours, its products and a product, from its public answers', async () => {
    const password = 'reseller-pass-1';
    const created = await admin.post('/api/admin/resellers', {
      name: 'Rina',
      phone: '01855000077',
      shop_name: 'Rina & Co',
      status: 'active',
      password,
      password_confirmation: password,
    });
    expect(created.statusCode, created.body).toBe(201);
    const slug = created.json().data.slug as string;
    const answer = (await visitor.get(`/_public/shop/${slug}/products?page=1`)).json() as { data: { name: string; slug: string }[] };
    expect(answer.data.length).toBeGreaterThan(0);

    const home = boot((await page(`/shop/${slug}`)).response.body) ?? '';
    expect(home).toContain(`data-path="/shop/${slug}" data-page>`);
    expect(home).toContain('<a class="s-brand"><span>Rina &#38; Co</span></a>');
    expect(home).toContain('<h1>Welcome to Rina &#38; Co</h1>');
    expect(home).toContain(`<span class="s-product-name">${escapeHtml(answer.data[0]?.name ?? '')}</span>`);

    const product = await page(`/shop/${slug}/product/${shop.kurti.slug}`);
    const drawn = boot(product.response.body) ?? '';
    expect(drawn).toContain('<h1>Plain Cotton Kurti</h1>');
    const srcset = widthsOf('products/kurti-back', PRODUCT_WIDTHS, 1200);
    expect(drawn).toContain(
      `<img src="/../public/storage/products/kurti-back.webp" srcset="${srcset}" sizes="${PRODUCT}" alt="Plain Cotton Kurti"`,
    );
    expect(product.head).toContain(
      `<link rel="preload" as="image" fetchpriority="high" href="/../public/storage/products/kurti-back.webp" imagesrcset="${srcset}" imagesizes="${PRODUCT}">`,
    );

    // Its cart: the shop's header alone. An unknown shop: no drawing (the app shows not found).
    expect(boot((await page(`/shop/${slug}/cart`)).response.body)).toContain('Rina &#38; Co');
    expect(boot((await page(`/shop/${slug}/cart`)).response.body)).not.toContain('data-page');
    expect(boot((await page('/shop/no-such-shop')).response.body)).toBeNull();
  });
});

describe('sitemap and robots', () => {
  it('lists home, categories, published products with their dates, running campaigns and pages', async () => {
    await admin.post('/api/admin/pages', { title: 'About us', slug: 'about-us', body: '<p>We are a shop.</p>' });
    const response = await visitor.get('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.headers.etag).toBeDefined();
    const xml = response.body;
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    const locations = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toEqual(
      expect.arrayContaining([
        'http://localhost:80/',
        'http://localhost:80/category/women',
        'http://localhost:80/category/women/kurti',
        'http://localhost:80/category/women/kurti/cotton-kurti',
        `http://localhost:80/product/${shop.kurti.slug}`,
        `http://localhost:80/product/${shop.cotton.slug}`,
        'http://localhost:80/campaign/eid-festival',
        'http://localhost:80/page/about-us',
      ]),
    );
    expect(locations).not.toContain(`http://localhost:80/product/${shop.draft.slug}`);
    expect(locations).not.toContain('http://localhost:80/campaign/next-month');
    const today = new Date().toISOString().slice(0, 10);
    expect(xml).toContain(`<url><loc>http://localhost:80/product/${shop.kurti.slug}</loc><lastmod>${today}</lastmod></url>`);
    expect((await visitor.get('/sitemap.xml', { 'if-none-match': String(response.headers.etag) })).statusCode).toBe(304);
  });

  it('follows the catalogue: a product published later joins, one unpublished leaves', async () => {
    await admin.post('/api/admin/products/bulk', { action: 'publish', ids: [shop.draft.id] });
    expect((await visitor.get('/sitemap.xml')).body).toContain(`/product/${shop.draft.slug}<`);
    await admin.post('/api/admin/products/bulk', { action: 'unpublish', ids: [shop.draft.id, shop.shirt.id] });
    const xml = (await visitor.get('/sitemap.xml')).body;
    expect(xml).not.toContain(`/product/${shop.draft.slug}<`);
    expect(xml).not.toContain(`/product/${shop.shirt.slug}<`);
    await admin.post('/api/admin/products/bulk', { action: 'publish', ids: [shop.shirt.id] });
  });

  it('answers robots.txt: everything but the back office, portals and API, and where the sitemap is', async () => {
    const response = await visitor.get('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body).toBe(
      [
        'User-agent: *',
        'Disallow: /admin',
        'Disallow: /dropshipper',
        'Disallow: /merchant',
        'Disallow: /api',
        'Disallow: /_public',
        'Allow: /',
        '',
        'Sitemap: http://localhost:80/sitemap.xml',
        '',
      ].join('\n'),
    );
    const proxied = await t.app.inject({ url: '/robots.txt', headers: { host: 'shop.example.com' } });
    expect(proxied.body).toContain('Sitemap: http://shop.example.com/sitemap.xml');
  });

  it('has no parts while the shop is small', async () => {
    expect((await visitor.get('/sitemap/products-1.xml')).statusCode).toBe(200);
    expect((await visitor.get('/sitemap/products-9.xml')).statusCode).toBe(404);
    expect((await visitor.get('/sitemap/other.xml')).statusCode).toBe(404);
  });
});

describe('head rendering', () => {
  it('escapes markup and quotes, and cuts long descriptions at a word', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&#60;a href=&#34;x&#34;&#62;&#39;&#38;&#39;&#60;/a&#62;');
    expect(plainText('<p>One&nbsp;two</p><script>bad()</script><ul><li>three</li></ul>')).toBe('One two three');
    const long = plainText(`<p>${'word '.repeat(60)}</p>`);
    expect(long.length).toBeLessThanOrEqual(160);
    expect(long.endsWith('word…')).toBe(true);
  });

  it('puts the head before </head> and drops the built title and description', () => {
    const html = withHead(PAGE_TEMPLATE, {
      title: 'T',
      description: 'D',
      canonical: 'https://x.test/',
      image: null,
      type: 'website',
      price: null,
      noindex: false,
      siteName: 'S',
    });
    expect(html).toContain('<title>T</title>');
    expect(html).not.toContain('<title>Haat</title>');
    expect(html).not.toContain('Shop online with cash on delivery');
    expect(html.indexOf('<link rel="canonical" href="https://x.test/" />')).toBeLessThan(html.indexOf('</head>'));
    expect(
      renderHead({ title: 'T', description: '', canonical: null, image: null, type: 'website', price: null, noindex: true, siteName: 'S' }),
    ).toContain('<meta name="robots" content="noindex" />');
  });
});
