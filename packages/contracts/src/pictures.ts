/**
 * The sizes a stored picture is kept in (docs/decisions/024). Every upload is stored under `storage/<folder>/` as a
 * large copy (`name.webp`, at most the folder's `large` pixels on its longer side), a thumbnail (`name-thumb.webp`)
 * and, for the folders below, a copy in each width of `PICTURE_WIDTHS` narrower than the large one
 * (`name-480.webp`, 480 px wide). The storefront asks for them with `srcset`/`sizes`, so a phone fetches a copy the
 * width it shows, not the large one. The API (lib/images.ts) makes them on upload, and for a picture stored before
 * them on the first request of a missing one — only these widths, only of these folders.
 */

/**
 * The widths (px) a picture is kept in besides its large copy, each for what a page shows (PICTURE_SIZES): a
 * category tile or a gallery thumbnail, 64 px at DPR 2–3 (160); a product card on a phone, 178–189 px at DPR 1.75
 * (360, from a 390 px phone to a 412 px one) or 2–2.6 (480); a product's picture or a slide on a phone, 366–388 px at DPR 1.75 (720: 640 would be
 * a pixel short on a 390 px phone) or 2 (800), at DPR 3 or on a desktop (1200, 1600).
 */
export const PICTURE_WIDTHS = [160, 360, 480, 720, 800, 1200, 1600] as const;

/** Each upload folder's stored sizes: the large copy's and the thumbnail's longer side (px). */
export const PICTURE_FOLDERS = {
  categories: { large: 800, thumbnail: 240 },
  brands: { large: 400, thumbnail: 160 },
  banners: { large: 1600, thumbnail: 400 },
  sliders: { large: 1920, thumbnail: 480 },
  products: { large: 1200, thumbnail: 360 },
  combos: { large: 1200, thumbnail: 360 },
  settings: { large: 800, thumbnail: 200 },
  /** Pages' sections and testimonials, customer comments. */
  content: { large: 1200, thumbnail: 240 },
  /** A reseller's logo and slides (their portal's upload). */
  resellers: { large: 600, thumbnail: 200 },
} as const;

export type PictureFolder = keyof typeof PICTURE_FOLDERS;

/** The folders whose pictures are kept in `PICTURE_WIDTHS` too: the ones the storefront shows large or many of. */
const WIDE_FOLDERS: ReadonlySet<string> = new Set<PictureFolder>([
  'categories',
  'brands',
  'banners',
  'sliders',
  'products',
  'combos',
  'resellers',
]);

/** The widths (px) the pictures of a folder are kept in besides the large copy; none for other folders. */
export function pictureWidthsOf(folder: string): number[] {
  if (!WIDE_FOLDERS.has(folder)) return [];
  const { large } = PICTURE_FOLDERS[folder as PictureFolder];
  return PICTURE_WIDTHS.filter((width) => width < large);
}

/** A stored picture's folder and name (`products/abc.webp` → products, abc), or null for any other path. */
export function pictureName(path: string): { folder: string; name: string } | null {
  const match = /^([a-z]+)\/([A-Za-z0-9_-]+)\.webp$/.exec(path);
  return match ? { folder: match[1] as string, name: match[2] as string } : null;
}

/** The path of a picture's copy `width` px wide: `products/abc.webp` → `products/abc-480.webp`. */
export function pictureWidthPath(path: string, width: number): string {
  return path.replace(/\.webp$/, `-${width}.webp`);
}

/**
 * `src` and `srcset` of a stored picture under the image base link: each width it is kept in, then the large copy
 * at its folder's size. A path of no such folder (or not a stored WebP) has no `srcset`. The server's first paint
 * (storefront/first-paint.ts) and the app's components use this one function with the same `sizes`
 * (`PICTURE_SIZES`), so both pick the same file for a viewport and it is fetched once.
 */
export function pictureSources(base: string, path: string): { src: string; srcSet?: string } {
  const src = `${base}${path}`;
  const stored = pictureName(path);
  const widths = stored ? pictureWidthsOf(stored.folder) : [];
  if (!stored || widths.length === 0) return { src };
  const large = PICTURE_FOLDERS[stored.folder as PictureFolder].large;
  const srcSet = [...widths.map((width) => `${base}${pictureWidthPath(path, width)} ${width}w`), `${src} ${large}w`].join(', ');
  return { src, srcSet };
}

/**
 * The width each storefront picture is shown at, as store.css lays it out (`.s-wrap` is 1200 px at most, with
 * 12 px of padding on a side, 20 px from 960 px): the `sizes` of its `<img>` and of the preload of the page's
 * largest picture.
 */
export const PICTURE_SIZES = {
  /** A product card: two in a row on a phone (`.s-grid`, 10 px apart), three from 640 px, four from 960 px. */
  card: '(min-width: 960px) 290px, (min-width: 640px) calc(33vw - 15px), calc(50vw - 17px)',
  /** A product's main picture (`.s-product-page`): the whole width on a phone, half from 960 px. */
  product: '(min-width: 1200px) 566px, (min-width: 960px) calc(50vw - 34px), calc(100vw - 24px)',
  /** A slide or a campaign's banner: the whole width. */
  wide: '(min-width: 1200px) 1160px, (min-width: 960px) calc(100vw - 40px), calc(100vw - 24px)',
  /** An offer banner (`.s-banners`): the whole width on a phone, two side by side from 640 px. */
  banner: '(min-width: 1200px) 580px, (min-width: 640px) 50vw, calc(100vw - 24px)',
  /** A category tile or a gallery's thumbnail (64 px). */
  tile: '64px',
} as const;
