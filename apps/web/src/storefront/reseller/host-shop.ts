/**
 * On a reseller's own host name the server answers every page with their shop and says which one in
 * the page (`<meta name="haat-shop-base" content="/shop/{slug}">`, the API's resellers/shop host hook):
 * then the storefront's whole route table is that shop's pages at `/` (routes.tsx `hostShopRoutes`), and
 * its links stay at bare paths. Null on the shop's own host names.
 */
export const hostShopSlug: string | null = (() => {
  if (typeof document === 'undefined') return null;
  const base = document.querySelector<HTMLMetaElement>('meta[name="haat-shop-base"]')?.content ?? '';
  const slug = /^\/shop\/([^/?#]+)$/.exec(base)?.[1];
  return slug ? decodeURIComponent(slug) : null;
})();
