// Runs inline in index.html's <head> (vite.config.ts puts it there), before the app's code arrives.
// On storefront pages only: phones on slow networks should not wait for the app to start asking.
// 1. The first calls leave with the page; src/lib/early.ts hands their answers to the app (the URLs
//    must be the ones the app asks for).
// 2. On the home page, its own chunks and styles are preloaded, and the first slide downloads as soon
//    as its address is known.
// 3. On the home page, the header and the first slide are drawn as plain HTML (#boot) until the app
//    draws the real ones in the same place (StoreLayout removes #boot): the shop's first picture is
//    on screen while the app's code is still on its way.
(() => {
  const path = location.pathname;
  if (/^\/(admin|backend|dropshipper|merchant)(\/|$)/.test(path) || !window.fetch) return;
  const urls = ['/api/get/site/info', '/api/get/configuration/info', '/_public/userToCheck', '/_public/cartToContent'];
  const home = path === '/';
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
  if (!home) return;

  // Filled in by the build (vite.config.ts): the home page's chunks and styles.
  const files = '__STOREFRONT_HOME_FILES__';
  if (Array.isArray(files)) {
    for (const href of files) {
      const hint = document.createElement('link');
      const css = /\.css$/.test(href);
      hint.rel = css ? 'preload' : 'modulepreload';
      if (css) hint.as = 'style';
      hint.href = href;
      hint.crossOrigin = '';
      document.head.appendChild(hint);
    }
  }

  // As src/lib/image.ts and storefront/pictures.ts build them (the Slider's first <img>).
  const host = location.hostname;
  const base = host === 'localhost' || /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.charAt(0) === '[' ? '/../public/storage/' : '/storage/';
  const srcset = (image) => `${base}${image.replace(/\.webp$/, '-thumb.webp')} 480w, ${base}${image} 1920w`;
  const sizes = '(min-width: 1240px) 1200px, 100vw';

  calls['/_public/slider'].then((slider) => {
    const slide = slider?.sliders?.[0];
    if (!slide) return;
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'image';
    link.setAttribute('fetchpriority', 'high');
    link.setAttribute('imagesrcset', srcset(slide.image));
    link.setAttribute('imagesizes', sizes);
    document.head.appendChild(link);

    calls['/api/get/site/info'].then((info) => {
      const header = info?.header_setting;
      // Only the plain header is drawn; one with an announcement or a menu waits for the app.
      if (!info || !document.body || header?.announcement_text || header?.menu_links?.length) return;
      if (document.querySelector('.store')) return;
      const theme = info.theme_setting ?? {};
      const primary = /^#[0-9a-f]{6}$/i.test(theme.primary_color ?? '') ? theme.primary_color : '#161745';
      // White or near-black, whichever reads better (as storefront/store-theme.ts decides).
      const channel = (offset) => {
        const value = Number.parseInt(primary.slice(offset, offset + 2), 16) / 255;
        return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
      };
      const light = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
      const onPrimary = 1.05 / (light + 0.05) >= (light + 0.05) / 0.0555 ? '#ffffff' : '#111111';
      const boot = document.createElement('div');
      boot.id = 'boot';
      boot.setAttribute('aria-hidden', 'true');
      boot.style.setProperty('--boot-primary', primary);
      boot.style.setProperty('--boot-on-primary', onPrimary);
      const bar = document.createElement('div');
      bar.className = 'boot-header';
      const wrap = document.createElement('div');
      wrap.className = 'boot-wrap';
      const name = document.createElement('div');
      name.className = 'boot-brand';
      name.textContent = info.general_setting?.site_name ?? '';
      const search = document.createElement('div');
      search.className = 'boot-search';
      wrap.append(name, search);
      bar.append(wrap);
      const main = document.createElement('div');
      main.className = 'boot-wrap boot-main';
      const slides = document.createElement('div');
      slides.className = 'boot-slide';
      const image = document.createElement('img');
      image.setAttribute('fetchpriority', 'high');
      image.srcset = srcset(slide.image);
      image.sizes = sizes;
      image.src = `${base}${slide.image.replace(/\.webp$/, '-thumb.webp')}`;
      image.alt = '';
      image.width = 1200;
      image.height = 450;
      slides.append(image);
      main.append(slides);
      boot.append(bar, main);
      document.body.prepend(boot);
    });
  });
})();
