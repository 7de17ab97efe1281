import fs from 'node:fs';
import path from 'node:path';
import { PICTURE_WIDTHS } from '@haat/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestBrowser } from '../test/harness';

// Pictures kept in the widths a phone and a desktop ask for (docs/decisions/024).
let t: TestApp;
let admin: TestBrowser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.browser();
  await admin.loginAdmin();
});
afterAll(() => t.close());

async function upload(folder: string, data: Buffer) {
  const boundary = '----haat-test-boundary';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return admin.request('POST', `/api/admin/uploads?folder=${folder}`, body, {
    'content-type': `multipart/form-data; boundary=${boundary}`,
  });
}

/** A photo-like JPEG (noise compresses badly, as photos do), `width` × `height`. */
function photo(width: number, height: number) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let index = 0; index < pixels.length; index++) pixels[index] = (index * 7919 + (index >> 9) * 31) % 251;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

const storage = () => t.app.config.storageDir;
const served = async (url: string) => {
  const answer = await t.app.inject({ method: 'GET', url });
  return { status: answer.statusCode, type: answer.headers['content-type'], body: answer.rawPayload };
};

describe('stored picture widths', () => {
  it('keeps an upload of a product in every width below its large copy, as WebP of that width', async () => {
    const stored = await upload('products', await photo(2000, 1500));
    expect(stored.statusCode).toBe(201);
    const { path: large } = stored.json() as { path: string };
    expect(large).toMatch(/^products\/[A-Za-z0-9_-]+\.webp$/);
    const widths = [160, 360, 480, 720, 800];
    for (const width of widths) {
      const copy = await served(`/storage/${large.replace(/\.webp$/, `-${width}.webp`)}`);
      expect(copy.status, `${width}`).toBe(200);
      const metadata = await sharp(copy.body).metadata();
      expect({ format: metadata.format, width: metadata.width, height: metadata.height }).toEqual({
        format: 'webp',
        width,
        height: Math.round((width * 1500) / 2000),
      });
    }
    // Each smaller than the next, and than the large copy: a phone downloads less.
    const sizes = widths.map((width) => fs.statSync(path.join(storage(), large.replace(/\.webp$/, `-${width}.webp`))).size);
    sizes.push(fs.statSync(path.join(storage(), large)).size);
    expect(sizes).toEqual([...sizes].sort((a, b) => a - b));
    expect((await sharp(path.join(storage(), large)).metadata()).width).toBe(1200);
    // No copy as wide as the large one or wider: the large copy stands for it.
    expect(fs.existsSync(path.join(storage(), large.replace(/\.webp$/, '-1200.webp')))).toBe(false);
  });

  it('still refuses a file that is not an image, and an image over the upload limit', async () => {
    const fake = await upload('products', Buffer.from('<?php echo "not an image"; ?>'));
    expect(fake.statusCode).toBe(422);
    expect(fake.json().errors.image).toEqual(['Choose a JPEG, PNG or WebP image.']);
    const large = await photo(2000, 1500);
    expect(large.length).toBeGreaterThan(1024 * 1024);
    expect((await admin.put('/api/admin/settings/general', { upload_limit_mb: 1 })).statusCode).toBe(200);
    const over = await upload('products', large);
    expect(over.statusCode).toBe(413);
    expect(over.json().errors.image).toEqual(['The image must be at most 1 MB.']);
    await admin.put('/api/admin/settings/general', { upload_limit_mb: 5 });
    expect(fs.readdirSync(path.join(storage(), 'products')).filter((name) => name.includes('.part'))).toEqual([]);
  });

  it('makes a missing width of a picture stored before on its first request, and keeps it', async () => {
    // As an existing shop's picture: the large copy and thumbnail only.
    fs.mkdirSync(path.join(storage(), 'sliders'), { recursive: true });
    await sharp(await photo(1920, 720))
      .webp({ quality: 82 })
      .toFile(path.join(storage(), 'sliders/old-slide.webp'));
    const file = path.join(storage(), 'sliders/old-slide-720.webp');
    expect(fs.existsSync(file)).toBe(false);

    // Asked for twice at once: made once, both answered.
    const [first, second] = await Promise.all([
      served('/public/storage/sliders/old-slide-720.webp'),
      served('/storage/sliders/old-slide-720.webp'),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(first.type).toBe('image/webp');
    const metadata = await sharp(first.body).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['webp', 720, 270]);
    expect(fs.existsSync(file)).toBe(true);
    expect(fs.readdirSync(path.join(storage(), 'sliders')).sort()).toEqual(['old-slide-720.webp', 'old-slide.webp']);

    // A picture narrower than the width asked for: its large copy as it is, never enlarged.
    await sharp(await photo(400, 400))
      .webp()
      .toFile(path.join(storage(), 'sliders/small.webp'));
    const small = await served('/storage/sliders/small-800.webp');
    expect(small.status).toBe(200);
    expect((await sharp(small.body).metadata()).width).toBe(400);
  });

  it('refuses a width not on the list, a folder without widths and a picture that is not stored', async () => {
    await sharp(await photo(1200, 1200))
      .webp()
      .toFile(path.join(storage(), 'products/old-product.webp'));
    fs.mkdirSync(path.join(storage(), 'settings'), { recursive: true });
    await sharp(await photo(800, 400))
      .webp()
      .toFile(path.join(storage(), 'settings/logo.webp'));
    expect(PICTURE_WIDTHS).not.toContain(500);
    for (const url of [
      '/storage/products/old-product-500.webp', // not a width of the list
      '/storage/products/old-product-1200.webp', // the large copy's own width
      '/storage/products/old-product-1600.webp', // wider than the folder's large copy
      '/storage/settings/logo-360.webp', // the folder keeps no widths
      '/storage/products/nothing-360.webp', // no such picture
      '/storage/products/../settings/logo-360.webp',
    ]) {
      expect((await served(url)).status, url).toBe(404);
    }
    expect(fs.readdirSync(path.join(storage(), 'products')).filter((name) => name.startsWith('old-product'))).toEqual(['old-product.webp']);
    expect(fs.readdirSync(path.join(storage(), 'settings'))).toEqual(['logo.webp']);
    // A width that is on the list is made.
    expect((await served('/storage/products/old-product-360.webp')).status).toBe(200);
  });
});
