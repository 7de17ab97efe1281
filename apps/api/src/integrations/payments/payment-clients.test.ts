import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { forgetBkashTokens } from './bkash';
import { gatewayBaseUrl, gatewayClient } from './payment-gateways';
import type { GatewayCall, PaymentProvider, PaymentRef } from './payment-provider';
import { type RunningStandIn, startPaymentStandIn } from './payment-standin';

const BKASH = {
  app_key: 'standin-app-key-42',
  app_secret: 'standin-app-secret-very-long',
  username: 'standin-user',
  password: 'standin-password-1',
};

let standIn: RunningStandIn;
let calls: GatewayCall[];

beforeAll(async () => {
  standIn = await startPaymentStandIn({
    bkash: { appKey: BKASH.app_key, appSecret: BKASH.app_secret, username: BKASH.username, password: BKASH.password },
  });
});
afterAll(async () => standIn.close());
beforeEach(() => {
  calls = [];
  forgetBkashTokens();
});

const options = (code: 'bkash' | 'nagad' | 'sslcommerz') => ({
  baseUrl: gatewayBaseUrl(code, 'standin', standIn.url),
  log: (call: GatewayCall) => calls.push(call),
  timeoutMs: 5000,
});

/** The shopper's choice on a gateway's page: the form's POST, answering where the browser is sent. */
async function choose(pageUrl: string, choice: 'pay' | 'cancel' | 'fail'): Promise<URL> {
  const page = await fetch(pageUrl);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain('<main>');
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1] as string;
  const answer = await fetch(new URL(action, pageUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ choice }).toString(),
    redirect: 'manual',
  });
  expect(answer.status).toBe(303);
  return new URL(answer.headers.get('location') as string);
}

const customer = { name: 'Rahima Akter', phone: '01711000111', address: 'House 4, Road 2, Dhanmondi', city: 'Dhaka' };

describe('bKash against the stand-in', () => {
  let bkash: PaymentProvider;
  beforeEach(() => {
    bkash = gatewayClient('bkash', BKASH, options('bkash'));
  });

  async function started(invoice: string, amount = 125050) {
    const start = await bkash.start({
      invoice,
      amount,
      returnUrl: 'http://shop.test/api/payments/bkash/return/7',
      customer,
      description: 'Order HB-1',
    });
    const ref: PaymentRef = { invoice, amount, providerRef: start.providerRef, trxId: null };
    return { start, ref };
  }

  it('grants, creates, and executes a paid payment once', async () => {
    const { start, ref } = await started('HB100245P1');
    const back = await choose(start.redirectUrl, 'pay');
    expect(back.searchParams.get('status')).toBe('success');
    expect(back.searchParams.get('paymentID')).toBe(start.providerRef);
    const outcome = await bkash.complete(ref, Object.fromEntries(back.searchParams));
    expect(outcome).toMatchObject({ state: 'paid', amount: 125050, providerRef: start.providerRef });
    expect(outcome.trxId).toMatch(/^[A-Z0-9]{10}$/);
  });
});
