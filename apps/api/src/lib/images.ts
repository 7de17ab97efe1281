import fs from 'node:fs/promises';
import path from 'node:path';
import { PICTURE_WIDTHS, pictureWidthPath, pictureWidthsOf } from '@haat/contracts';
import type { Sharp, SharpInput, SharpOptions } from 'sharp';
import { HttpError } from '../http/errors';
import { randomToken } from './tokens';

let loaded: Promise<(input?: SharpInput, options?: SharpOptions) => Sharp> | null = null;

/**
 * sharp (libvips), loaded the first time an image is made: a server that takes no upload never
 * maps libvips and its threads (decision 023). Its operation cache is bounded: each upload is
 * decoded once, so a cache buys nothing and would hold decoded pixels in memory.
 */
export function loadSharp(): Promise<(input?: SharpInput, options?: SharpOptions) => Sharp> {
  loaded ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache({ memory: 16, files: 0, items: 16 });
    return sharp;
  });
  return loaded;
}

const ACCEPTED = new Set(['jpeg', 'png', 'webp']);
/** A small file can still unpack to a huge image; beyond this it is refused before decoding. */
const MAX_PIXELS = 40_000_000;

export interface StoredImage {
  /** Path below the storage folder, as saved on records and appended to the image base link. */
  path: string;
  thumbnail: string;
  width: number;
  height: number;
}

export interface ImageSizes {
  large: number;
  thumbnail: number;
  /** Crop to a square (avatars, logos) instead of fitting inside. */
  square?: boolean;
}

/**
 * Checks an upload by its content (not its name), then stores a large and a thumbnail WebP under
 * `storage/<folder>/`, and for the storefront's folders a copy in each of their widths (`name-480.webp`,
 * @haat/contracts' pictureWidthsOf, docs/decisions/024). Anything that is not a JPEG, PNG or WebP image is
 * refused with 422.
 */
export async function storeImage(
  storageDir: string,
  folder: string,
  data: Buffer,
  options: { field: string; limitBytes: number; sizes: ImageSizes },
): Promise<StoredImage> {
  const { field, limitBytes, sizes } = options;
  if (data.length > limitBytes) {
    const megabytes = Math.round(limitBytes / 1024 / 1024);
    throw new HttpError(422, `The image is larger than ${megabytes} MB.`, { [field]: [`The image must be at most ${megabytes} MB.`] });
  }
  const sharp = await loadSharp();
  const metadata = await sharp(data)
    .metadata()
    .catch(() => null);
  if (!metadata?.format || !ACCEPTED.has(metadata.format)) {
    throw new HttpError(422, 'The file is not a JPEG, PNG or WebP image.', { [field]: ['Choose a JPEG, PNG or WebP image.'] });
  }
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > MAX_PIXELS) {
    throw new HttpError(422, 'The image is too large in width and height.', { [field]: ['Use an image of at most 40 megapixels.'] });
  }
  const directory = path.join(storageDir, folder);
  await fs.mkdir(directory, { recursive: true });
  const name = randomToken(12);
  const fit = sizes.square ? 'cover' : 'inside';
  // A square is never larger than the image's shorter side, so a small image is still cropped square.
  const side = (limit: number) => (sizes.square ? Math.min(limit, metadata.width ?? limit, metadata.height ?? limit) : limit);
  const largeFile = path.join(directory, `${name}.webp`);
  const large = await sharp(data)
    .rotate()
    .resize({ width: side(sizes.large), height: side(sizes.large), fit, withoutEnlargement: true })
    .webp({ quality: 82 })
    .toFile(largeFile);
  await sharp(data)
    .rotate()
    .resize({ width: side(sizes.thumbnail), height: side(sizes.thumbnail), fit, withoutEnlargement: true })
    .webp({ quality: 78 })
    .toFile(path.join(directory, `${name}-thumb.webp`));
  if (!sizes.square) {
    // Made from the large copy: decoding it is quicker than the upload, and every copy is as sharp as it.
    const source = await fs.readFile(largeFile);
    for (const width of pictureWidthsOf(folder))
      await makeWidth(sharp, source, large.width, width, path.join(directory, `${name}-${width}.webp`));
  }
  return {
    path: `${folder}/${name}.webp`,
    thumbnail: `${folder}/${name}-thumb.webp`,
    width: large.width,
    height: large.height,
  };
}

