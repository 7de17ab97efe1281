// Runs inline in shop.html (vite.shop.config.ts puts it there in place of the entry's module script and its
// modulepreload links). Once the page is parsed and, when the server drew the page's top (#boot: the home page's
// first slide, a listing's first pictures, a product's picture), those pictures are painted, it asks for what the
// page needs — its first calls and its chunks, named by early-boot.js, and the app's entry with what it imports —
// all at once, and runs the entry. Until then the pictures have the network and the main thread to themselves: a
// slow phone shows the page before it downloads, compiles and runs the app's code. (The calls answer before the
// code has arrived: asking for them sooner would not make the app draw sooner.)
(() => {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    window.__haatAskEarly?.();
    const files = [...'__APP_FILES__', ...(window.__haatPageCode ?? [])];
    for (const href of new Set(files)) {
      const hint = document.createElement('link');
      hint.rel = 'modulepreload';
      hint.href = href;
      hint.crossOrigin = '';
      document.head.appendChild(hint);
    }
    import('__APP_ENTRY__');
  };
  // After the frame that shows the pictures: the one after the next animation frame.
  const afterPaint = () => requestAnimationFrame(() => setTimeout(start, 0));
  const go = () => {
    const pictures = [...document.querySelectorAll('#boot img[fetchpriority="high"]')];
    // A page drawn without pictures (the cart, checkout) starts once that drawing is on screen.
    if (!pictures.length) return afterPaint();
    // Never held up for long: a picture that does not come leaves the app to draw the page.
    setTimeout(start, 2500);
    // Loaded and decoded: ready for the next frame (a picture that fails counts as in).
    Promise.all(pictures.map((picture) => (picture.decode ? picture.decode() : Promise.resolve()).catch(() => undefined))).then(afterPaint);
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', go, { once: true });
  else go();
})();
