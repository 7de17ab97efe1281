import type { Permission } from '@haat/contracts';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestBrowser } from '../../test/harness';
import { auditLog } from '../audit/audit.table';
import { createAdmin } from '../staff';
import { adminPermissions } from '../staff/admin.table';
import { readSecretSetting, SETTING_GROUPS } from './setting.service';
import { settings } from './setting.table';

let t: TestApp;
let owner: TestBrowser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.browser();
  await owner.loginAdmin();
});
afterAll(() => t.close());

let staffCount = 0;
/** A signed-in staff member holding exactly these permissions. */
async function staffWith(...permissions: Permission[]): Promise<TestBrowser> {
  staffCount++;
  const email = `staff${staffCount}@test.haat`;
  const id = await createAdmin(t.database.db, { name: `Staff ${staffCount}`, email, password: 'staff-password-1' });
  if (permissions.length)
    await t.database.db.insert(adminPermissions).values(permissions.map((permission) => ({ adminId: id, permission })));
  const browser = await t.browser();
  await browser.loginAdmin(email, 'staff-password-1');
  return browser;
}

async function storedValue(key: string): Promise<Record<string, unknown>> {
  const [row] = await t.database.db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  return (row?.value ?? {}) as Record<string, unknown>;
}

async function latestAudit() {
  const [row] = await t.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
  return row;
}

const BKASH = {
  bkash_enabled: true,
  bkash_mode: 'sandbox',
  bkash_app_key: 'app-key-4f1e2d3c4b5a6978',
  bkash_app_secret: 'app-secret-0a1b2c3d4e5f6a7b8c9d',
  bkash_username: 'sandboxTokenizedUser02',
  bkash_password: 'sandbox-Password-77',
};
const ALL_SECRETS = [BKASH.bkash_app_key, BKASH.bkash_app_secret, BKASH.bkash_password];

