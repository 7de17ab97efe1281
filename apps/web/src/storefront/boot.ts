/**
 * The home page's header and first slide arrive drawn in the server's HTML (`#boot`, the API's
 * storefront/first-paint.ts), laid over the top of the page. The app draws beneath it and removes it
 * in the same frame as its own slider appears (or at once on any other page), so nothing flashes.
 */
export function removeBoot(): void {
  document.getElementById('boot')?.remove();
}
