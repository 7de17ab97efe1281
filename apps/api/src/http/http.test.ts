import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_GENERAL_SETTING } from '@haat/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemCtx } from '../context';
import { SETTING_GROUPS, writeSetting } from '../modules/settings/setting.service';
import { ADMIN, createTestApp, type TestApp } from '../test/harness';
import { buildApp } from './app';

const INDEX_HTML = `<!doctype html>
<html><head><meta name="csrf-token" content="__CSRF_TOKEN__"><title>Haat</title></head>
<body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>`;
/** The storefront's own build (apps/web/vite.shop.config.ts). */
const SHOP_HTML = INDEX_HTML.replace('/assets/app.js', '/assets/shop.js');

let webDist: string;
/** Built with PRODUCTION_HOST=shop.example.com and a web app to serve. */
let t: TestApp;
/** The same database without PRODUCTION_HOST, with routes that fail the way real code can. */
let open: FastifyInstance;

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'haat-web-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
  fs.writeFileSync(path.join(webDist, 'shop.html'), SHOP_HTML);
  fs.writeFileSync(path.join(webDist, 'assets', 'app.js'), 'console.log("haat");\n');
  fs.writeFileSync(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp({ env: { WEB_DIST: webDist, PRODUCTION_HOST: 'shop.example.com' } });

  open = await buildApp({ config: { ...t.config, productionHost: undefined }, db: t.database.db, logger: false });
  open.get('/api/test/throw', async () => {
    throw new Error('secret internals: password=hunter2 at /srv/haat/apps/api/src/secret.ts');
  });
  open.get('/api/test/database', async (request) => request.server.db.execute(sql`select * from no_such_table_here`));
  await open.ready();
});
afterAll(async () => {
  await open?.close();
  await t?.close();
  if (webDist) fs.rmSync(webDist, { recursive: true, force: true });
});

const metaToken = (html: string) => /<meta name="csrf-token" content="([^"]*)">/.exec(html)?.[1];

describe('site information (seed §7)', () => {
  it('answers general_setting with the site name, logo, currency and contact details', async () => {
    const defaults = await t.app.inject({ method: 'GET', url: '/api/get/site/info' });
    expect(defaults.statusCode).toBe(200);
    expect(defaults.json().general_setting).toMatchObject({
      site_name: 'Haat',
      logo: null,
      currency: 'BDT',
      currency_symbol: '৳',
      contact_phone: '',
      contact_email: '',
    });

    await writeSetting(systemCtx(t.database.db), SETTING_GROUPS.general, {
      ...DEFAULT_GENERAL_SETTING,
      site_name: 'Test Bazar',
      logo: 'settings/logo.webp',
      contact_phone: '09610-000222',
      contact_email: 'help@test.haat',
    });
    const saved = (await t.app.inject({ method: 'GET', url: '/api/get/site/info' })).json().general_setting;
    expect(saved).toMatchObject({
      site_name: 'Test Bazar',
      logo: 'settings/logo.webp',
      currency: 'BDT',
      currency_symbol: '৳',
      contact_phone: '09610-000222',
      contact_email: 'help@test.haat',
    });
  });

  it('answers setting from /api/get/configuration/info', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/get/configuration/info' });
    expect(response.statusCode).toBe(200);
    expect(response.json().setting).toEqual({
      storefront_enabled: true,
      maintenance_message: '',
      orders_enabled: true,
      reseller_signup_enabled: true,
      production_host: 'shop.example.com',
    });
  });
});

describe('unknown calls', () => {
  it('answers 404 JSON with a message for an unknown API path, never the web page', async () => {
    const browser = await t.browser();
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['GET', '/api/nope?x=1'],
      ['POST', '/_public/nope'],
      ['DELETE', '/api/admin/nope'],
      ['GET', '/check/nope'],
      ['GET', '/storage/nope.png'],
      ['GET', '/public/storage/nope.png'],
    ] as const) {
      const response = await browser.request(method, url, method === 'GET' ? undefined : {});
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.headers['content-type'], `${method} ${url}`).toMatch(/application\/json/);
      expect(response.json().message, `${method} ${url}`).toMatch(/\S/);
      expect(response.body).not.toContain('<html');
    }
    expect((await browser.get('/api/nope')).json().message).toContain('/api/nope');
  });
});