/** Quality of the copies in `PICTURE_WIDTHS`: a card's or a tile's as the thumbnail's, wider ones as the large copy's. */
const widthQuality = (width: number) => (width <= 480 ? 78 : 82);

/**
 * Writes the copy of a picture `width` px wide, from its large copy (`sourceWidth` px wide). A large copy no wider
 * than that is copied as it is: the `srcset` names every width of the folder, and a copy is never enlarged.
 */
async function makeWidth(
  sharp: Awaited<ReturnType<typeof loadSharp>>,
  source: Buffer,
  sourceWidth: number,
  width: number,
  file: string,
): Promise<void> {
  const temporary = `${file}.${randomToken(6)}.part`;
  if (sourceWidth <= width) await fs.writeFile(temporary, source);
  else
    await sharp(source)
      .resize({ width })
      .webp({ quality: widthQuality(width) })
      .toFile(temporary);
  // Written aside and renamed: a request never reads half a file.
  await fs.rename(temporary, file);
}

/** The copies being made for requests, by file: a second request for one waits for the first. */
const making = new Map<string, Promise<boolean>>();
/** Requests' copies are made one at a time: a burst of them for an old shop's pictures queues, not piles up. */
let queue: Promise<unknown> = Promise.resolve();

/**
 * For a request of a missing copy of a stored picture (`products/abc-480.webp`): makes it from the large copy and
 * keeps it beside it, so an image stored before the copies existed (an existing shop's, an import's) is served in
 * every width from then on. Only the widths of the picture's folder (pictureWidthsOf) of a large copy that exists;
 * any other path answers false without touching the disk beyond one `stat`. True when the file is there now.
 */
export async function ensurePictureWidth(storageDir: string, requested: string): Promise<boolean> {
  const match = /^([a-z]+)\/([A-Za-z0-9_-]+)-(\d{3,4})\.webp$/.exec(requested);
  if (!match) return false;
  const [, folder, name, digits] = match as unknown as [string, string, string, string];
  const width = Number(digits);
  if (!pictureWidthsOf(folder).includes(width)) return false;
  const source = `${folder}/${name}.webp`;
  const file = path.join(storageDir, pictureWidthPath(source, width));
  const pending = making.get(file);
  if (pending) return pending;
  const made = (async () => {
    if (await exists(file)) return true;
    const large = await fs.readFile(path.join(storageDir, source)).catch(() => null);
    if (!large) return false;
    const run = queue.then(async () => {
      const sharp = await loadSharp();
      const { width: sourceWidth = 0 } = await sharp(large).metadata();
      await makeWidth(sharp, large, sourceWidth, width, file);
      return true;
    });
    queue = run.catch(() => undefined);
    return run.catch(() => false);
  })().finally(() => making.delete(file));
  making.set(file, made);
  return made;
}

const exists = (file: string) =>
  fs.stat(file).then(
    () => true,
    () => false,
  );

/** Removes an image stored by storeImage, with its thumbnail and its copies in other widths; a missing file is not an error. */
export async function removeImage(storageDir: string, imagePath: string | null | undefined): Promise<void> {
  if (!imagePath || imagePath.includes('..')) return;
  const full = path.join(storageDir, imagePath);
  await fs.rm(full, { force: true });
  await fs.rm(full.replace(/\.webp$/, '-thumb.webp'), { force: true });
  for (const width of PICTURE_WIDTHS) await fs.rm(full.replace(/\.webp$/, `-${width}.webp`), { force: true });
}
