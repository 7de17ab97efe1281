import { generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { forgetBkashTokens } from './bkash';
import { gatewayBaseUrl, gatewayClient } from './payment-gateways';
import { type GatewayCall, PaymentGatewayError, type PaymentProvider, type PaymentRef } from './payment-provider';
import { type RunningStandIn, startPaymentStandIn } from './payment-standin';
import { sslcommerzVerifySign } from './sslcommerz';

const BKASH = {
  app_key: 'standin-app-key-42',
  app_secret: 'standin-app-secret-very-long',
  username: 'standin-user',
  password: 'standin-password-1',
};
const SSL = { store_id: 'haatdemo01', store_password: 'haatdemo01@ssl-pass' };
/** The merchant's keypair, made for this test run. */
const MERCHANT_KEYS = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});
const NAGAD_MERCHANT_ID = '683002007104225';

let standIn: RunningStandIn;
let calls: GatewayCall[];
/** The shop's IPN address: every form SSLCommerz posts to it. */
let ipnServer: Server;
let ipnUrl: string;
const ipnsReceived: Record<string, string>[] = [];

beforeAll(async () => {
  standIn = await startPaymentStandIn({
    bkash: { appKey: BKASH.app_key, appSecret: BKASH.app_secret, username: BKASH.username, password: BKASH.password },
    sslcommerz: { storeId: SSL.store_id, storePassword: SSL.store_password },
    nagad: { merchantId: NAGAD_MERCHANT_ID, merchantPublicKey: MERCHANT_KEYS.publicKey },
  });
  ipnServer = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      ipnsReceived.push(Object.fromEntries(new URLSearchParams(body)));
      response.end('OK');
    });
  });
  await new Promise<void>((resolve) => ipnServer.listen(0, '127.0.0.1', resolve));
  ipnUrl = `http://127.0.0.1:${(ipnServer.address() as AddressInfo).port}/api/payments/sslcommerz/ipn`;
});
afterAll(async () => {
  await standIn.close();
  await new Promise((resolve) => ipnServer.close(resolve));
});
beforeEach(() => {
  calls = [];
  forgetBkashTokens();
  Object.assign(standIn.state, { tokenLifetimeSeconds: 3600, failNextExecute: null, refuseRefunds: null, forgeIpnAmount: null });
});

const options = (code: 'bkash' | 'nagad' | 'sslcommerz') => ({
  baseUrl: gatewayBaseUrl(code, 'standin', standIn.url),
  log: (call: GatewayCall) => calls.push(call),
  timeoutMs: 5000,
});

/** The shopper's page and the form its buttons submit. */
async function shopperForm(pageUrl: string): Promise<URL> {
  const page = await fetch(pageUrl);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain('<main>');
  expect(html).toMatch(/<h1>Pay with /);
  for (const label of ['Pay', 'Cancel', 'Fail']) expect(html).toContain(`>${label}</button>`);
  return new URL(/<form method="post" action="([^"]+)"/.exec(html)?.[1] as string, pageUrl);
}

/** bKash's and Nagad's pages: the choice redirects (303) the browser to the shop with the gateway's query. */
async function chooseRedirect(pageUrl: string, choice: 'pay' | 'cancel' | 'fail'): Promise<URL> {
  const answer = await fetch(await shopperForm(pageUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ choice }).toString(),
    redirect: 'manual',
  });
  expect(answer.status).toBe(303);
  return new URL(answer.headers.get('location') as string);
}

/** SSLCommerz's page: the choice answers a page whose form posts the fields to the shop's address. */
async function choosePost(pageUrl: string, choice: 'pay' | 'cancel' | 'fail'): Promise<{ action: string; fields: Record<string, string> }> {
  const answer = await fetch(await shopperForm(pageUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ choice }).toString(),
  });
  expect(answer.status).toBe(200);
  const html = await answer.text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1] as string;
  const fields: Record<string, string> = {};
  for (const [, name, value] of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
    fields[name as string] = (value as string).replaceAll('&amp;', '&');
  return { action: action.replaceAll('&amp;', '&'), fields };
}

