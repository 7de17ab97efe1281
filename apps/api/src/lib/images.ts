import fs from 'node:fs/promises';
import path from 'node:path';
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
 * `storage/<folder>/`. Anything that is not a JPEG, PNG or WebP image is refused with 422.
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
  const large = await sharp(data)
    .rotate()
    .resize({ width: side(sizes.large), height: side(sizes.large), fit, withoutEnlargement: true })
    .webp({ quality: 82 })
    .toFile(path.join(directory, `${name}.webp`));
  await sharp(data)
    .rotate()
    .resize({ width: side(sizes.thumbnail), height: side(sizes.thumbnail), fit, withoutEnlargement: true })
    .webp({ quality: 78 })
    .toFile(path.join(directory, `${name}-thumb.webp`));
  return {
    path: `${folder}/${name}.webp`,
    thumbnail: `${folder}/${name}-thumb.webp`,
    width: large.width,
    height: large.height,
  };
}

/** Removes an image stored by storeImage, with its thumbnail; a missing file is not an error. */
export async function removeImage(storageDir: string, imagePath: string | null | undefined): Promise<void> {
  if (!imagePath || imagePath.includes('..')) return;
  const full = path.join(storageDir, imagePath);
  await fs.rm(full, { force: true });
  await fs.rm(full.replace(/\.webp$/, '-thumb.webp'), { force: true });
}
