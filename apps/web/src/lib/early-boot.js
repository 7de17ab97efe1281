// Runs inline in index.html's <head> (vite.config.ts puts it there), before the app's code arrives.
// On storefront pages only: phones on slow networks should not wait for the app to start asking.
// 1. The first calls leave with the page; src/lib/early.ts hands their answers to the app (the URLs
//    must be the ones the app asks for).
// 2. The storefront's router and layout, and on the home page its own chunks and styles, are preloaded. (Its header and first slide are in the
//    HTML the server sends, with the slide's preload: the API's storefront/first-paint.ts.)
(() => {
  const path = location.pathname;
  if (/^\/(admin|backend|dropshipper|merchant)(\/|$)/.test(path) || !window.fetch) return;
  const urls = ['/api/get/site/info', '/api/get/configuration/info', '/_public/userToCheck', '/_public/cartToContent'];
  // On a reseller's own host name `/` is their shop (the server says so first thing in the head), not the shop's home.
  const home = path === '/' && !document.querySelector('meta[name="haat-shop-base"]');
  if (home) urls.push('/_public/slider', '/_public/category', '/_public/offers', '/_public/campaigns', '/_public/products/');
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

  // Filled in by the build (vite.config.ts): the storefront's router and layout, and the home page's chunks and styles.
  const preload = (files) => {
    if (!Array.isArray(files)) return;
    for (const href of files) {
      const hint = document.createElement('link');
      const css = /\.css$/.test(href);
      hint.rel = css ? 'preload' : 'modulepreload';
      if (css) hint.as = 'style';
      // Code after the stylesheet and the first slide's picture (the page's first paint needs no code).
      else hint.fetchPriority = 'low';
      hint.href = href;
      hint.crossOrigin = '';
      document.head.appendChild(hint);
    }
  };
  preload('__STOREFRONT_FILES__');
  if (home) preload('__STOREFRONT_HOME_FILES__');
})();