const customer = { name: 'Rahima Akter', phone: '01711000111', address: 'House 4, Road 2, Dhanmondi', city: 'Dhaka' };

/** The log as it would be stored: none of these secrets may appear in it. */
function expectNoSecrets(secrets: string[]): void {
  const logged = JSON.stringify(calls);
  expect(calls.length).toBeGreaterThan(0);
  for (const secret of secrets) expect(logged).not.toContain(secret);
}

describe('bKash against the stand-in', () => {
  let bkash: PaymentProvider;
  let invoiceNo = 0;
  beforeEach(() => {
    bkash = gatewayClient('bkash', BKASH, options('bkash'));
  });

  async function started(amount = 125050) {
    invoiceNo += 1;
    const invoice = `HB1002${invoiceNo}P1`;
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

  async function paid(amount = 125050) {
    const { start, ref } = await started(amount);
    const back = await chooseRedirect(start.redirectUrl, 'pay');
    const outcome = await bkash.complete(ref, Object.fromEntries(back.searchParams));
    expect(outcome.state).toBe('paid');
    return { ...ref, trxId: outcome.trxId };
  }

  it('grants one token, creates with the taka amount, and executes a payment the shopper paid', async () => {
    const grantsBefore = standIn.state.grants;
    const { start, ref } = await started();
    const create = standIn.state.calls.filter((call) => call.path === '/bkash/create').at(-1);
    expect(create?.body).toMatchObject({
      mode: '0011',
      amount: '1250.50',
      currency: 'BDT',
      intent: 'sale',
      merchantInvoiceNumber: ref.invoice,
      payerReference: '01711000111',
    });
    expect(create?.headers['x-app-key']).toBe(BKASH.app_key);
    const back = await chooseRedirect(start.redirectUrl, 'pay');
    expect(back.origin + back.pathname).toBe('http://shop.test/api/payments/bkash/return/7');
    expect(back.searchParams.get('status')).toBe('success');
    expect(back.searchParams.get('paymentID')).toBe(start.providerRef);
    const outcome = await bkash.complete(ref, Object.fromEntries(back.searchParams));
    expect(outcome).toMatchObject({ state: 'paid', amount: 125050, providerRef: start.providerRef, fee: null });
    expect(outcome.trxId).toMatch(/^[A-Z0-9]{10}$/);
    await paid(99900);
    // Three calls after the first needed no new grant: the token is cached.
    expect(standIn.state.grants - grantsBefore).toBe(1);
    expect(calls.map((call) => call.operation)).toEqual(['token.grant', 'create', 'execute', 'create', 'execute']);
    expectNoSecrets([BKASH.app_secret, BKASH.password, BKASH.app_key]);
    expect(JSON.stringify(calls)).not.toMatch(/sbx\.|rfr\./);
  });

  it('refreshes an expiring token with its refresh token, and grants anew when bKash refuses a token', async () => {
    standIn.state.tokenLifetimeSeconds = 1;
    const grants = standIn.state.grants;
    const refreshes = standIn.state.refreshes;
    const { start, ref } = await started();
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const back = await chooseRedirect(start.redirectUrl, 'pay');
    expect((await bkash.complete(ref, Object.fromEntries(back.searchParams))).state).toBe('paid');
    expect(standIn.state.refreshes - refreshes).toBe(1);
    expect(standIn.state.grants - grants).toBe(1);

    // bKash forgets the token (revoked): "2079 Invalid app token" → one new grant and the call succeeds.
    standIn.state.tokenLifetimeSeconds = 3600;
    standIn.state.bkash.tokens.clear();
    expect((await bkash.query(ref)).state).toBe('paid');
    expect(standIn.state.grants - grants).toBe(2);
    // The token expires at bKash before the client expected (HTTP 401): one new grant too.
    const token = await bkash.testConnection();
    expect(token).toContain('accepted');
    for (const key of standIn.state.bkash.tokens.keys()) standIn.state.bkash.tokens.set(key, 0);
    expect((await bkash.query(ref)).state).toBe('paid');
    expect(standIn.state.grants - grants).toBe(4);
    expect(calls.filter((call) => call.status === 401)).toHaveLength(1);
  });

  it('answers a cancel or a failure on the page without a call', async () => {
    const { start, ref } = await started();
    const back = await chooseRedirect(start.redirectUrl, 'cancel');
    expect(back.searchParams.get('status')).toBe('cancel');
    const before = calls.length;
    expect(await bkash.complete(ref, Object.fromEntries(back.searchParams))).toMatchObject({
      state: 'cancelled',
      amount: null,
      trxId: null,
    });
    expect(calls.length).toBe(before);
    expect((await bkash.query(ref)).state).toBe('cancelled');

    const second = await started();
    const failed = await chooseRedirect(second.start.redirectUrl, 'fail');
    expect(failed.searchParams.get('status')).toBe('failure');
    expect((await bkash.complete(second.ref, Object.fromEntries(failed.searchParams))).state).toBe('failed');
  });

  it("does not trust a success the browser claims: execute on an unpaid payment fails with bKash's words", async () => {
    const { ref } = await started();
    const outcome = await bkash.complete(ref, { paymentID: ref.providerRef as string, status: 'success' });
    expect(outcome).toMatchObject({ state: 'failed', message: 'Invalid Payment State' });
  });

  it("answers a failed execute as failed with bKash's message", async () => {
    const { start, ref } = await started();
    const back = await chooseRedirect(start.redirectUrl, 'pay');
    standIn.state.failNextExecute = { statusCode: '2023', statusMessage: 'Insufficient Balance' };
    expect(await bkash.complete(ref, Object.fromEntries(back.searchParams))).toMatchObject({
      state: 'failed',
      message: 'Insufficient Balance',
      amount: null,
    });
    expect((await bkash.query(ref)).state).toBe('failed');
  });

  it('answers a repeated execute ("already completed") with the payment\'s status', async () => {
    const { start, ref } = await started();
    const back = Object.fromEntries((await chooseRedirect(start.redirectUrl, 'pay')).searchParams);
    const first = await bkash.complete(ref, back);
    const again = await bkash.complete(ref, back);
    expect(again).toMatchObject({ state: 'paid', amount: 125050, trxId: first.trxId });
    expect(calls.slice(-2).map((call) => [call.operation, (call.response as { statusCode?: string }).statusCode])).toEqual([
      ['execute', '2062'],
      ['query', '0000'],
    ]);
  });

  it('queries a payment: pending before the shopper pays, paid after', async () => {
    const { start, ref } = await started();
    expect((await bkash.query(ref)).state).toBe('pending');
    await chooseRedirect(start.redirectUrl, 'pay');
    // Paid on the page but never executed: no money was taken, still pending.
    expect((await bkash.query(ref)).state).toBe('pending');
    const executed = await bkash.complete(ref, { paymentID: ref.providerRef as string, status: 'success' });
    expect(await bkash.query(ref)).toMatchObject({ state: 'paid', amount: 125050, trxId: executed.trxId });
  });

  it('refunds in parts up to what was paid, once per reference', async () => {
    const payment = await paid(100000);
    const part = await bkash.refund({ payment, amount: 30000, reason: 'Item returned', reference: 'RF-1' });
    expect(part).toMatchObject({ state: 'refunded' });
    expect(part.refundId).toMatch(/^[A-Z0-9]{10}$/);
    const refundCall = standIn.state.calls.filter((call) => call.path === '/bkash/payment/refund').at(-1);
    expect(refundCall?.body).toEqual({
      paymentID: payment.providerRef,
      amount: '300.00',
      trxID: payment.trxId,
      sku: 'RF-1',
      reason: 'Item returned',
    });
    // Repeated with the same reference: the same refund, nothing more refunded.
    expect((await bkash.refund({ payment, amount: 30000, reason: 'Item returned', reference: 'RF-1' })).refundId).toBe(part.refundId);
    const over = await bkash.refund({ payment, amount: 70001, reason: 'Too much', reference: 'RF-2' });
    expect(over).toMatchObject({ state: 'refused', refundId: null });
    expect(over.message).toContain('cannot be greater');
    expect((await bkash.refund({ payment, amount: 70000, reason: 'The rest', reference: 'RF-3' })).state).toBe('refunded');
    const stored = standIn.state.bkash.payments.get(payment.providerRef as string);
    expect(stored?.refunds.map((refund) => refund.amount)).toEqual(['300.00', '700.00']);
  });

  it('answers a refund bKash refuses as refused with its message', async () => {
    const payment = await paid();
    standIn.state.refuseRefunds = 'Refund is not allowed for this merchant';
    expect(await bkash.refund({ payment, amount: 125050, reason: 'Cancelled', reference: 'RF-9' })).toMatchObject({
      state: 'refused',
      message: 'Refund is not allowed for this merchant',
    });
  });

  it('throws a PaymentGatewayError for refused credentials, without the secrets in the message or the log', async () => {
    const wrong = gatewayClient('bkash', { ...BKASH, password: 'not-the-password' }, options('bkash'));
    const error = await wrong.testConnection().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PaymentGatewayError);
    expect((error as Error).message).toContain('refused the credentials');
    expect((error as Error).message).not.toContain('not-the-password');
    const wrongKey = gatewayClient('bkash', { ...BKASH, app_secret: 'wrong-secret' }, options('bkash'));
    await expect(
      wrongKey.start({ invoice: 'HBX1', amount: 1000, returnUrl: 'http://shop.test/r', customer, description: 'x' }),
    ).rejects.toThrow(/Invalid App Key/);
    expectNoSecrets(['not-the-password', 'wrong-secret', BKASH.app_key]);
    expect(() => gatewayClient('bkash', { ...BKASH, password: '' }, options('bkash'))).toThrow(/password missing/);
  });

  it('throws a PaymentGatewayError when the gateway cannot be reached', async () => {
    const nowhere = gatewayClient('bkash', BKASH, { ...options('bkash'), baseUrl: 'http://127.0.0.1:9/bkash', timeoutMs: 2000 });
    await expect(nowhere.testConnection()).rejects.toBeInstanceOf(PaymentGatewayError);
    expect(calls.at(-1)).toMatchObject({ operation: 'token.grant', status: null });
  });
});

