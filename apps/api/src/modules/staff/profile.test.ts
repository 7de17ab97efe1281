import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../lib/password';
import { ADMIN, createTestApp, type TestApp, type TestBrowser } from '../../test/harness';
import { createAdmin } from '.';
import { admins } from './admin.table';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let staffCount = 0;
/** A fresh staff admin and a browser signed in as them. */
async function signedInStaff(password = 'staff-password-1') {
  staffCount += 1;
  const email = `staff${staffCount}@test.haat`;
  const id = await createAdmin(t.database.db, { name: `Staff ${staffCount}`, email, password });
  const browser = await t.browser();
  await browser.loginAdmin(email, password);
  return { id, email, password, browser };
}

async function adminRow(id: number) {
  const [row] = await t.database.db.select().from(admins).where(eq(admins.id, id));
  if (!row) throw new Error(`admin ${id} is gone`);
  return row;
}

/** A multipart/form-data body with one file, as a browser's file input sends it. */
function multipart(field: string, filename: string, contentType: string, data: Buffer) {
  const boundary = `----haat${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { body: Buffer.concat([head, data, tail]), contentType: `multipart/form-data; boundary=${boundary}` };
}

function upload(browser: TestBrowser, filename: string, contentType: string, data: Buffer, field = 'image') {
  const form = multipart(field, filename, contentType, data);
  return browser.request('POST', '/api/admin/profile/image', form.body, { 'content-type': form.contentType });
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 40 } } })
    .png()
    .toBuffer();

describe('GET and PUT /api/admin/profile', () => {
  it('needs a signed-in admin', async () => {
    const browser = await t.browser();
    const read = await browser.get('/api/admin/profile');
    expect(read.statusCode).toBe(401);
    expect(read.json().message).toMatch(/sign in/i);
    expect((await browser.put('/api/admin/profile', { name: 'Someone', email: 'x@test.haat' })).statusCode).toBe(401);
  });

  it("answers the signed-in admin's own profile without secrets", async () => {
    const { id, email, browser } = await signedInStaff();
    const response = await browser.get('/api/admin/profile');
    expect(response.statusCode).toBe(200);
    expect(response.json().admin).toEqual({
      id,
      name: `Staff ${staffCount}`,
      email,
      phone: null,
      image: null,
      is_super: false,
      permissions: [],
    });
    expect(response.body).not.toMatch(/argon2|password/i);
  });

  it('names each invalid field', async () => {
    const { id, browser } = await signedInStaff();
    const before = await adminRow(id);
    const response = await browser.put('/api/admin/profile', { name: 'A', email: 'not-an-email', phone: '12345' });
    expect(response.statusCode).toBe(422);
    const { errors } = response.json();
    expect(Object.keys(errors).sort()).toEqual(['email', 'name', 'phone']);
    expect(errors.phone[0]).toMatch(/01712345678/);
    expect(await adminRow(id)).toEqual(before);

    const missing = await browser.put('/api/admin/profile', {});
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors).sort()).toEqual(['email', 'name']);
  });

  it('refuses an email another admin uses, naming email, in any letter case', async () => {
    const { id, email, browser } = await signedInStaff();
    const response = await browser.put('/api/admin/profile', { name: 'Renamed', email: ADMIN.email.toUpperCase() });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.email[0]).toMatch(/already/);
    expect(await adminRow(id)).toMatchObject({ name: `Staff ${staffCount}`, email });
  });

  it('saves name, email and phone, and the new email signs in', async () => {
    const { id, email, password, browser } = await signedInStaff();
    // Keeping one's own email is not "taken".
    const same = await browser.put('/api/admin/profile', { name: 'Kept Email', email });
    expect(same.statusCode).toBe(200);

    const response = await browser.put('/api/admin/profile', {
      name: '  Salma Khatun ',
      email: 'Salma.Khatun@Test.Haat',
      phone: '+880 1712-345678',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().admin).toMatchObject({ id, name: 'Salma Khatun', email: 'salma.khatun@test.haat', phone: '01712345678' });
    expect(await adminRow(id)).toMatchObject({ name: 'Salma Khatun', email: 'salma.khatun@test.haat', phone: '01712345678' });
    expect((await browser.get('/api/admin/profile')).json().admin.email).toBe('salma.khatun@test.haat');

    const cleared = await browser.put('/api/admin/profile', { name: 'Salma Khatun', email: 'salma.khatun@test.haat', phone: '' });
    expect(cleared.statusCode).toBe(200);
    expect((await adminRow(id)).phone).toBeNull();

    const fresh = await t.browser();
    expect((await fresh.post('/api/admin/login', { email, password })).statusCode).toBe(422);
    expect((await fresh.post('/api/admin/login', { email: 'salma.khatun@test.haat', password })).statusCode).toBe(200);
  });
});

describe('POST /api/admin/profile/image', () => {
  it('stores a PNG as a resized WebP, served under /storage/ and /public/storage/', async () => {
    const { id, browser } = await signedInStaff();
    const response = await upload(browser, 'me.png', 'image/png', await png(1200, 800));
    expect(response.statusCode).toBe(200);
    const stored: string = response.json().admin.image;
    expect(stored).toMatch(/^admins\/[\w-]+\.webp$/);
    expect((await adminRow(id)).image).toBe(stored);
    expect((await browser.get('/api/admin/profile')).json().admin.image).toBe(stored);

    for (const prefix of ['/storage/', '/public/storage/']) {
      const served = await t.app.inject({ method: 'GET', url: `${prefix}${stored}` });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toMatch(/^image\/webp/);
      const metadata = await sharp(served.rawPayload).metadata();
      // An avatar: cropped square and no larger than 512 px.
      expect(metadata).toMatchObject({ format: 'webp', width: 512, height: 512 });
    }
    const thumbnail = await t.app.inject({ method: 'GET', url: `/storage/${stored.replace(/\.webp$/, '-thumb.webp')}` });
    expect(thumbnail.statusCode).toBe(200);
    expect(await sharp(thumbnail.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 96, height: 96 });
  });

  it('keeps a small image at its size and removes the previous image when replaced', async () => {
    const { id, browser } = await signedInStaff();
    const first = (await upload(browser, 'first.png', 'image/png', await png(300, 300))).json().admin.image;
    const second = await upload(browser, 'second.png', 'image/png', await png(64, 40));
    expect(second.statusCode).toBe(200);
    const secondPath: string = second.json().admin.image;
    expect(secondPath).not.toBe(first);
    expect((await adminRow(id)).image).toBe(secondPath);
    expect(fs.existsSync(path.join(t.config.storageDir, first))).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: `/storage/${first}` })).statusCode).toBe(404);
    // Smaller than the avatar size: not enlarged, but still cropped square.
    const served = await t.app.inject({ method: 'GET', url: `/storage/${secondPath}` });
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 40, height: 40 });
    const thumbnail = await t.app.inject({ method: 'GET', url: `/storage/${secondPath.replace(/\.webp$/, '-thumb.webp')}` });
    expect(await sharp(thumbnail.rawPayload).metadata()).toMatchObject({ width: 40, height: 40 });
  });

  it('refuses a text file named x.png with errors.image and stores nothing', async () => {
    const { id, browser } = await signedInStaff();
    const filesBefore = fs.readdirSync(t.config.storageDir, { recursive: true }).length;
    const response = await upload(browser, 'x.png', 'image/png', Buffer.from('this is not an image\n'.repeat(20)));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.image[0]).toMatch(/JPEG, PNG or WebP/);
    expect((await adminRow(id)).image).toBeNull();
    expect(fs.readdirSync(t.config.storageDir, { recursive: true }).length).toBe(filesBefore);
  });

  it('refuses an image over the upload limit (5 MB by default)', async () => {
    const { id, browser } = await signedInStaff();
    // Noise does not compress: a real PNG of about 6 MB.
    const big = await sharp({
      create: { width: 1500, height: 1400, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(5 * 1024 * 1024);
    const response = await upload(browser, 'big.png', 'image/png', big);
    // Refused before it is read whole (http/uploads.ts): 413, not a 422 about its content.
    expect(response.statusCode).toBe(413);
    expect(response.json().errors.image[0]).toMatch(/5 MB/);
    expect((await adminRow(id)).image).toBeNull();
  });

  it('asks for an image when none is sent, and needs a session', async () => {
    const { browser } = await signedInStaff();
    const form = multipart('note', 'note.txt', 'text/plain', Buffer.from('hello'));
    // A form with only a text field: no file at all.
    const textOnly = form.body.toString().replace(/; filename="note.txt"\r\nContent-Type: text\/plain/, '');
    const noFile = await browser.request('POST', '/api/admin/profile/image', Buffer.from(textOnly), { 'content-type': form.contentType });
    expect(noFile.statusCode).toBe(422);
    expect(noFile.json().errors.image).toBeDefined();
    const json = await browser.post('/api/admin/profile/image', { image: 'data' });
    expect(json.statusCode).toBe(422);
    expect(json.json().errors.image).toBeDefined();

    const visitor = await t.browser();
    expect((await upload(visitor, 'me.png', 'image/png', await png(10, 10))).statusCode).toBe(401);
  });
});

describe('PUT /api/admin/password/:id', () => {
  it('refuses a wrong current password, a mismatched confirmation and a short password, naming the field', async () => {
    const { id, password, browser } = await signedInStaff();
    const wrong = await browser.put(`/api/admin/password/${id}`, {
      current_password: 'not-my-password',
      password: 'brand-new-password',
      password_confirmation: 'brand-new-password',
    });
    expect(wrong.statusCode).toBe(422);
    expect(Object.keys(wrong.json().errors)).toEqual(['current_password']);

    const mismatch = await browser.put(`/api/admin/password/${id}`, {
      current_password: password,
      password: 'brand-new-password',
      password_confirmation: 'brand-new-passwort',
    });
    expect(mismatch.statusCode).toBe(422);
    expect(Object.keys(mismatch.json().errors)).toEqual(['password_confirmation']);

    const short = await browser.put(`/api/admin/password/${id}`, {
      current_password: password,
      password: 'short',
      password_confirmation: 'short',
    });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.password).toBeDefined();

    const same = await browser.put(`/api/admin/password/${id}`, { current_password: password, password, password_confirmation: password });
    expect(same.statusCode).toBe(422);
    expect(same.json().errors.password).toBeDefined();

    expect(await verifyPassword((await adminRow(id)).passwordHash, password)).toBe(true);
  });

  it('slows down guessing the current password: after 5 wrong ones the next waits (429), even the right one', async () => {
    const { id, password, browser } = await signedInStaff();
    const change = (current: string) =>
      browser.put(`/api/admin/password/${id}`, {
        current_password: current,
        password: 'guessed-new-pass-1',
        password_confirmation: 'guessed-new-pass-1',
      });
    for (let attempt = 1; attempt <= 5; attempt++) expect((await change(`wrong-guess-${attempt}`)).statusCode).toBe(422);
    const waiting = await change(password);
    expect(waiting.statusCode).toBe(429);
    expect(waiting.json().errors.current_password).toBeDefined();
    expect(await verifyPassword((await adminRow(id)).passwordHash, password)).toBe(true);
  });

  it("refuses to change another admin's password with 403, even a super admin's", async () => {
    const { password, browser } = await signedInStaff();
    const [owner] = await t.database.db.select().from(admins).where(eq(admins.email, ADMIN.email));
    const response = await browser.put(`/api/admin/password/${owner?.id}`, {
      current_password: password,
      password: 'taken-over-password',
      password_confirmation: 'taken-over-password',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toMatch(/own password/);
    expect(await verifyPassword(owner && (await adminRow(owner.id)).passwordHash, ADMIN.password)).toBe(true);
    expect(await verifyPassword(owner && (await adminRow(owner.id)).passwordHash, 'taken-over-password')).toBe(false);
  });

  it('changes the password: the new one signs in, the old does not, other browsers are signed out', async () => {
    const { id, email, password, browser } = await signedInStaff();
    const elsewhere = await t.browser();
    await elsewhere.loginAdmin(email, password);
    expect((await elsewhere.get('/check/session/admin')).json().status).toBe('RUNNING');

    const response = await browser.put(`/api/admin/password/${id}`, {
      current_password: password,
      password: 'brand-new-password',
      password_confirmation: 'brand-new-password',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toMatch(/Password changed/);

    // This browser stays signed in; the other one is signed out.
    expect((await browser.get('/check/session/admin')).json().status).toBe('RUNNING');
    expect((await browser.get('/api/admin/profile')).statusCode).toBe(200);
    expect((await elsewhere.get('/check/session/admin')).json()).toEqual({ status: 'EXPIRED' });
    expect((await elsewhere.get('/api/admin/profile')).statusCode).toBe(401);

    const fresh = await t.browser();
    const old = await fresh.post('/api/admin/login', { email, password });
    expect(old.statusCode).toBe(422);
    const renewed = await fresh.post('/api/admin/login', { email, password: 'brand-new-password' });
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json().admin.id).toBe(id);
  });

  it('needs a session', async () => {
    const visitor = await t.browser();
    const response = await visitor.put('/api/admin/password/1', {
      current_password: ADMIN.password,
      password: 'brand-new-password',
      password_confirmation: 'brand-new-password',
    });
    expect(response.statusCode).toBe(401);
  });
});
