import { imageUrl } from '../lib/image';

/**
 * A product page's main picture: the whole width on a phone, half from 960 px (store.css `.s-product-page`). The
 * server's drawing of the page asks for it with the same sizes (the API's storefront/first-paint.ts).
 */
export const PRODUCT_PICTURE_SIZES = '(min-width: 960px) 50vw, 100vw';

/** Every stored image has a small copy beside it (`name-thumb.webp`, see the API's storeImage). */
export function thumbnailOf(path: string): string {
  return path.replace(/\.webp$/, '-thumb.webp');
}

/**
 * `src`, `srcset` and `sizes` for a stored image: phones get the thumbnail, wider screens the large
 * copy. `thumbWidth`/`largeWidth` are the stored widths of the folder (uploads.ts).
 */
export function responsiveImage(path: string, thumbWidth: number, largeWidth: number, sizes: string) {
  const large = imageUrl(path) ?? '';
  const thumb = imageUrl(thumbnailOf(path)) ?? large;
  return { src: thumb, srcSet: `${thumb} ${thumbWidth}w, ${large} ${largeWidth}w`, sizes };
}
