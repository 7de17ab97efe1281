import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemCtx } from '../context';
import { SETTING_GROUPS, writeSetting } from '../modules/settings/setting.service';
import { createTestApp, type TestApp } from '../test/harness';
import { buildApp } from './app';

/** Like the storefront's build: an inline boot script, an inline stylesheet, a data block that is not run. */
const BOOT = '\nwindow.__haatBoot = location.pathname;\n';
const SHOP_HTML = `<!doctype html>
<html><head><meta name="csrf-token" content="__CSRF_TOKEN__"><title>Haat</title><style>body{margin:0}</style>
<script>${BOOT}</script><script type="application/ld+json">{"@type":"Store"}</script></head>
<body><div id="root"></div><script type="module" crossorigin src="/assets/shop.js"></script></body></html>`;
const INDEX_HTML = `<!doctype html>
<html><head><meta name="csrf-token" content="__CSRF_TOKEN__"><title>Haat</title></head>
<body><div id="root"></div><script type="module" crossorigin src="/assets/app.js"></script></body></html>`;
const bootHash = `'sha256-${createHash('sha256').update(BOOT).digest('base64')}'`;

let t: TestApp;
let secure: FastifyInstance;
beforeAll(async () => {
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'haat-web-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
  fs.writeFileSync(path.join(webDist, 'shop.html'), SHOP_HTML);
  fs.writeFileSync(path.join(webDist, 'assets', 'app.js'), 'console.log("haat");\n');
  t = await createTestApp({ env: { WEB_DIST: webDist } });
  fs.mkdirSync(path.join(t.config.storageDir, 'products'), { recursive: true });
  fs.writeFileSync(path.join(t.config.storageDir, 'products', 'shirt.webp'), Buffer.from('RIFF0000WEBPVP8 '));
  // The same shop served over HTTPS only.
  secure = await buildApp({ config: { ...t.config, cookieSecure: true }, db: t.database.db, logger: false });
  await secure.ready();
});
afterAll(async () => {
  await secure.close();
  await t.close();
});

const get = (url: string, app: FastifyInstance = t.app) => app.inject({ method: 'GET', url });

/** What every answer carries: not framed, not sniffed, the referrer cut to the origin elsewhere. */
function expectCommonHeaders(response: LightMyRequestResponse, label: string) {
  expect(response.headers['x-content-type-options'], label).toBe('nosniff');
  expect(response.headers['x-frame-options'], label).toBe('DENY');
  expect(response.headers['referrer-policy'], label).toBe('strict-origin-when-cross-origin');
  expect(String(response.headers['content-security-policy']), label).toContain("frame-ancestors 'none'");
}

const directive = (response: LightMyRequestResponse, name: string) =>
  String(response.headers['content-security-policy'])
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `));

describe('security headers', () => {
  it('give pages a policy that runs only the app’s files and the build’s inline scripts, never in a frame', async () => {
    for (const url of ['/', '/product/some-shirt', '/admin/dashboard', '/dropshipper/dashboard', '/merchant/login']) {
      const page = await get(url);
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type'], url).toMatch(/^text\/html/);
      expectCommonHeaders(page, url);
      expect(directive(page, 'default-src'), url).toBe("default-src 'self'");
      expect(directive(page, 'object-src'), url).toBe("object-src 'none'");
      const scripts = directive(page, 'script-src') ?? '';
      expect(scripts, url).toMatch(/^script-src 'self'/);
      expect(scripts, url).not.toContain('unsafe-inline');
      expect(scripts, url).not.toContain('unsafe-eval');
    }
    // The storefront's inline boot script runs by its hash; the back office has none to allow.
    expect(directive(await get('/'), 'script-src')).toBe(`script-src 'self' ${bootHash}`);
    expect(directive(await get('/admin/dashboard'), 'script-src')).toBe("script-src 'self'");
  });

  it('allow the marketing tags’ hosts on storefront pages only once the shop has set them up', async () => {
    expect(directive(await get('/'), 'script-src')).not.toContain('googletagmanager');
    await writeSetting(systemCtx(t.database.db), SETTING_GROUPS.marketing, {
      ...SETTING_GROUPS.marketing.defaults,
      google_tag_id: 'G-AB12CD34EF',
      facebook_pixel_id: '123456789012345',
    });
    const page = await get('/');
    expect(directive(page, 'script-src')).toBe(
      `script-src 'self' ${bootHash} https://*.googletagmanager.com https://www.googleadservices.com https://www.google.com ` +
        'https://googleads.g.doubleclick.net https://connect.facebook.net',
    );
    expect(directive(page, 'frame-src')).toBe("frame-src 'self' https://td.doubleclick.net https://www.googletagmanager.com");
    expect(directive(page, 'connect-src')).toContain('https://*.google-analytics.com');
    expect(directive(page, 'connect-src')).toContain('https://www.facebook.com');
    expect(directive(await get('/admin/dashboard'), 'script-src')).toBe("script-src 'self'");
    await writeSetting(systemCtx(t.database.db), SETTING_GROUPS.marketing, {
      ...SETTING_GROUPS.marketing.defaults,
      google_tag_id: '',
      facebook_pixel_id: '',
    });
    expect(directive(await get('/'), 'script-src')).toBe(`script-src 'self' ${bootHash}`);
  });

  it('give API answers, uploaded images and built files a policy that allows nothing', async () => {
    const answers = [
      ['/api/get/site/info', 200],
      ['/_public/category', 200],
      ['/api/admin/orders', 401],
      ['/api/no-such-call', 404],
      ['/storage/products/shirt.webp', 200],
      ['/public/storage/products/shirt.webp', 200],
      ['/assets/app.js', 200],
    ] as const;
    for (const [url, status] of answers) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(status);
      expectCommonHeaders(response, url);
      expect(response.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
    }
    expect((await get('/storage/products/shirt.webp')).headers['content-type']).toBe('image/webp');
  });

  it('send HSTS only when the shop is served over HTTPS (COOKIE_SECURE=1)', async () => {
    for (const url of ['/', '/api/get/site/info', '/storage/products/shirt.webp']) {
      expect((await get(url)).headers['strict-transport-security'], url).toBeUndefined();
      const response = await get(url, secure);
      expect(response.headers['strict-transport-security'], url).toBe('max-age=63072000; includeSubDomains');
      expectCommonHeaders(response, url);
    }
  });
});