describe('SSLCommerz against the stand-in', () => {
  let ssl: PaymentProvider;
  let invoiceNo = 0;
  beforeEach(() => {
    ssl = gatewayClient('sslcommerz', SSL, options('sslcommerz'));
  });

  async function started(amount = 125050) {
    invoiceNo += 1;
    const invoice = `HB2004${invoiceNo}P1`;
    const start = await ssl.start({
      invoice,
      amount,
      returnUrl: `http://shop.test/api/payments/sslcommerz/return/${invoiceNo}`,
      notifyUrl: ipnUrl,
      customer,
      description: 'Order HB-2004',
    });
    const ref: PaymentRef = { invoice, amount, providerRef: start.providerRef, trxId: null };
    return { start, ref };
  }

  it('opens a session with the form SSLCommerz wants, validates the payment (VALID, then VALIDATED) and states its fee', async () => {
    const { start, ref } = await started();
    const init = standIn.state.calls.filter((call) => call.path === '/sslcommerz/gwprocess/v4/api.php').at(-1);
    expect(init?.headers['content-type']).toContain('application/x-www-form-urlencoded');
    expect(init?.body).toMatchObject({
      store_id: SSL.store_id,
      total_amount: '1250.50',
      currency: 'BDT',
      tran_id: ref.invoice,
      ipn_url: ipnUrl,
      cus_phone: '01711000111',
    });
    const { action, fields } = await choosePost(start.redirectUrl, 'pay');
    expect(action).toBe(`http://shop.test/api/payments/sslcommerz/return/${invoiceNo}`);
    expect(fields).toMatchObject({ status: 'VALID', tran_id: ref.invoice, amount: '1250.50', currency: 'BDT' });
    expect(sslcommerzVerifySign(fields, SSL.store_password)).toBe(true);
    expect(sslcommerzVerifySign({ ...fields, amount: '10.00' }, SSL.store_password)).toBe(false);

    const outcome = await ssl.complete(ref, fields);
    // 2.5 % of ৳1250.50 is ৳31.26: SSLCommerz keeps it and says so (store_amount ৳1219.24).
    expect(outcome).toMatchObject({ state: 'paid', amount: 125050, fee: 3126, trxId: fields.bank_tran_id, message: 'Valid' });
    expect(outcome.extra).toEqual({ val_id: fields.val_id, bank_tran_id: fields.bank_tran_id });
    expect((outcome.raw as { status: string }).status).toBe('VALID');
    const again = await ssl.complete(ref, fields);
    expect(again).toMatchObject({ state: 'paid', amount: 125050, message: 'Validated before' });
    expect((again.raw as { status: string }).status).toBe('VALIDATED');
    // The IPN reached the shop too, with the same signed fields.
    expect(ipnsReceived.at(-1)).toMatchObject({ tran_id: ref.invoice, val_id: fields.val_id, amount: '1250.50' });
    const validation = calls.find((call) => call.operation === 'validate');
    expect(validation?.url).toContain(`val_id=${fields.val_id}`);
    expect(validation?.url).not.toContain(SSL.store_password);
    expectNoSecrets([SSL.store_password]);
  });

  it('refuses an unknown val_id, and answers cancel and failure without a validation', async () => {
    const { start, ref } = await started();
    expect(await ssl.complete(ref, { status: 'VALID', tran_id: ref.invoice, val_id: '2611271234abcdef' })).toMatchObject({
      state: 'failed',
      amount: null,
    });
    const cancelled = await choosePost(start.redirectUrl, 'cancel');
    expect(cancelled.fields.status).toBe('CANCELLED');
    expect((await ssl.complete(ref, cancelled.fields)).state).toBe('cancelled');
    const second = await started();
    const failed = await choosePost(second.start.redirectUrl, 'fail');
    expect(failed.fields.status).toBe('FAILED');
    expect(await ssl.complete(second.ref, failed.fields)).toMatchObject({ state: 'failed', message: 'Declined by the card issuer' });
    // Only the unknown val_id was validated.
    expect(calls.filter((call) => call.operation === 'validate')).toHaveLength(1);
  });

  it('shows a forged IPN amount: the validation answers the true one', async () => {
    standIn.state.forgeIpnAmount = '10.00';
    const { start, ref } = await started();
    await choosePost(start.redirectUrl, 'pay');
    const ipn = ipnsReceived.at(-1) as Record<string, string>;
    expect(ipn).toMatchObject({ tran_id: ref.invoice, amount: '10.00' });
    const outcome = await ssl.complete(ref, ipn);
    expect(outcome).toMatchObject({ state: 'paid', amount: 125050 });
  });

  it('queries by our transaction id: pending before the shopper acts, then paid', async () => {
    const { start, ref } = await started();
    expect((await ssl.query(ref)).state).toBe('pending');
    const { fields } = await choosePost(start.redirectUrl, 'pay');
    expect(await ssl.query(ref)).toMatchObject({ state: 'paid', amount: 125050, trxId: fields.bank_tran_id, fee: 3126 });
    const query = calls.at(-1);
    expect(query?.url).toContain(`tran_id=${ref.invoice}`);
  });

  it('refunds by the bank transaction id, in parts, refusing too much or when SSLCommerz refuses', async () => {
    const { start, ref } = await started(200000);
    const { fields } = await choosePost(start.redirectUrl, 'pay');
    const payment: PaymentRef = { ...ref, trxId: fields.bank_tran_id as string };
    const part = await ssl.refund({ payment, amount: 50000, reason: 'One item returned', reference: 'RF-21' });
    expect(part.state).toBe('refunded');
    expect(part.refundId).toBeTruthy();
    expect((await ssl.refund({ payment, amount: 50000, reason: 'One item returned', reference: 'RF-21' })).refundId).toBe(part.refundId);
    expect((await ssl.refund({ payment, amount: 150001, reason: 'Too much', reference: 'RF-22' })).state).toBe('refused');
    standIn.state.refuseRefunds = 'Refund is not possible for this card';
    expect(await ssl.refund({ payment, amount: 150000, reason: 'The rest', reference: 'RF-23' })).toMatchObject({
      state: 'refused',
      message: 'Refund is not possible for this card',
    });
    standIn.state.refuseRefunds = null;
    expect((await ssl.refund({ payment, amount: 150000, reason: 'The rest', reference: 'RF-24' })).state).toBe('refunded');
    expect(standIn.state.sslcommerz.sessions.get(ref.providerRef as string)?.refunds.map((refund) => refund.amount)).toEqual([
      '500.00',
      '1500.00',
    ]);
    expectNoSecrets([SSL.store_password]);
  });

  it('throws a PaymentGatewayError for a wrong store password', async () => {
    const wrong = gatewayClient('sslcommerz', { ...SSL, store_password: 'wrong-store-pass' }, options('sslcommerz'));
    await expect(
      wrong.start({ invoice: 'HBX2', amount: 5000, returnUrl: 'http://shop.test/r', customer, description: 'x' }),
    ).rejects.toThrow(/Store Credential Error/);
    await expect(wrong.testConnection()).rejects.toBeInstanceOf(PaymentGatewayError);
    expect(await ssl.testConnection()).toContain('accepted');
    expectNoSecrets(['wrong-store-pass', SSL.store_password]);
  });
});

