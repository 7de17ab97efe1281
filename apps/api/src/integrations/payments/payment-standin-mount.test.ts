import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { buildApp } from '../../http/app';
import { createTestApp, type TestApp } from '../../test/harness';
import { forgetBkashTokens } from './bkash';
import { gatewayBaseUrl, gatewayClient } from './payment-gateways';
import {
  DEMO_BKASH_CREDENTIALS,
  DEMO_NAGAD_MERCHANT_ID,
  DEMO_NAGAD_MERCHANT_PRIVATE_KEY,
  DEMO_NAGAD_PG_PUBLIC_KEY,
  DEMO_SSLCOMMERZ_STORE,
} from './payment-standin-keys';

/** The stand-in as the app mounts it at /payment-standin (the demo's gateways in mode `standin`). */
let t: TestApp;
let origin: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  forgetBkashTokens();
});
afterAll(async () => t.close());

const standinUrl = () => `${origin}/payment-standin`;
const customer = { name: 'Rahima Akter', phone: '01711000111', address: 'House 4, Road 2, Dhanmondi', city: 'Dhaka' };

describe('the payment stand-in mounted in the app', () => {
  it('takes a bKash payment with the demo credentials, its page getting its own policy and no CSRF token', async () => {
    const bkash = gatewayClient(
      'bkash',
      {
        app_key: DEMO_BKASH_CREDENTIALS.appKey,
        app_secret: DEMO_BKASH_CREDENTIALS.appSecret,
        username: DEMO_BKASH_CREDENTIALS.username,
        password: DEMO_BKASH_CREDENTIALS.password,
      },
      { baseUrl: gatewayBaseUrl('bkash', 'standin', standinUrl()) },
    );
    const start = await bkash.start({
      invoice: 'HB100900P1',
      amount: 45000,
      returnUrl: `${origin}/api/payments/bkash/return/1`,
      customer,
      description: 'Order HB-100900',
    });
    // A path: the shopper's browser stays on the host it reached the shop by.
    expect(start.redirectUrl).toBe(`/payment-standin/bkash/pay/${start.providerRef}`);
    const page = await fetch(`${origin}${start.redirectUrl}`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const policy = page.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain('form-action *');
    expect(policy).toMatch(/script-src 'nonce-[A-Za-z0-9+/=]+'/);
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    const html = await page.text();
    expect(html).toContain('HB100900P1');
    expect(html).toContain('৳ 450.00');
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1] as string;
    expect(action).toBe(start.redirectUrl);
    // The form posts like a browser: no X-CSRF-TOKEN, no X-Requested-With.
    const chosen = await fetch(`${origin}${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'choice=pay',
      redirect: 'manual',
    });
    expect(chosen.status).toBe(303);
    const back = new URL(chosen.headers.get('location') as string);
    expect(back.searchParams.get('status')).toBe('success');
    const outcome = await bkash.complete(
      { invoice: 'HB100900P1', amount: 45000, providerRef: start.providerRef, trxId: null },
      Object.fromEntries(back.searchParams),
    );
    expect(outcome).toMatchObject({ state: 'paid', amount: 45000 });
    // A page nobody waits on: 404, HTML for a browser, JSON for a program.
    const gone = await fetch(`${origin}${start.redirectUrl}`, { headers: { accept: 'text/html' } });
    expect(gone.status).toBe(404);
    expect(await gone.text()).toContain('<main>');
    expect(await (await fetch(`${origin}${start.redirectUrl}`)).json()).toEqual({
      message: 'This bKash payment is not waiting for the shopper.',
    });
  });

  it('accepts the demo Nagad keys and the demo SSLCommerz store', async () => {
    const nagad = gatewayClient(
      'nagad',
      { merchant_id: DEMO_NAGAD_MERCHANT_ID, public_key: DEMO_NAGAD_PG_PUBLIC_KEY, private_key: DEMO_NAGAD_MERCHANT_PRIVATE_KEY },
      { baseUrl: gatewayBaseUrl('nagad', 'standin', standinUrl()) },
    );
    expect(await nagad.testConnection()).toContain('accepted');
    const ssl = gatewayClient(
      'sslcommerz',
      { store_id: DEMO_SSLCOMMERZ_STORE.storeId, store_password: DEMO_SSLCOMMERZ_STORE.storePassword },
      { baseUrl: gatewayBaseUrl('sslcommerz', 'standin', standinUrl()) },
    );
    expect(await ssl.testConnection()).toContain('accepted');
  });

  it('is not mounted in a live shop that is not a demo', async () => {
    let live: FastifyInstance | null = null;
    try {
      live = await buildApp({ config: { ...t.config, env: 'production', demo: false }, db: t.database.db, logger: false });
      const answer = await live.inject({ method: 'POST', url: '/payment-standin/bkash/token/grant', payload: {} });
      expect(answer.statusCode).toBe(404);
    } finally {
      await live?.close();
    }
  });
});

describe('the stand-in address (PAYMENT_STANDIN_URL)', () => {
  it('is the app’s own mount by default, or the address given', () => {
    expect(loadConfig({ PORT: '3120' }).paymentStandinUrl).toBe('http://127.0.0.1:3120/payment-standin');
    expect(loadConfig({ PAYMENT_STANDIN_URL: 'http://127.0.0.1:4555/' }).paymentStandinUrl).toBe('http://127.0.0.1:4555');
    expect(() => loadConfig({ PAYMENT_STANDIN_URL: 'not a url' })).toThrow(/PAYMENT_STANDIN_URL/);
    expect(gatewayBaseUrl('nagad', 'standin', 'http://127.0.0.1:4555')).toBe('http://127.0.0.1:4555/nagad');
    expect(gatewayBaseUrl('bkash', 'sandbox', 'http://ignored')).toBe('https://tokenized.sandbox.bka.sh/v1.2.0-beta/tokenized/checkout');
    expect(gatewayBaseUrl('sslcommerz', 'live', 'http://ignored')).toBe('https://securepay.sslcommerz.com');
  });
});
