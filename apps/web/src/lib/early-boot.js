// Runs inline in shop.html's <head> (vite.shop.config.ts puts it there), before the app's code arrives: what
// this kind of page needs first, asked for by start-app.js all at once with the app's entry, once the page's first
// paint (drawn by the server: the API's storefront/first-paint.ts) is on screen. Phones on slow networks should
// not wait for the app to run before it starts asking, and the page's pictures should not share the network
// with anything before they are in.
// 1. The page's first calls; src/lib/early.ts hands their answers to the app (each URL must be the one the app
//    asks for: storefront/api.ts, pages/Listing.tsx, reseller/*).
// 2. The code of this kind of page: its route chunks.
(() => {
  if (/^\/(admin|backend|dropshipper|merchant)(\/|$)/.test(location.pathname) || !window.fetch) return;
  // On a reseller's own host name `/…` is their shop's `/shop/{slug}/…` (the server says so first thing in the head).
  const shopBase = document.querySelector('meta[name="haat-shop-base"]')?.getAttribute('content') ?? '';
  const path = `${shopBase}${shopBase && location.pathname === '/' ? '' : location.pathname}`.replace(/(.)\/$/, '$1');
  const plain = !location.search;
  const segment = (value) => {
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  };
  // Filled in by the build (vite.shop.config.ts): each kind of page's chunks.
  const chunks = '__STOREFRONT_FILES__';
  const urls = ['/api/get/site/info', '/api/get/configuration/info', '/_public/userToCheck', '/_public/cartToContent'];
  const code = [chunks.every];
  const category = /^\/category\/([^/]+)(?:\/([^/]+))?(?:\/([^/]+))?$/.exec(path);
  const product = /^\/product\/([^/]+)$/.exec(path);
  const landing = /^\/landing\/([^/]+)$/.exec(path);
  const shopPage = /^\/shop\/([^/]+)(?:\/(.+))?$/.exec(path);
  if (path === '/') {
    urls.push('/_public/slider', '/_public/category', '/_public/offers', '/_public/campaigns', '/_public/products/');
    code.push(chunks.layout, chunks.home);
  } else if (category) {
    // The listing's first page, as pages/Listing.tsx asks for it (listingSearch: category, subcategory, sub_subcategory, page).
    const query = new URLSearchParams();
    for (const [key, value] of [
      ['category', category[1]],
      ['subcategory', category[2]],
      ['sub_subcategory', category[3]],
    ]) {
      if (value) query.set(key, segment(value));
    }
    query.set('page', '1');
    if (plain) urls.push(`/_public/sub/sub/category/product?${query}`);
    urls.push('/_public/category');
    code.push(chunks.layout, chunks.listing);
  } else if (product) {
    urls.push(`/_public/product/${encodeURIComponent(segment(product[1]))}`);
    code.push(chunks.layout, chunks.product);
  } else if (landing) {
    // pages/Landing.tsx: the page with its product, and the districts of its order form.
    urls.push(`/_public/landing/${encodeURIComponent(segment(landing[1]))}`, '/_public/cities');
    code.push(chunks.layout, chunks.landing);
  } else if (path === '/cart') {
    code.push(chunks.layout, chunks.cart);
  } else if (path === '/checkout') {
    urls.push('/_public/cities');
    code.push(chunks.layout, chunks.checkout);
  } else if (shopPage) {
    // A reseller's shop (reseller/ShopLayout, ShopProducts, ShopProduct): the shop, then its products or product.
    const shop = `/_public/shop/${encodeURIComponent(segment(shopPage[1]))}`;
    const [area, name, more] = (shopPage[2] ?? '').split('/');
    urls.push(shop);
    code.push(chunks.shop);
    if (area === 'product' && name && !more) {
      urls.push(`${shop}/product/${encodeURIComponent(segment(name))}`);
      code.push(chunks.shopProduct);
    } else if (!area || (area === 'category' && name && !more)) {
      if (plain) urls.push(`${shop}/products?page=1${name ? `&category_id=${encodeURIComponent(segment(name))}` : ''}`);
      code.push(chunks.shopProducts);
    }
  } else {
    code.push(chunks.layout);
  }

  window.__haatPageCode = code.flat().filter((file) => typeof file === 'string');
  window.__haatAskEarly = () => {
    const calls = {};
    const answers = {};
    window.__haatEarly = calls;
    window.__haatEarlyAnswers = answers;
    for (const url of urls) {
      calls[url] = fetch(url, { credentials: 'same-origin', headers: { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' } })
        .then((answer) => (answer.ok ? answer.json() : undefined))
        .then((data) => {
          if (data !== undefined) answers[url] = data;
          return data;
        })
        .catch(() => undefined);
    }
  };
})();
