// Runs inline in index.html (vite.config.ts puts it there in place of the entry's module script): starts
// the app's entry, which is already downloading (modulepreload), once the page is parsed. On the storefront
// home it first lets the browser paint the server's drawing of the header and first slide (#boot) with its
// picture, so a slow phone shows the shop before it compiles and runs the app's code.
(() => {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    import('__APP_ENTRY__');
  };
  const afterPaint = () => requestAnimationFrame(() => setTimeout(start, 0));
  const go = () => {
    const image = document.querySelector('#boot img');
    if (!image) return start();
    // Never held up for long: a picture that does not come leaves the app to draw the page.
    setTimeout(start, 2500);
    if (image.complete) return afterPaint();
    image.addEventListener('load', afterPaint, { once: true });
    image.addEventListener('error', afterPaint, { once: true });
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', go, { once: true });
  else go();
})();
