import { useEffect, useLayoutEffect } from 'react';

/**
 * The top of every storefront page arrives drawn in the server's HTML (`#boot`, the API's
 * storefront/first-paint.ts): the header, and on the home page, a listing, a product and a reseller shop's
 * pages their first pictures, laid over the page with the app's own classes. It is `inert`: taps and clicks
 * go through it to the app's page beneath. The app draws beneath it and removes it in the same frame as its
 * own drawing of that part appears, so nothing flashes or moves.
 */
export function removeBoot(): void {
  document.getElementById('boot')?.remove();
}

/** The drawing still on screen, if it was drawn for this address with more than the header (`data-page`). */
function pageDrawing(pathname: string): HTMLElement | null {
  const boot = document.getElementById('boot');
  return boot?.dataset.page !== undefined && boot.dataset.path === pathname ? boot : null;
}

/** However a page fares, the drawing goes after this long: a page that never settles is still usable. */
const BOOT_AT_MOST_MS = 8000;

/**
 * For the layouts: the drawing goes at once unless it is this page's own with its content (the page hands over
 * itself with `useBootHandover`), and in any case after BOOT_AT_MOST_MS.
 */
export function useBootForPage(pathname: string, keep = true): void {
  useLayoutEffect(() => {
    if (!keep || !pageDrawing(pathname)) removeBoot();
  }, [pathname, keep]);
  useEffect(() => {
    const timer = window.setTimeout(removeBoot, BOOT_AT_MOST_MS);
    return () => window.clearTimeout(timer);
  }, []);
}

/** For a page whose top the server draws: the drawing gives way once the page's own is in (or has failed). */
export function useBootHandover(ready: boolean): void {
  useLayoutEffect(() => {
    if (ready) removeBoot();
  }, [ready]);
}