describe('each group checks its fields', () => {
  const cases: [string, Record<string, unknown>, string[]][] = [
    [
      'general',
      { site_name: ' ', currency: 'TAKA', time_zone: 'Mars/Olympus', contact_email: 'nope', upload_limit_mb: 0, default_language: 'fr' },
      ['contact_email', 'currency', 'default_language', 'site_name', 'time_zone', 'upload_limit_mb'],
    ],
    [
      'header',
      { menu_links: [{ label: '', url: 'javascript:alert(1)' }], phone: 'x'.repeat(41) },
      ['menu_links.0.label', 'menu_links.0.url', 'phone'],
    ],
    ['footer', { facebook_url: 'facebook.com/haat', copyright: 'x'.repeat(201) }, ['copyright', 'facebook_url']],
    ['marketing', { facebook_pixel_id: '12345', google_tag_id: 'UA-1234-1' }, ['facebook_pixel_id', 'google_tag_id']],
    [
      'theme',
      { primary_color: 'red', accent_color: '#12345', font_family: 'Comic Sans' },
      ['accent_color', 'font_family', 'primary_color'],
    ],
    ['configuration', { storefront_enabled: false, maintenance_message: '' }, ['maintenance_message']],
    ['payment', { bkash_enabled: true, bkash_username: 'merchant' }, ['bkash_app_key', 'bkash_app_secret', 'bkash_password']],
    ['payment', { cod_enabled: false }, ['cod_enabled']],
    ['payment', { nagad_enabled: true, sslcommerz_enabled: true, bkash_mode: 'test' }, ['bkash_mode']],
    // A gateway switched on must take something: the full payment, the delivery charge, or both.
    ['payment', { ...BKASH, bkash_full: false, bkash_delivery: false }, ['bkash_full']],
    ['payment', { bkash_fee_bp: -1, hold_minutes: 2 }, ['bkash_fee_bp', 'hold_minutes']],
    [
      'payment',
      { nagad_enabled: true, sslcommerz_enabled: true },
      ['nagad_merchant_id', 'nagad_private_key', 'nagad_public_key', 'sslcommerz_store_id', 'sslcommerz_store_password'],
    ],
    [
      'social',
      { google_enabled: true, facebook_enabled: true },
      ['facebook_app_id', 'facebook_app_secret', 'google_client_id', 'google_client_secret'],
    ],
    ['social', { google_client_id: 'my-id', facebook_app_id: 'abc' }, ['facebook_app_id', 'google_client_id']],
    ['sms', { enabled: true }, ['api_key', 'gateway_url', 'sender_id']],
    ['sms', { gateway_url: 'ftp://gateway.example' }, ['gateway_url']],
  ];
  it.each(cases)('%s refuses %j naming each field', async (group, body, fields) => {
    const response = await owner.put(`/api/admin/settings/${group}`, body);
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors).sort()).toEqual(fields);
  });

  it('keeps nothing from a refused save', async () => {
    expect((await owner.get('/api/admin/settings/general')).json().data.site_name).toBe('Haat');
    expect(await t.database.db.select().from(auditLog)).toHaveLength(0);
  });

  it('saves each group, answering the saved values; fields left out keep theirs', async () => {
    const saves: [string, Record<string, unknown>, Record<string, unknown>][] = [
      [
        'general',
        { site_name: 'Test Bazar', currency: 'bdt', upload_limit_mb: 8 },
        { site_name: 'Test Bazar', currency: 'BDT', time_zone: 'Asia/Dhaka' },
      ],
      [
        'header',
        { announcement_text: 'Free delivery in Dhaka', menu_links: [{ label: 'Offers', url: '/offers' }] },
        { phone: '', menu_links: [{ label: 'Offers', url: '/offers' }] },
      ],
      ['footer', { facebook_url: 'https://facebook.com/testbazar' }, { facebook_url: 'https://facebook.com/testbazar', copyright: '' }],
      ['marketing', { facebook_pixel_id: '123456789012345', google_tag_id: 'g-ab12cd34ef' }, { google_tag_id: 'G-AB12CD34EF' }],
      ['theme', { primary_color: '#0B7A3E', font_family: 'Hind Siliguri' }, { primary_color: '#0b7a3e', accent_color: '#c2410c' }],
      ['configuration', { storefront_enabled: false, maintenance_message: 'Back at 10 am' }, { orders_enabled: true }],
      [
        'social',
        { google_enabled: true, google_client_id: '1234-abc.apps.googleusercontent.com', google_client_secret: 'GOCSPX-secret-value-1234' },
        { facebook_enabled: false, google_client_secret: '••••1234' },
      ],
    ];
    for (const [group, body, expected] of saves) {
      const response = await owner.put(`/api/admin/settings/${group}`, body);
      expect(response.statusCode, `${group}: ${response.body}`).toBe(200);
      expect(response.json().data).toMatchObject(expected);
      expect((await owner.get(`/api/admin/settings/${group}`)).json().data).toMatchObject(expected);
    }
    // Left out: the general settings' time zone kept its value; the upload limit changed.
    expect((await owner.get('/api/admin/settings/general')).json().data).toMatchObject({ upload_limit_mb: 8, tagline: expect.any(String) });
  });

  it('answers 404 for a group that does not exist', async () => {
    expect((await owner.get('/api/admin/settings/nope')).statusCode).toBe(404);
    expect((await owner.put('/api/admin/settings/__proto__', {})).statusCode).toBe(404);
  });
});