describe('Nagad against the stand-in', () => {
  let nagad: PaymentProvider;
  let invoiceNo = 0;
  const credentials = () => ({
    merchant_id: NAGAD_MERCHANT_ID,
    public_key: standIn.state.nagad.pgPublicKey,
    private_key: MERCHANT_KEYS.privateKey,
  });
  beforeEach(() => {
    nagad = gatewayClient('nagad', credentials(), options('nagad'));
  });

  async function started(amount = 125050) {
    invoiceNo += 1;
    const invoice = `HB3007${invoiceNo}P1`;
    const start = await nagad.start({
      invoice,
      amount,
      returnUrl: `http://shop.test/api/payments/nagad/return/${invoiceNo}`,
      customer,
      description: 'Order HB-3007',
      clientIp: '103.4.145.2',
    });
    const ref: PaymentRef = { invoice, amount, providerRef: start.providerRef, trxId: null };
    return { start, ref };
  }

  it('initializes and completes with RSA-sealed data, and verifies the paid payment', async () => {
    const { start, ref } = await started();
    expect(start.providerRef).toMatch(/^MDI/);
    const initialize = standIn.state.calls.filter((call) => call.path.startsWith('/nagad/check-out/initialize/')).at(-1);
    expect(initialize?.path).toBe(`/nagad/check-out/initialize/${NAGAD_MERCHANT_ID}/${ref.invoice}`);
    expect(initialize?.headers).toMatchObject({ 'x-km-api-version': 'v-0.2.0', 'x-km-ip-v4': '103.4.145.2', 'x-km-client-type': 'PC_WEB' });
    // What travels is sealed: the order id is inside the encrypted data, not readable in the body.
    expect(JSON.stringify(initialize?.body)).not.toContain(ref.invoice);
    expect(standIn.state.nagad.payments.get(start.providerRef)?.amount).toBe('1250.50');

    const back = await chooseRedirect(start.redirectUrl, 'pay');
    expect(back.origin + back.pathname).toBe(`http://shop.test/api/payments/nagad/return/${invoiceNo}`);
    expect(Object.fromEntries(back.searchParams)).toMatchObject({
      merchant: NAGAD_MERCHANT_ID,
      order_id: ref.invoice,
      payment_ref_id: start.providerRef,
      status: 'Success',
      status_code: '00_0000_000',
    });
    const outcome = await nagad.complete(ref, Object.fromEntries(back.searchParams));
    expect(outcome).toMatchObject({ state: 'paid', amount: 125050, providerRef: start.providerRef, fee: null });
    expect(outcome.trxId).toBe(standIn.state.nagad.payments.get(start.providerRef)?.issuerPaymentRefNo);
    expect(calls.map((call) => call.operation)).toEqual(['initialize', 'complete', 'verify']);
    expectNoSecrets([MERCHANT_KEYS.privateKey.split('\n')[1] as string]);
    for (const call of calls.slice(0, 2)) expect(call.request).toMatchObject({ sensitiveData: '••••', signature: '••••' });
  });

  it('verifies rather than trusting the callback: an aborted payment, a forged "Success", a failure', async () => {
    const { start, ref } = await started();
    // The browser says Success before anything was paid: the verification says otherwise.
    expect((await nagad.complete(ref, { payment_ref_id: ref.providerRef as string, status: 'Success' })).state).toBe('pending');
    const back = await chooseRedirect(start.redirectUrl, 'cancel');
    expect(back.searchParams.get('status')).toBe('Aborted');
    expect((await nagad.complete(ref, Object.fromEntries(back.searchParams))).state).toBe('cancelled');
    const second = await started();
    const failed = await chooseRedirect(second.start.redirectUrl, 'fail');
    expect(await nagad.complete(second.ref, Object.fromEntries(failed.searchParams))).toMatchObject({
      state: 'failed',
      message: 'Transaction failed: insufficient balance',
    });
    expect((await nagad.query(second.ref)).state).toBe('failed');
  });

  it("is refused when the signature is not the merchant's, and refuses an answer not signed by the gateway", async () => {
    const stranger = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    const forger = gatewayClient('nagad', { ...credentials(), private_key: stranger.privateKey }, options('nagad'));
    const error = await forger
      .start({ invoice: 'HB3999P1', amount: 5000, returnUrl: 'http://shop.test/r', customer, description: 'x' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PaymentGatewayError);
    expect((error as Error).message).toContain('Invalid Signature');
    // Configured with another gateway key, the client cannot seal for the stand-in (it cannot decrypt) .
    const wrongGateway = gatewayClient('nagad', { ...credentials(), public_key: stranger.publicKey }, options('nagad'));
    await expect(wrongGateway.testConnection()).rejects.toThrow(/decrypted/);
    await expect(nagad.testConnection()).resolves.toContain('accepted');
    expect(() => gatewayClient('nagad', { ...credentials(), private_key: '' }, options('nagad'))).toThrow(/private key missing/);
  });

  it('refunds in parts with the purchase cancel API, once per reference, and reports a refusal', async () => {
    const { start, ref } = await started(200000);
    const back = await chooseRedirect(start.redirectUrl, 'pay');
    const paid = await nagad.complete(ref, Object.fromEntries(back.searchParams));
    const payment: PaymentRef = { ...ref, trxId: paid.trxId };
    const part = await nagad.refund({ payment, amount: 50000, reason: 'One item returned', reference: 'RF-31' });
    expect(part).toMatchObject({ state: 'refunded' });
    expect((await nagad.refund({ payment, amount: 50000, reason: 'One item returned', reference: 'RF-31' })).refundId).toBe(part.refundId);
    const over = await nagad.refund({ payment, amount: 150001, reason: 'Too much', reference: 'RF-32' });
    expect(over).toMatchObject({ state: 'refused', message: 'Cancel amount exceeds the payment' });
    standIn.state.refuseRefunds = 'Cancel is not allowed after settlement';
    expect(await nagad.refund({ payment, amount: 150000, reason: 'The rest', reference: 'RF-33' })).toMatchObject({
      state: 'refused',
      message: 'Cancel is not allowed after settlement',
    });
    standIn.state.refuseRefunds = null;
    expect((await nagad.refund({ payment, amount: 150000, reason: 'The rest', reference: 'RF-34' })).state).toBe('refunded');
    expect(standIn.state.nagad.payments.get(ref.providerRef as string)?.refunds.map((refund) => refund.amount)).toEqual([
      '500.00',
      '1500.00',
    ]);
    const cancel = calls.find((call) => call.operation === 'refund');
    expect(cancel?.url).toContain(`paymentRefId=${ref.providerRef}`);
    expect(cancel?.request).toMatchObject({ sensitiveDataCancelRequest: '••••', signature: '••••' });
  });
});