describe('the web app', () => {
  it('answers any page with index.html, its csrf-token meta filled in with the haat_csrf cookie', async () => {
    // A first visit: no cookie yet, so one is issued and written into the page.
    const first = await t.app.inject({ method: 'GET', url: '/some/page' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/^text\/html/);
    expect(first.headers['cache-control']).toBe('no-store');
    const issued = (first.cookies as { name: string; value: string; httpOnly?: boolean }[]).find((cookie) => cookie.name === 'haat_csrf');
    expect(issued?.value).toMatch(/^[\w-]{32,}$/);
    expect(issued?.httpOnly).toBe(true);
    expect(metaToken(first.body)).toBe(issued?.value);
    expect(first.body).not.toContain('__CSRF_TOKEN__');

    // A browser that has the cookie sees the same token in every page, and it works for a call.
    const browser = await t.browser();
    for (const url of ['/', '/some/page', '/admin/category?page=2', '/dropshipper/login']) {
      const page = await browser.get(url);
      expect(page.statusCode, url).toBe(200);
      expect(metaToken(page.body), url).toBe(browser.cookie('haat_csrf'));
    }
    browser.csrf = metaToken((await browser.get('/some/page')).body) ?? '';
    expect((await browser.post('/api/admin/login', { email: ADMIN.email, password: ADMIN.password })).statusCode).toBe(200);

    // Another browser's token is not this one's.
    expect(metaToken((await t.app.inject({ method: 'GET', url: '/some/page' })).body)).not.toBe(issued?.value);
  });

  it('answers the storefront with shop.html and the back office and portals with index.html', async () => {
    for (const url of ['/', '/product/12/some-shirt', '/cart', '/shop/sadias-closet', '/administrator', '/page/about-us']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toContain('/assets/shop.js');
    }
    for (const url of ['/admin/category', '/backend/attribute/edit/3', '/dropshipper/login', '/merchant/dashboard', '/admin']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toContain('/assets/app.js');
      expect(page.body, url).not.toContain('/assets/shop.js');
    }
    // The build's pages are never served as files of their own.
    expect((await t.app.inject({ method: 'GET', url: '/shop.html' })).body).not.toContain('__CSRF_TOKEN__');
  });

  it('serves the built assets and root files with their content types', async () => {
    const script = await t.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/javascript/);
    expect(script.body).toContain('haat');
    const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toMatch(/^image\/svg\+xml/);
    // A stale chunk after a deploy must fail as missing, not arrive as the HTML page.
    const missing = await t.app.inject({ method: 'GET', url: '/assets/missing-3f2a.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).not.toMatch(/html/);
  });

  it('answers a page to GET and HEAD only', async () => {
    // Uptime monitors ask for the home page with HEAD.
    const head = await t.app.inject({ method: 'HEAD', url: '/' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toMatch(/^text\/html/);
    expect(head.body).toBe('');
    const browser = await t.browser();
    const response = await browser.post('/some/page');
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toMatch(/\S/);
  });
});

describe('the production host guard (seed §6)', () => {
  const page = (app: FastifyInstance, url: string, host: string) => app.inject({ method: 'GET', url, headers: { host } });
  const GUARDED = [
    '/admin/login',
    '/admin/login/',
    '/admin/login?redirect=/admin/orders',
    '/admin/dashboard',
    '/admin/products',
    '/admin/products/1',
    '/admin/order/process/1',
  ];
  const FREE = ['/admin/category', '/admin/productsales', '/', '/some/page', '/dropshipper/login'];

  it('sends the guarded pages to / on any other host', async () => {
    for (const url of GUARDED) {
      const response = await page(t.app, url, 'other.example.com');
      expect(response.statusCode, url).toBe(302);
      expect(response.headers.location, url).toBe('/');
    }
  });

  it('serves them on the production host, with or without www. and a port', async () => {
    for (const host of ['shop.example.com', 'www.shop.example.com', 'SHOP.example.com', 'shop.example.com:8443']) {
      for (const url of GUARDED) {
        const response = await page(t.app, url, host);
        expect(response.statusCode, `${host}${url}`).toBe(200);
        expect(response.headers['content-type']).toMatch(/^text\/html/);
      }
    }
  });

  it('leaves the other pages alone on any host', async () => {
    for (const url of FREE) expect((await page(t.app, url, 'other.example.com')).statusCode, url).toBe(200);
  });

  it('guards nothing without PRODUCTION_HOST', async () => {
    for (const url of [...GUARDED, ...FREE]) expect((await page(open, url, 'other.example.com')).statusCode, url).toBe(200);
  });
});

describe('failures', () => {
  it('answers a thrown error with 500 and a generic message that leaks nothing', async () => {
    for (const url of ['/api/test/throw', '/api/test/database']) {
      const response = await open.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(500);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(response.json()).toEqual({
        message: 'Something went wrong on our side. Please try again.',
        request_id: response.headers['x-request-id'],
      });
      expect(response.body).not.toMatch(/hunter2|secret|no_such_table|\/srv\/|stack/i);
    }
  });

  it('answers a malformed body with 400 and a message, not 500', async () => {
    const browser = await t.browser();
    const response = await browser.request('POST', '/api/admin/login', '{"email":', { 'content-type': 'application/json' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/\S/);
  });
});

describe('open courier API status (seed §6)', () => {
  it('tells anyone which couriers are connected, without keys', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/courier/api' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      couriers: [
        { code: 'steadfast', name: 'Steadfast Courier', connected: false },
        { code: 'pathao', name: 'Pathao Courier', connected: false },
      ],
    });
  });
});
