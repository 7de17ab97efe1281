import { PICTURE_SIZES, pictureSources } from '@haat/contracts';
import { imageBaseLink } from '../lib/image';

export { PICTURE_SIZES };

/** A thumbnail's large copy, the one its other widths are named after (`products/abc-thumb.webp` → `products/abc.webp`). */
export function largeOf(thumbnail: string): string {
  return thumbnail.replace(/-thumb\.webp$/, '.webp');
}

/**
 * `src`, `srcSet` and `sizes` for a stored picture: every width it is kept in (@haat/contracts' pictureSources,
 * docs/decisions/024), so the browser fetches the one its layout needs. `sizes` is one of PICTURE_SIZES, the width
 * store.css gives the picture; the server's drawing of the page (the API's storefront/first-paint.ts) uses the same,
 * so a picture it drew is not fetched a second time in another width.
 */
export function responsiveImage(path: string, sizes: string): { src: string; srcSet?: string; sizes?: string } {
  const { src, srcSet } = pictureSources(imageBaseLink(), path);
  return srcSet ? { src, srcSet, sizes } : { src };
}
