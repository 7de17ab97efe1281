import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestBrowser } from '../../test/harness';

let t: TestApp;
let admin: TestBrowser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.browser();
  await admin.loginAdmin();
});
afterAll(() => t.close());

async function upload(folder: string, data: Buffer, filename = 'picture.png') {
  const boundary = '----haat-test-boundary';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return admin.request('POST', `/api/admin/uploads?folder=${folder}`, body, {
    'content-type': `multipart/form-data; boundary=${boundary}`,
  });
}

describe('catalogue resources', () => {
  it('uploads an image by content and refuses a file that is not one', async () => {
    const png = await sharp({ create: { width: 1200, height: 500, channels: 3, background: '#2b2e8c' } })
      .png()
      .toBuffer();
    const stored = await upload('sliders', png);
    expect(stored.statusCode).toBe(201);
    const { path, thumbnail } = stored.json();
    expect(path).toMatch(/^sliders\/.+\.webp$/);
    const served = await t.app.inject({ method: 'GET', url: `/storage/${thumbnail}` });
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).width).toBe(480);

    const fake = await upload('sliders', Buffer.from('<?php echo "not an image"; ?>'));
    expect(fake.statusCode).toBe(422);
    expect(fake.json().errors.image).toEqual(['Choose a JPEG, PNG or WebP image.']);
    const badFolder = await upload('../../etc', png);
    expect(badFolder.statusCode).toBe(422);
  });

  it('refuses an image over the upload limit (5 MB) while it streams, with or without a declared length', async () => {
    const boundary = '----haat-test-boundary';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`;
    const parts = () => [Buffer.from(head), Buffer.alloc(6 * 1024 * 1024, 7), Buffer.from(`\r\n--${boundary}--\r\n`)];
    const headers = { 'content-type': `multipart/form-data; boundary=${boundary}` };
    const declared = await admin.request('POST', '/api/admin/uploads?folder=products', Buffer.concat(parts()), headers);
    expect(declared.statusCode).toBe(413);
    expect(declared.json()).toEqual({ message: 'The image must be at most 5 MB.', errors: { image: ['The image must be at most 5 MB.'] } });
    // Chunked, without a length: refused once 5 MB have streamed through.
    const streamed = await admin.request('POST', '/api/admin/uploads?folder=products', Readable.from(parts()), headers);
    expect(streamed.statusCode).toBe(413);
    expect(streamed.json().errors.image).toEqual(['The image must be at most 5 MB.']);
  });

  it('manages brands, with the slug kept unique', async () => {
    const brand = await admin.post('/api/admin/brands', { name: 'Deshi Threads' });
    expect(brand.statusCode).toBe(201);
    expect(brand.json().data).toMatchObject({ slug: 'deshi-threads', status: 1 });
    const clash = await admin.post('/api/admin/brands', { name: 'Other', slug: 'deshi-threads' });
    expect(clash.json().errors.slug).toEqual(['Another brand already uses this slug.']);
    const list = (await admin.get('/api/admin/brands?format=resource')).json();
    expect(list.meta.total).toBe(1);
    expect((await admin.delete(`/api/admin/brands/${brand.json().data.id}`)).statusCode).toBe(200);
  });

  it('needs an image and a known position for a banner', async () => {
    const missing = await admin.post('/api/admin/banners', { title: 'Eid sale', position: 'nowhere' });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors).sort()).toEqual(['image', 'position']);
    const badLink = await admin.post('/api/admin/banners', {
      title: 'Eid sale',
      image: 'banners/x.webp',
      position: 'home_top',
      link: 'javascript:alert(1)',
    });
    expect(badLink.json().errors.link).toBeDefined();
    const banner = await admin.post('/api/admin/banners', {
      title: 'Eid sale',
      image: 'banners/x.webp',
      position: 'home_top',
      link: '/offers',
    });
    expect(banner.statusCode).toBe(201);
    const filtered = (await admin.get('/api/admin/banners?filter[position]=home_top')).json();
    expect(filtered.total).toBe(1);
    const refused = await admin.post('/api/admin/banners', { title: 'Path trick', image: '../../secret', position: 'offer' });
    expect(refused.statusCode).toBe(422);
  });

  it('orders sliders and hides them in bulk', async () => {
    const first = (await admin.post('/api/admin/sliders', { title: 'New arrivals', image: 'sliders/a.webp', sort_order: 2 })).json().data;
    const second = (await admin.post('/api/admin/sliders', { title: 'Winter shawls', image: 'sliders/b.webp', sort_order: 1 })).json().data;
    const list = (await admin.get('/api/admin/sliders')).json();
    expect(list.data.map((row: { id: number }) => row.id)).toEqual([second.id, first.id]);
    const bulk = (await admin.post('/api/admin/sliders/bulk', { action: 'unpublish', ids: [first.id, second.id] })).json();
    expect(bulk.done.sort()).toEqual([first.id, second.id].sort());
    expect((await admin.get('/api/admin/sliders?filter[status]=1')).json().total).toBe(0);
  });

  it("keeps attributes and their values (the seed's variants) consistent", async () => {
    const size = (await admin.post('/api/admin/attributes', { name: 'Size' })).json().data;
    expect((await admin.post('/api/admin/attributes', { name: 'Size' })).json().errors.name).toBeDefined();
    for (const [index, value] of ['S', 'M', 'L'].entries()) {
      expect((await admin.post('/api/admin/variants', { attribute_id: size.id, value, sort_order: index })).statusCode).toBe(201);
    }
    const duplicate = await admin.post('/api/admin/variants', { attribute_id: size.id, value: 'M' });
    expect(duplicate.json().errors.value).toEqual(['This attribute already has this value.']);
    const colour = await admin.post('/api/admin/variants', { attribute_id: size.id, value: 'Red', color_hex: 'red' });
    expect(colour.json().errors.color_hex).toBeDefined();
    const noAttribute = await admin.post('/api/admin/variants', { attribute_id: 424242, value: 'XL' });
    expect(noAttribute.json().errors.attribute_id).toEqual(['Choose an attribute.']);

    const attribute = (await admin.get(`/api/admin/attributes/${size.id}`)).json().data;
    expect(attribute.values).toEqual(['S', 'M', 'L']);
    const values = (await admin.get(`/api/admin/variants?filter[attribute_id]=${size.id}`)).json();
    expect(values.data.map((row: { value: string; attribute_name: string }) => `${row.attribute_name}:${row.value}`)).toEqual([
      'Size:S',
      'Size:M',
      'Size:L',
    ]);
    const refused = await admin.delete(`/api/admin/attributes/${size.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This attribute cannot be deleted: it is used by 3 values.');
  });
});