describe('who may read and change settings', () => {
  it('refuses without a session', async () => {
    const visitor = await t.browser();
    expect((await visitor.get('/api/admin/settings/general')).statusCode).toBe(401);
    expect((await visitor.put('/api/admin/settings/general', { site_name: 'Hijacked' })).statusCode).toBe(401);
    expect((await visitor.get('/api/admin/audit-log')).statusCode).toBe(401);
  });

  it('lets setting.view read the ordinary groups but not change them, nor read payment or SMS', async () => {
    const viewer = await staffWith('setting.view');
    expect((await viewer.get('/api/admin/settings/general')).statusCode).toBe(200);
    const refused = await viewer.put('/api/admin/settings/general', { site_name: 'Viewer Bazar' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain('setting.update');
    for (const group of ['payment', 'sms']) {
      const response = await viewer.get(`/api/admin/settings/${group}`);
      expect(response.statusCode).toBe(403);
    }
    expect((await viewer.get('/api/admin/settings/payment')).json().message).toContain('payment.setup.manage');
    expect((await viewer.get('/api/admin/settings/sms')).json().message).toContain('sms.api.manage');
    expect((await viewer.get('/api/admin/audit-log')).json().message).toContain('audit.view');
  });

  it('lets payment.setup.manage and sms.api.manage reach only their own group', async () => {
    const cashier = await staffWith('payment.setup.manage');
    expect((await cashier.get('/api/admin/settings/payment')).statusCode).toBe(200);
    expect((await cashier.put('/api/admin/settings/payment', { cod_label: 'Pay the rider' })).statusCode).toBe(200);
    expect((await cashier.get('/api/admin/settings/general')).statusCode).toBe(403);
    expect((await cashier.get('/api/admin/settings/sms')).statusCode).toBe(403);
    const texter = await staffWith('sms.api.manage');
    expect((await texter.get('/api/admin/settings/sms')).statusCode).toBe(200);
    expect((await texter.put('/api/admin/settings/payment', { cod_label: 'x' })).statusCode).toBe(403);
    expect((await texter.post('/api/admin/settings/sms/test', { phone: '01712345678' })).statusCode).toBe(200);
    expect((await cashier.post('/api/admin/settings/sms/test', { phone: '01712345678' })).statusCode).toBe(403);
  });

  it('keeps the site configuration readable without a session', async () => {
    const visitor = await t.browser();
    const response = await visitor.get('/api/get/configuration/info');
    expect(response.statusCode).toBe(200);
    expect(response.json().setting).toMatchObject({
      storefront_enabled: false,
      maintenance_message: 'Back at 10 am',
      orders_enabled: true,
    });
    expect((await owner.put('/api/admin/settings/configuration', { storefront_enabled: true })).statusCode).toBe(200);
    expect((await visitor.get('/api/get/configuration/info')).json().setting.storefront_enabled).toBe(true);
  });
});

describe('secrets', () => {
  it('stores them encrypted and answers only a mask with the last 4 characters', async () => {
    const response = await owner.put('/api/admin/settings/payment', BKASH);
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(data.bkash_app_key).toBe('••••6978');
    expect(data.bkash_app_secret).toBe('••••8c9d');
    expect(data.bkash_password).toBe('••••d-77');
    expect(data.bkash_username).toBe('sandboxTokenizedUser02');
    const read = await owner.get('/api/admin/settings/payment');
    for (const secret of ALL_SECRETS) expect(read.body).not.toContain(secret);
    expect(read.json().data.bkash_app_key).toBe('••••6978');

    const stored = await storedValue('payment');
    const raw = JSON.stringify(stored);
    for (const secret of ALL_SECRETS) expect(raw).not.toContain(secret);
    expect(stored.bkash_app_key).toMatch(/^enc:v1:/);
    expect(stored.bkash_username).toBe('sandboxTokenizedUser02');
    // Server code reads them in plain text through one function.
    const plain = await readSecretSetting(t.app, SETTING_GROUPS.payment);
    expect(plain).toMatchObject({ bkash_app_key: BKASH.bkash_app_key, bkash_password: BKASH.bkash_password });
  });

  it('keeps a secret sent back masked, replaces a new one and clears an empty one', async () => {
    const shown = (await owner.get('/api/admin/settings/payment')).json().data;
    const before = await storedValue('payment');
    const kept = await owner.put('/api/admin/settings/payment', { ...shown, bkash_mode: 'live' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(await readSecretSetting(t.app, SETTING_GROUPS.payment)).toMatchObject({
      bkash_mode: 'live',
      bkash_app_key: BKASH.bkash_app_key,
      bkash_app_secret: BKASH.bkash_app_secret,
      bkash_password: BKASH.bkash_password,
    });
    // Every save seals again with a fresh nonce; what it opens to is unchanged (checked above).
    expect((await storedValue('payment')).bkash_app_key).not.toBe(before.bkash_app_key);

    await owner.put('/api/admin/settings/payment', { ...shown, bkash_app_secret: 'brand-new-secret-value-ABCD' });
    expect((await readSecretSetting(t.app, SETTING_GROUPS.payment)).bkash_app_secret).toBe('brand-new-secret-value-ABCD');
    expect((await owner.get('/api/admin/settings/payment')).json().data.bkash_app_secret).toBe('••••ABCD');

    // A secret is needed while bKash is on; once off it may be cleared.
    const refused = await owner.put('/api/admin/settings/payment', { bkash_app_secret: '' });
    expect(refused.json().errors).toHaveProperty('bkash_app_secret');
    const cleared = await owner.put('/api/admin/settings/payment', { bkash_enabled: false, bkash_app_secret: '' });
    expect(cleared.json().data.bkash_app_secret).toBe('');
    expect((await storedValue('payment')).bkash_app_secret).toBe('');
  });

  it('shows a short secret as the mask alone', async () => {
    const response = await owner.put('/api/admin/settings/payment', {
      sslcommerz_store_id: 'teststore',
      sslcommerz_store_password: 'pw@ssl1',
    });
    expect(response.json().data.sslcommerz_store_password).toBe('••••');
    expect((await readSecretSetting(t.app, SETTING_GROUPS.payment)).sslcommerz_store_password).toBe('pw@ssl1');
  });

  it('does not open a ciphertext moved to another field', async () => {
    const stored = await storedValue('payment');
    await t.database.db
      .update(settings)
      .set({ value: { ...stored, bkash_password: stored.bkash_app_key } })
      .where(eq(settings.key, 'payment'));
    expect((await readSecretSetting(t.app, SETTING_GROUPS.payment)).bkash_password).toBe('');
    await t.database.db.update(settings).set({ value: stored }).where(eq(settings.key, 'payment'));
  });

  it('never sends a secret to the storefront', async () => {
    await owner.put('/api/admin/settings/payment', { ...BKASH, bkash_app_secret: BKASH.bkash_app_secret });
    await owner.put('/api/admin/settings/sms', {
      gateway_url: 'http://127.0.0.1:9/api/smsapi',
      api_key: 'sms-api-key-SECRET-9911',
      sender_id: '8809617611082',
    });
    const visitor = await t.browser();
    const info = await visitor.get('/api/get/site/info');
    for (const secret of [...ALL_SECRETS, 'sms-api-key-SECRET-9911', 'enc:v1:', '••••']) expect(info.body).not.toContain(secret);
    const body = info.json();
    expect(body.general_setting).toMatchObject({ site_name: 'Test Bazar' });
    expect(body.header_setting).toMatchObject({ announcement_text: 'Free delivery in Dhaka' });
    expect(body.footer_setting).toMatchObject({ facebook_url: 'https://facebook.com/testbazar' });
    expect(body.theme_setting).toEqual({ primary_color: '#0b7a3e', accent_color: '#c2410c', font_family: 'Hind Siliguri' });
    // The tags' ids and when a purchase counts; never the Conversions API token (decision 060).
    expect(body.marketing_setting).toEqual({
      facebook_pixel_id: '123456789012345',
      google_tag_id: 'G-AB12CD34EF',
      gtm_container_id: '',
      purchase_moment: 'placed',
    });
    expect(body.social_login).toEqual([
      { provider: 'google', client_id: '1234-abc.apps.googleusercontent.com', start_url: '/auth/google/start' },
    ]);
    expect(JSON.stringify(body)).not.toContain('GOCSPX-secret-value-1234');
    // bKash is switched on with its keys: offered with what it may take, and nothing of its setup (decision 062).
    expect(body.payment_methods).toEqual([
      { code: 'cod', label: 'Pay the rider', purposes: [] },
      { code: 'bkash', label: 'bKash', purposes: ['full', 'delivery'] },
    ]);
    expect(Object.keys(body).sort()).toEqual([
      'footer_setting',
      'general_setting',
      'header_setting',
      'marketing_setting',
      'payment_methods',
      'social_login',
      'theme_setting',
    ]);
  });
});

describe('the payment methods checkout offers', () => {
  const SSL = { sslcommerz_enabled: true, sslcommerz_store_id: 'haat0test', sslcommerz_store_password: 'haat0test@ssl' };
  const offered = async () => (await (await t.browser()).get('/api/get/site/info')).json().payment_methods;

  it('lists cash on delivery and each gateway on, with the purposes its switches allow', async () => {
    const saved = await owner.put('/api/admin/settings/payment', {
      cod_enabled: true,
      cod_label: 'Cash on delivery',
      ...BKASH,
      bkash_full: false,
      bkash_delivery: true,
      ...SSL,
      sslcommerz_full: true,
      sslcommerz_delivery: false,
      nagad_enabled: false,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await offered()).toEqual([
      { code: 'cod', label: 'Cash on delivery', purposes: [] },
      { code: 'bkash', label: 'bKash', purposes: ['delivery'] },
      { code: 'sslcommerz', label: 'Card or mobile banking (SSLCommerz)', purposes: ['full'] },
    ]);
  });

  it('may turn cash on delivery off while a gateway is on, never every way to pay', async () => {
    const online = await owner.put('/api/admin/settings/payment', { ...BKASH, ...SSL, cod_enabled: false });
    expect(online.statusCode, online.body).toBe(200);
    expect((await offered()).map((method: { code: string }) => method.code)).toEqual(['bkash', 'sslcommerz']);
    const none = await owner.put('/api/admin/settings/payment', { bkash_enabled: false, sslcommerz_enabled: false, cod_enabled: false });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors).toEqual({ cod_enabled: ['Keep at least one way to pay on: cash on delivery or a gateway'] });
    // Nothing of the refused save was kept.
    expect((await offered()).map((method: { code: string }) => method.code)).toEqual(['bkash', 'sslcommerz']);
    const back = await owner.put('/api/admin/settings/payment', { cod_enabled: true, bkash_enabled: false, sslcommerz_enabled: false });
    expect(back.statusCode, back.body).toBe(200);
    expect(await offered()).toEqual([{ code: 'cod', label: 'Cash on delivery', purposes: [] }]);
  });
});

describe('the audit log', () => {
  it('records each change with who, where and before/after, secrets only as changed', async () => {
    const ownerId = (await owner.get('/check/session/admin')).json().admin.id;
    await owner.put('/api/admin/settings/general', { site_name: 'Audit Bazar', tagline: 'Checked' });
    const general = await latestAudit();
    expect(general).toMatchObject({ actorKind: 'admin', actorId: ownerId, action: 'update', entity: 'setting', entityId: 'general' });
    expect(general?.ip).toBeTruthy();
    expect(general?.changes).toEqual({
      site_name: { before: 'Test Bazar', after: 'Audit Bazar' },
      tagline: { before: 'Cash on delivery, all over Bangladesh', after: 'Checked' },
    });

    await owner.put('/api/admin/settings/payment', { bkash_password: 'another-Password-88', bkash_username: 'liveUser' });
    const payment = await latestAudit();
    expect(payment?.changes).toEqual({
      bkash_password: 'changed',
      bkash_username: { before: 'sandboxTokenizedUser02', after: 'liveUser' },
    });
    expect(JSON.stringify(payment)).not.toContain('another-Password-88');

    // A save that changes nothing adds no row.
    const count = (await t.database.db.select().from(auditLog)).length;
    const shown = (await owner.get('/api/admin/settings/payment')).json().data;
    await owner.put('/api/admin/settings/payment', shown);
    expect(await t.database.db.select().from(auditLog)).toHaveLength(count);
  });

  it('lists newest first in both pagination shapes, filtered by entity and admin', async () => {
    const plain = (await owner.get('/api/admin/audit-log?per_page=2')).json();
    expect(plain).toMatchObject({ current_page: 1, per_page: 2, from: 1, to: 2, prev_page_url: null });
    expect(plain.total).toBeGreaterThan(5);
    expect(plain.data[0]).toMatchObject({
      entity: 'setting',
      entity_id: 'payment',
      actor_kind: 'admin',
      actor_name: 'Administrator',
      action: 'update',
    });
    expect(plain.data[1]).toMatchObject({ entity_id: 'general', changes: { site_name: { before: 'Test Bazar', after: 'Audit Bazar' } } });
    expect(new Date(plain.data[0].created_at).getTime()).toBeGreaterThanOrEqual(new Date(plain.data[1].created_at).getTime());
    expect(plain.next_page_url).toBe('/api/admin/audit-log?per_page=2&page=2');

    const resource = (await owner.get('/api/admin/audit-log?per_page=2&page=2&format=resource')).json();
    expect(resource.meta).toMatchObject({ current_page: 2, per_page: 2, from: 3, to: 4 });
    expect(resource.links.prev).toContain('page=1');

    const general = (await owner.get('/api/admin/audit-log?filter[entity]=setting&filter[entity_id]=general')).json();
    expect(general.data.every((row: { entity_id: string }) => row.entity_id === 'general')).toBe(true);
    const cashier = (await owner.get('/api/admin/audit-log'))
      .json()
      .data.find((row: { actor_name: string }) => row.actor_name?.startsWith('Staff'));
    const byStaff = (await owner.get(`/api/admin/audit-log?filter[actor]=admin:${cashier.actor_id}`)).json();
    expect(byStaff.total).toBe(1);
    expect(byStaff.data[0]).toMatchObject({
      entity_id: 'payment',
      changes: { cod_label: { before: 'Cash on delivery', after: 'Pay the rider' } },
    });
    expect((await owner.get('/api/admin/audit-log?filter[entity]=product')).json().total).toBe(0);
    expect((await owner.get('/api/admin/audit-log?filter[nope]=1')).json().errors).toHaveProperty(['filter.nope']);

    const facets = (await owner.get('/api/admin/audit-log/facets')).json();
    expect(facets.entities).toEqual(['setting']);
    expect(facets.actors).toContainEqual(expect.objectContaining({ key: `admin:${cashier.actor_id}`, kind: 'admin' }));
    expect(facets.actors.map((actor: { name: string }) => actor.name)).toContain('Administrator');

    // By date: today has every row, a day long past none; a malformed date or person is a 422 on its filter.
    const today = new Date().toISOString().slice(0, 10);
    expect((await owner.get(`/api/admin/audit-log?filter[from]=${today}&filter[to]=${today}`)).json().total).toBe(plain.total);
    expect((await owner.get('/api/admin/audit-log?filter[to]=2020-01-01')).json().total).toBe(0);
    const badDate = await owner.get('/api/admin/audit-log?filter[from]=yesterday');
    expect(badDate.statusCode).toBe(422);
    expect(badDate.json().errors).toHaveProperty(['filter[from]']);
    expect((await owner.get('/api/admin/audit-log?filter[actor]=admin:abc')).statusCode).toBe(422);
    const csv = await owner.get('/api/admin/audit-log/export.csv?filter[entity_id]=general');
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('site_name: ""Test Bazar"" → ""Audit Bazar""');
    expect(csv.body).toContain('Administrator (admin)');
  });
});

describe('the audit log of the SMS and e-mail settings', () => {
  it('records the gateway key and the mail password only as changed, by the admin; a refused save writes no row', async () => {
    const me = (await owner.get('/check/session/admin')).json().admin;
    const count = async () => (await t.database.db.select().from(auditLog)).length;
    const before = await count();
    const refused = await owner.put('/api/admin/settings/email', { port: 'not a port' });
    expect(refused.statusCode).toBe(422);
    expect(await count()).toBe(before);

    expect((await owner.put('/api/admin/settings/sms', { api_key: 'sms-gateway-key-123456', sender_id: 'HAAT' })).statusCode).toBe(200);
    const sms = await latestAudit();
    expect(sms).toMatchObject({ actorKind: 'admin', actorId: me.id, actorName: me.name, entity: 'setting', entityId: 'sms' });
    expect(sms?.ip).toBeTruthy();
    expect(sms?.changes).toMatchObject({ api_key: 'changed', sender_id: { after: 'HAAT' } });
    expect(JSON.stringify(sms)).not.toContain('sms-gateway-key-123456');

    expect((await owner.put('/api/admin/settings/email', { password: 'smtp-Password-99', username: 'shop@haat.test' })).statusCode).toBe(
      200,
    );
    const email = await latestAudit();
    expect(email).toMatchObject({ actorId: me.id, entity: 'setting', entityId: 'email' });
    expect(email?.changes).toMatchObject({ password: 'changed', username: { before: '', after: 'shop@haat.test' } });
    expect(JSON.stringify(email)).not.toContain('smtp-Password-99');
  });
});
