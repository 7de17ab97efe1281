import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { nagadDateTime, nagadDecrypt, nagadEncrypt, nagadPrivateKey, nagadPublicKey, nagadSign, nagadVerify } from './nagad';
import { sslcommerzSign } from './sslcommerz';

/**
 * A local stand-in for the three gateways' sandboxes (decision 062): bKash's tokenized checkout v1.2.0-beta under
 * `/bkash`, Nagad's remote payment gateway under `/nagad`, SSLCommerz's v4 API under `/sslcommerz`, each with the
 * shopper's page (Pay, Cancel, Fail). Paths, field names and error codes follow the gateways' public documents;
 * where a detail is not documented publicly the choice is marked "stand-in's choice". Tests start it on a port of
 * their own (`startPaymentStandIn`); the app mounts it at `/payment-standin` for the demo (mode `standin`).
 *
 * Nothing here is a real gateway: money never moves, the shopper's "Pay" is a button.
 */

export interface BkashCredentials {
  appKey: string;
  appSecret: string;
  username: string;
  password: string;
}

export interface PaymentStandInOptions {
  /** The bKash merchant credentials the stand-in accepts. */
  bkash: BkashCredentials;
  /**
   * The Nagad merchant the stand-in accepts: its id and public key (PEM; checks its signatures, encrypts answers
   * to it), and optionally the stand-in's own keypair (PEM); without one it makes a fresh RSA 2048 pair at start,
   * whose public key is `state.nagad.pgPublicKey`.
   */
  nagad: { merchantId: string; merchantPublicKey: string; pgPrivateKey?: string; pgPublicKey?: string };
  /** The SSLCommerz store the stand-in accepts. */
  sslcommerz: { storeId: string; storePassword: string };
  /**
   * Where the shopper's pages are, as the gateways' answers write them (`bkashURL`, `callBackUrl`,
   * `GatewayPageURL`): an absolute address, or a path such as `/payment-standin` when the stand-in is mounted in
   * the app (the browser then stays on whatever host it reached the shop by). Default: from the request's host.
   */
  pagesBaseUrl?: string;
}

/** The calls kept in `state.calls` (the app-mounted stand-in runs for days): the oldest are dropped. */
const KEPT_CALLS = 1000;

/** A call the stand-in received (headers as sent: tests check what a client sends; never logged anywhere). */
export interface StandInCall {
  gateway: 'bkash' | 'nagad' | 'sslcommerz';
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
  query: Record<string, string>;
}

export interface BkashStandInPayment {
  paymentID: string;
  amount: string;
  merchantInvoiceNumber: string;
  payerReference: string;
  callbackURL: string;
  /** `Initiated` until the shopper pays on the page (`Authorized`), then `Completed` once executed. */
  state: 'Initiated' | 'Authorized' | 'Completed' | 'Cancelled' | 'Failed';
  createTime: string;
  executeTime: string | null;
  trxID: string | null;
  refunds: { refundTrxID: string; amount: string; sku: string; reason: string; completedTime: string }[];
}

export interface SslcommerzStandInSession {
  sessionkey: string;
  tran_id: string;
  amount: string;
  currency: string;
  success_url: string;
  fail_url: string;
  cancel_url: string;
  ipn_url: string;
  value_a: string;
  status: 'PENDING' | 'VALID' | 'FAILED' | 'CANCELLED';
  val_id: string | null;
  bank_tran_id: string | null;
  store_amount: string | null;
  tran_date: string;
  validations: number;
  refunds: { refund_ref_id: string; refe_id: string; amount: string; remarks: string; initiated_on: string }[];
}

export interface NagadStandInPayment {
  paymentRefId: string;
  orderId: string;
  challenge: string;
  /** Taka, once the checkout was completed by the merchant. */
  amount: string | null;
  callbackUrl: string | null;
  additionalMerchantInfo: unknown;
  status: 'Initiated' | 'Success' | 'Aborted' | 'Failed';
  orderDateTime: string;
  issuerPaymentRefNo: string | null;
  issuerPaymentDateTime: string | null;
  refunds: { cancelTrxId: string; amount: string; referenceNo: string; dateTime: string }[];
}

/** What the stand-in holds and the knobs tests turn. */
export interface PaymentStandInState {
  /** Every call received, oldest first. */
  calls: StandInCall[];
  /** Seconds a bKash id_token lives (3600 at bKash); tests set 1 to see a client refresh it. */
  tokenLifetimeSeconds: number;
  /** bKash token grants and refreshes answered. */
  grants: number;
  refreshes: number;
  /** The next bKash execute answers this error (e.g. 2023 Insufficient Balance) and the payment fails. */
  failNextExecute: { statusCode: string; statusMessage: string } | null;
  /** Every refund is refused with this message (each gateway's own error shape). */
  refuseRefunds: string | null;
  /** SSLCommerz's IPN carries this taka amount instead of the true one (a forged notification). */
  forgeIpnAmount: string | null;
  bkash: {
    payments: Map<string, BkashStandInPayment>;
    /** id_token → when it expires (ms). */
    tokens: Map<string, number>;
    refreshTokens: Set<string>;
  };
  nagad: {
    payments: Map<string, NagadStandInPayment>;
    /** The stand-in gateway's keypair (PEM): the merchant encrypts for the public key and checks its signatures with it. */
    pgPublicKey: string;
    pgPrivateKey: string;
  };
  sslcommerz: {
    sessions: Map<string, SslcommerzStandInSession>;
    /** The IPNs posted to the shop: address, fields, the shop's HTTP status (null when it could not be reached). */
    ipns: { url: string; fields: Record<string, string>; status: number | null }[];
  };
}

const now = () => new Date();

/** bKash writes times as "2023-04-05T10:11:12:345 GMT+0000". */
function bkashTime(date: Date): string {
  const iso = date.toISOString();
  return `${iso.slice(0, 19)}:${iso.slice(20, 23)} GMT+0000`;
}

function randomId(length: number, alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789'): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const byte of bytes) out += alphabet[byte % alphabet.length];
  return out;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

/** Headers of the shopper's pages: their own policy (inline styles, one nonce'd script, forms to the shop). */
function pageHeaders(reply: FastifyReply, nonce: string): FastifyReply {
  return reply
    .header(
      'content-security-policy',
      `default-src 'none'; style-src 'unsafe-inline'; script-src 'nonce-${nonce}'; form-action *; base-uri 'none'; frame-ancestors 'none'`,
    )
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .type('text/html; charset=utf-8');
}

/** The shopper's page: one `<main>`, a heading, what is paid for, three labelled buttons posting the choice. */
function shopperPage(input: { gateway: string; title: string; lines: [string, string][]; action: string }): string {
  const rows = input.lines.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`).join('');
  const button = (choice: string, label: string, style: string) =>
    `<button type="submit" name="choice" value="${choice}" style="${style}">${escapeHtml(label)}</button>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(input.title)}</title>
<style>body{font-family:system-ui,sans-serif;background:#f4f4f6;color:#1a1a1a;margin:0}main{max-width:28rem;margin:3rem auto;background:#fff;padding:1.5rem 2rem;border-radius:8px;box-shadow:0 1px 4px #0002}
dl{display:grid;grid-template-columns:auto 1fr;gap:.4rem 1rem}dt{color:#444}dd{margin:0;font-weight:600}p.note{color:#444;font-size:.9rem}
.actions{display:flex;gap:.75rem;flex-wrap:wrap;margin-top:1.25rem}button{font:inherit;padding:.6rem 1.2rem;border-radius:6px;border:1px solid #444;cursor:pointer}
button:focus-visible{outline:3px solid #1a56db;outline-offset:2px}</style></head>
<body><main><h1>${escapeHtml(input.title)}</h1>
<p class="note">Payment stand-in for ${escapeHtml(input.gateway)}: no money moves. Choose what the shopper does.</p>
<dl>${rows}</dl>
<form method="post" action="${escapeHtml(input.action)}"><div class="actions">
${button('pay', 'Pay', 'background:#0b6b2e;color:#fff;border-color:#0b6b2e')}
${button('cancel', 'Cancel', 'background:#fff;color:#1a1a1a')}
${button('fail', 'Fail', 'background:#a4161a;color:#fff;border-color:#a4161a')}
</div></form></main></body></html>`;
}

/** A page that is not (or no longer) waiting for the shopper: 404, HTML for a browser, JSON `{message}` for a program. */
function notWaiting(request: FastifyRequest, reply: FastifyReply, title: string, message: string): FastifyReply {
  if ((request.headers.accept ?? '').includes('text/html'))
    return pageHeaders(reply.code(404), randomBytes(12).toString('base64')).send(donePage(title, message));
  return reply.code(404).send({ message });
}

function donePage(title: string, message: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p></main></body></html>`;
}

function bodyOf(request: FastifyRequest): Record<string, unknown> {
  const body = request.body;
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

function text(value: unknown): string {
  return value === undefined || value === null ? '' : String(value);
}

export function createStandInState(nagadKeys?: { pgPrivateKey?: string; pgPublicKey?: string }): PaymentStandInState {
  const pair =
    nagadKeys?.pgPrivateKey && nagadKeys.pgPublicKey
      ? { privateKey: nagadKeys.pgPrivateKey, publicKey: nagadKeys.pgPublicKey }
      : generateKeyPairSync('rsa', {
          modulusLength: 2048,
          publicKeyEncoding: { type: 'spki', format: 'pem' },
          privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
        });
  return {
    calls: [],
    tokenLifetimeSeconds: 3600,
    grants: 0,
    refreshes: 0,
    failNextExecute: null,
    refuseRefunds: null,
    forgeIpnAmount: null,
    bkash: { payments: new Map(), tokens: new Map(), refreshTokens: new Set() },
    nagad: { payments: new Map(), pgPublicKey: pair.publicKey, pgPrivateKey: pair.privateKey },
    sslcommerz: { sessions: new Map(), ipns: [] },
  };
}

/** A taka amount as the gateways take it: "1250.50", positive, two decimals at most. */
function validTaka(value: string): boolean {
  return /^\d+(\.\d{1,2})?$/.test(value) && Number(value) > 0;
}

function pagesBase(request: FastifyRequest, options: PaymentStandInOptions, mount: string): string {
  if (options.pagesBaseUrl !== undefined) return options.pagesBaseUrl.replace(/\/+$/, '');
  return `${request.protocol}://${request.host}${mount}`;
}

/** The prefix this plugin instance was registered under (`/payment-standin` in the app, '' in tests). */
function mountOf(fastify: FastifyInstance): string {
  return fastify.prefix ?? '';
}

function recordCall(state: PaymentStandInState, gateway: StandInCall['gateway'], request: FastifyRequest): void {
  state.calls.push({
    gateway,
    method: request.method,
    path: request.url.split('?')[0] as string,
    headers: { ...request.headers },
    body: request.body ?? null,
    query: { ...(request.query as Record<string, string>) },
  });
  if (state.calls.length > KEPT_CALLS) state.calls.splice(0, state.calls.length - KEPT_CALLS);
}

function formParser(fastify: FastifyInstance): void {
  if (fastify.hasContentTypeParser('application/x-www-form-urlencoded')) return;
  fastify.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
}

// ───────────────────────────────── bKash ─────────────────────────────────

function bkashRoutes(fastify: FastifyInstance, options: PaymentStandInOptions, state: PaymentStandInState, mount: string): void {
  const creds = options.bkash;
  const record = (request: FastifyRequest) => recordCall(state, 'bkash', request);

  const issueToken = () => {
    const idToken = `sbx.${randomBytes(24).toString('base64url')}`;
    const refreshToken = `rfr.${randomBytes(24).toString('base64url')}`;
    state.bkash.tokens.set(idToken, Date.now() + state.tokenLifetimeSeconds * 1000);
    state.bkash.refreshTokens.add(refreshToken);
    return {
      statusCode: '0000',
      statusMessage: 'Successful',
      id_token: idToken,
      token_type: 'Bearer',
      expires_in: state.tokenLifetimeSeconds,
      refresh_token: refreshToken,
    };
  };

  /** The username/password headers and app key/secret body of a grant or refresh; null when they match. */
  const credentialError = (request: FastifyRequest, reply: FastifyReply): FastifyReply | null => {
    const body = bodyOf(request);
    if (request.headers.username !== creds.username || request.headers.password !== creds.password) {
      // bKash's gateway answers a wrong username or password before its application does.
      return reply.code(401).send({ message: 'Unauthorized' });
    }
    if (body.app_key !== creds.appKey || body.app_secret !== creds.appSecret) {
      // i18n-ignore: the stand-in speaks as the gateway does, in English like its sandbox.
      return reply.send({ statusCode: '2001', statusMessage: 'Invalid App Key' });
    }
    return null;
  };

  /** Checks `Authorization` (the id_token itself, no "Bearer") and `X-APP-Key`; answers the refusal or null. */
  const tokenError = (request: FastifyRequest, reply: FastifyReply): FastifyReply | null => {
    const token = text(request.headers.authorization).replace(/^Bearer\s+/i, '');
    const expiresAt = state.bkash.tokens.get(token);
    // i18n-ignore: the stand-in speaks as the gateway does, in English like its sandbox.
    if (expiresAt === undefined) return reply.send({ statusCode: '2079', statusMessage: 'Invalid app token' });
    // i18n-ignore: the stand-in speaks as the gateway does, in English like its sandbox.
    if (expiresAt <= Date.now()) return reply.code(401).send({ message: 'The incoming token has expired' });
    // i18n-ignore: the stand-in speaks as the gateway does, in English like its sandbox.
    if (request.headers['x-app-key'] !== creds.appKey) return reply.send({ statusCode: '2001', statusMessage: 'Invalid App Key' });
    return null;
  };

  const paymentOf = (request: FastifyRequest) => state.bkash.payments.get(text(bodyOf(request).paymentID));
  // i18n-ignore: the stand-in speaks as the gateway does, in English like its sandbox.
  const invalidPayment = { statusCode: '2002', statusMessage: 'Invalid Payment ID' };

  fastify.post('/bkash/token/grant', async (request, reply) => {
    record(request);
    const refused = credentialError(request, reply);
    if (refused) return refused;
    state.grants += 1;
    return issueToken();
  });

  fastify.post('/bkash/token/refresh', async (request, reply) => {
    record(request);
    const refused = credentialError(request, reply);
    if (refused) return refused;
    const refreshToken = text(bodyOf(request).refresh_token);
    // i18n-ignore: the stand-in speaks as the gateway does, in English like its sandbox.
    if (!state.bkash.refreshTokens.has(refreshToken)) return { statusCode: '2079', statusMessage: 'Invalid refresh token' };
    state.bkash.refreshTokens.delete(refreshToken);
    state.refreshes += 1;
    return issueToken();
  });

  fastify.post('/bkash/create', async (request, reply) => {
    record(request);
    const refused = tokenError(request, reply);
    if (refused) return refused;
    const body = bodyOf(request);
    const amount = text(body.amount);
    const required = ['mode', 'payerReference', 'callbackURL', 'amount', 'currency', 'intent', 'merchantInvoiceNumber'];
    // i18n-ignore: the stand-in speaks as the gateway does, in English like its sandbox.
    if (required.some((key) => text(body[key]) === '')) return { statusCode: '2065', statusMessage: 'Mandatory field missing' };
    // i18n-ignore: the stand-in speaks as the gateway does, in English like its sandbox.
    if (body.mode !== '0011') return { statusCode: '2063', statusMessage: 'Mode is not valid as per request data' };
    // i18n-ignore: the stand-in speaks as the gateway does, in English like its sandbox.
    if (!validTaka(amount)) return { statusCode: '2006', statusMessage: 'Invalid amount' };
    // i18n-ignore: the stand-in speaks as the gateway does, in English like its sandbox.
    if (body.currency !== 'BDT') return { statusCode: '2007', statusMessage: 'Invalid currency' };
    // i18n-ignore: the stand-in speaks as the gateway does, in English like its sandbox.
    if (body.intent !== 'sale') return { statusCode: '2008', statusMessage: 'Invalid intent' };
    const invoice = text(body.merchantInvoiceNumber);
    if (invoice.length > 255 || !/^[A-Za-z0-9_-]+$/.test(invoice))
      // i18n-ignore: the stand-in speaks as the gateway does, in English like its sandbox.
      return { statusCode: '2031', statusMessage: 'Invalid merchant invoice number' };
    const paymentID = `TR0011${randomId(14)}`;
    const created = now();
    const payment: BkashStandInPayment = {
      paymentID,
      amount,
      merchantInvoiceNumber: invoice,
      payerReference: text(body.payerReference),
      callbackURL: text(body.callbackURL),
      state: 'Initiated',
      createTime: bkashTime(created),
      executeTime: null,
      trxID: null,
      refunds: [],
    };
    state.bkash.payments.set(paymentID, payment);
    const callback = (status: string) =>
      `${payment.callbackURL}${payment.callbackURL.includes('?') ? '&' : '?'}paymentID=${paymentID}&status=${status}`;
    return {
      paymentID,
      paymentCreateTime: payment.createTime,
      transactionStatus: 'Initiated',
      amount,
      currency: 'BDT',
      intent: 'sale',
      merchantInvoiceNumber: invoice,
      bkashURL: `${pagesBase(request, options, mount)}/bkash/pay/${paymentID}`,
      callbackURL: payment.callbackURL,
      successCallbackURL: callback('success'),
      failureCallbackURL: callback('failure'),
      cancelledCallbackURL: callback('cancel'),
      statusCode: '0000',
      statusMessage: 'Successful',
    };
  });

  fastify.post('/bkash/execute', async (request, reply) => {
    record(request);
    const refused = tokenError(request, reply);
    if (refused) return refused;
    const payment = paymentOf(request);
    if (!payment) return invalidPayment;
    // i18n-ignore: the stand-in speaks as the gateway does, in English like its sandbox.
    if (payment.state === 'Completed') return { statusCode: '2062', statusMessage: 'The payment has already been completed' };
    // i18n-ignore: the stand-in speaks as the gateway does, in English like its sandbox.
    if (payment.state !== 'Authorized') return { statusCode: '2056', statusMessage: 'Invalid Payment State' };
    if (state.failNextExecute) {
      const error = state.failNextExecute;
      state.failNextExecute = null;
      payment.state = 'Failed';
      return error;
    }
    payment.state = 'Completed';
    payment.executeTime = bkashTime(now());
    payment.trxID = randomId(10);
    return {
      paymentID: payment.paymentID,
      customerMsisdn: '01770618575',
      payerReference: payment.payerReference,
      paymentExecuteTime: payment.executeTime,
      trxID: payment.trxID,
      transactionStatus: 'Completed',
      amount: payment.amount,
      currency: 'BDT',
      intent: 'sale',
      merchantInvoiceNumber: payment.merchantInvoiceNumber,
      statusCode: '0000',
      statusMessage: 'Successful',
    };
  });

  fastify.post('/bkash/payment/status', async (request, reply) => {
    record(request);
    const refused = tokenError(request, reply);
    if (refused) return refused;
    const payment = paymentOf(request);
    if (!payment) return invalidPayment;
    return {
      paymentID: payment.paymentID,
      mode: '0011',
      payerReference: payment.payerReference,
      paymentCreateTime: payment.createTime,
      ...(payment.executeTime ? { paymentExecuteTime: payment.executeTime } : {}),
      ...(payment.trxID ? { trxID: payment.trxID } : {}),
      amount: payment.amount,
      currency: 'BDT',
      intent: 'sale',
      merchantInvoice: payment.merchantInvoiceNumber,
      // Paid on the page but not executed is still "Initiated" to the merchant: no money was taken.
      transactionStatus: payment.state === 'Authorized' ? 'Initiated' : payment.state,
      verificationStatus: 'Complete',
      statusCode: '0000',
      statusMessage: 'Successful',
    };
  });

  fastify.post('/bkash/payment/refund', async (request, reply) => {
    record(request);
    const refused = tokenError(request, reply);
    if (refused) return refused;
    const body = bodyOf(request);
    const payment = paymentOf(request);
    if (!payment) return invalidPayment;
    if (payment.state !== 'Completed' || payment.trxID !== text(body.trxID))
      // i18n-ignore: the stand-in speaks as the gateway does, in English like its sandbox.
      return { statusCode: '2033', statusMessage: 'Transaction not found' };
    const amount = text(body.amount);
    const sku = text(body.sku);
    if (amount === '') {
      // v1.2.0-beta: paymentID and trxID alone ask for the refund's status.
      const last = payment.refunds.at(-1);
      // i18n-ignore: the stand-in speaks as the gateway does, in English like its sandbox.
      if (!last) return { statusCode: '2033', statusMessage: 'Transaction not found' };
      return refundAnswer(payment, last);
    }
    // i18n-ignore: the stand-in speaks as the gateway does, in English like its sandbox.
    if (!validTaka(amount)) return { statusCode: '2006', statusMessage: 'Invalid amount' };
    // i18n-ignore: the stand-in speaks as the gateway does, in English like its sandbox.
    if (sku === '' || text(body.reason) === '') return { statusCode: '2065', statusMessage: 'Mandatory field missing' };
    // Stand-in's choice: a refund repeated with the same sku answers the first one (the client puts its reference there).
    const repeated = payment.refunds.find((refund) => refund.sku === sku);
    if (repeated) return refundAnswer(payment, repeated);
    if (state.refuseRefunds) return { statusCode: '2071', statusMessage: state.refuseRefunds };
    const refunded = payment.refunds.reduce((sum, refund) => sum + Math.round(Number(refund.amount) * 100), 0);
    if (refunded + Math.round(Number(amount) * 100) > Math.round(Number(payment.amount) * 100))
      // i18n-ignore: the stand-in speaks as the gateway does, in English like its sandbox.
      return { statusCode: '2026', statusMessage: 'The reversal amount cannot be greater than the original transaction amount' };
    const refund = { refundTrxID: randomId(10), amount, sku, reason: text(body.reason), completedTime: bkashTime(now()) };
    payment.refunds.push(refund);
    return refundAnswer(payment, refund);
  });

  const refundAnswer = (payment: BkashStandInPayment, refund: BkashStandInPayment['refunds'][number]) => ({
    completedTime: refund.completedTime,
    transactionStatus: 'Completed',
    originalTrxID: payment.trxID,
    refundTrxID: refund.refundTrxID,
    amount: refund.amount,
    currency: 'BDT',
    charge: '0.00',
  });

  fastify.get<{ Params: { paymentID: string } }>('/bkash/pay/:paymentID', async (request, reply) => {
    const payment = state.bkash.payments.get(request.params.paymentID);
    const nonce = randomBytes(12).toString('base64');
    if (payment?.state !== 'Initiated')
      // i18n-ignore: the stand-in speaks as the gateway does, in English like its sandbox.
      return notWaiting(request, reply, 'Payment not found', 'This bKash payment is not waiting for the shopper.');
    return pageHeaders(reply, nonce).send(
      shopperPage({
        gateway: 'bKash',
        title: 'Pay with bKash',
        lines: [
          ['Merchant invoice', payment.merchantInvoiceNumber],
          ['Amount', `৳ ${payment.amount}`],
        ],
        action: `${mount}/bkash/pay/${payment.paymentID}`,
      }),
    );
  });

  fastify.post<{ Params: { paymentID: string } }>('/bkash/pay/:paymentID', async (request, reply) => {
    const payment = state.bkash.payments.get(request.params.paymentID);
    if (payment?.state !== 'Initiated')
      // i18n-ignore: the stand-in speaks as the gateway does, in English like its sandbox.
      return notWaiting(request, reply, 'Payment not found', 'This bKash payment is not waiting for the shopper.');
    const choice = text(bodyOf(request).choice);
    const status = choice === 'pay' ? 'success' : choice === 'cancel' ? 'cancel' : 'failure';
    payment.state = status === 'success' ? 'Authorized' : status === 'cancel' ? 'Cancelled' : 'Failed';
    const separator = payment.callbackURL.includes('?') ? '&' : '?';
    return reply.redirect(`${payment.callbackURL}${separator}paymentID=${encodeURIComponent(payment.paymentID)}&status=${status}`, 303);
  });
}

// ──────────────────────────────── SSLCommerz ────────────────────────────────

/** SSLCommerz writes dates as "2026-11-27 14:05:09". */
function sslTime(date: Date): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

/** The stand-in's fee: 2.5 % of the amount (SSLCommerz states its own as `amount − store_amount`). */
function storeAmountOf(amount: string): string {
  const paisa = Math.round(Number(amount) * 100);
  return ((paisa - Math.round(paisa * 0.025)) / 100).toFixed(2);
}

/** The fields SSLCommerz posts back (return and IPN), signed as it signs them. */
function sslcommerzFields(
  session: SslcommerzStandInSession,
  storeId: string,
  storePassword: string,
  amount: string,
): Record<string, string> {
  const fields: Record<string, string> = {
    tran_id: session.tran_id,
    status: session.status,
    amount,
    currency: 'BDT',
    tran_date: session.tran_date,
    store_id: storeId,
    value_a: session.value_a,
    value_b: '',
    value_c: '',
    value_d: '',
    currency_type: 'BDT',
    currency_amount: amount,
    currency_rate: '1.0000',
    base_fair: '0.00',
  };
  if (session.status === 'VALID') {
    Object.assign(fields, {
      val_id: session.val_id ?? '',
      store_amount: session.store_amount ?? '',
      bank_tran_id: session.bank_tran_id ?? '',
      card_type: 'VISA-Dutch Bangla',
      card_no: '418117XXXXXX6675',
      card_issuer: 'STANDARD CHARTERED BANK',
      card_brand: 'VISA',
      card_issuer_country: 'Bangladesh',
      card_issuer_country_code: 'BD',
      risk_level: '0',
      risk_title: 'Safe',
    });
  } else {
    fields.error = session.status === 'CANCELLED' ? 'Cancelled by the customer' : 'Declined by the card issuer';
    fields.bank_tran_id = session.bank_tran_id ?? '';
  }
  fields.verify_key = Object.keys(fields).join(',');
  fields.verify_sign = sslcommerzSign(fields, storePassword);
  fields.verify_sign_sha2 = createHash('sha256').update(fields.verify_sign).digest('hex');
  return fields;
}

/** A transaction as the validation and transaction-query APIs write it. */
function sslcommerzElement(session: SslcommerzStandInSession): Record<string, string> {
  return {
    val_id: session.val_id ?? '',
    status: session.status === 'VALID' && session.validations > 0 ? 'VALIDATED' : session.status,
    validated_on: session.validations > 0 ? session.tran_date : '',
    currency_type: 'BDT',
    currency_amount: session.amount,
    currency_rate: '1.0000',
    base_fair: '0.00',
    value_a: session.value_a,
    value_b: '',
    value_c: '',
    value_d: '',
    risk_title: 'Safe',
    risk_level: '0',
    APIConnect: 'DONE',
    tran_date: session.tran_date,
    tran_id: session.tran_id,
    amount: session.amount,
    store_amount: session.store_amount ?? '',
    bank_tran_id: session.bank_tran_id ?? '',
    card_type: session.status === 'VALID' ? 'VISA-Dutch Bangla' : '',
    currency: 'BDT',
  };
}

/** A page whose form posts the fields to the shop by itself (the nonce'd script), with a button when scripts are off. */
function autoPostPage(action: string, fields: Record<string, string>, nonce: string): string {
  const inputs = Object.entries(fields)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Returning to the shop</title></head>
<body><main><h1>Returning to the shop</h1>
<form method="post" action="${escapeHtml(action)}">${inputs}<button type="submit">Continue to the shop</button></form></main>
<script nonce="${nonce}">document.forms[0].submit();</script></body></html>`;
}

function sslcommerzRoutes(fastify: FastifyInstance, options: PaymentStandInOptions, state: PaymentStandInState, mount: string): void {
  const store = options.sslcommerz;
  const record = (request: FastifyRequest) => recordCall(state, 'sslcommerz', request);
  const sessions = state.sslcommerz.sessions;

  fastify.post('/sslcommerz/gwprocess/v4/api.php', async (request) => {
    record(request);
    const body = Object.fromEntries(Object.entries(bodyOf(request)).map(([k, v]) => [k, text(v)]));
    if (body.store_id !== store.storeId || body.store_passwd !== store.storePassword)
      return { status: 'FAILED', failedreason: 'Store Credential Error Or Store is De-active', sessionkey: '', GatewayPageURL: '' };
    const required = [
      'total_amount',
      'currency',
      'tran_id',
      'success_url',
      'fail_url',
      'cancel_url',
      'cus_name',
      'cus_email',
      'cus_add1',
      'cus_city',
      'cus_country',
      'cus_phone',
      'shipping_method',
      'product_name',
      'product_category',
      'product_profile',
    ];
    const missing = required.find((key) => !body[key]);
    if (missing)
      return { status: 'FAILED', failedreason: `Invalid Information! '${missing}' is missing.`, sessionkey: '', GatewayPageURL: '' };
    const amount = body.total_amount as string;
    // SSLCommerz takes 10.00 to 500000.00 taka.
    if (!validTaka(amount) || Number(amount) < 10 || Number(amount) > 500_000)
      return {
        status: 'FAILED',
        failedreason: 'Invalid Information! total_amount must be between 10.00 and 500000.00 BDT.',
        sessionkey: '',
        GatewayPageURL: '',
      };
    const sessionkey = randomBytes(16).toString('hex').toUpperCase();
    sessions.set(sessionkey, {
      sessionkey,
      tran_id: body.tran_id as string,
      amount: Number(amount).toFixed(2),
      currency: body.currency as string,
      success_url: body.success_url as string,
      fail_url: body.fail_url as string,
      cancel_url: body.cancel_url as string,
      ipn_url: body.ipn_url ?? '',
      value_a: body.value_a ?? '',
      status: 'PENDING',
      val_id: null,
      bank_tran_id: null,
      store_amount: null,
      tran_date: sslTime(now()),
      validations: 0,
      refunds: [],
    });
    const page = `${pagesBase(request, options, mount)}/sslcommerz/pay/${sessionkey}`;
    return {
      status: 'SUCCESS',
      failedreason: '',
      sessionkey,
      gw: {
        visa: 'city_visa,ebl_visa',
        master: 'city_master,ebl_master',
        amex: 'city_amex',
        othercards: '',
        internetbanking: '',
        mobilebanking: 'bkash,nagad',
      },
      redirectGatewayURL: page,
      directPaymentURLBank: '',
      directPaymentURLCard: '',
      directPaymentURL: '',
      redirectGatewayURLFailed: '',
      GatewayPageURL: page,
      storeBanner: '',
      storeLogo: '',
      desc: [],
      is_direct_pay_enable: '0',
    };
  });

  const refused = (query: Record<string, string>) => query.store_id !== store.storeId || query.store_passwd !== store.storePassword;

  fastify.get('/sslcommerz/validator/api/validationserverAPI.php', async (request) => {
    record(request);
    const query = request.query as Record<string, string>;
    if (refused(query)) return { APIConnect: 'FAILED' };
    if (!query.val_id) return { APIConnect: 'INVALID_REQUEST' };
    const session = [...sessions.values()].find((candidate) => candidate.val_id === query.val_id);
    if (session?.status !== 'VALID') return { status: 'INVALID_TRANSACTION', APIConnect: 'DONE' };
    const answer: Record<string, string> = {
      ...sslcommerzElement(session),
      card_no: '418117XXXXXX6675',
      card_issuer: 'STANDARD CHARTERED BANK',
      card_brand: 'VISA',
      card_issuer_country: 'Bangladesh',
      card_issuer_country_code: 'BD',
      gw_version: '',
    };
    session.validations += 1;
    if (session.validations === 1) answer.validated_on = sslTime(now());
    return answer;
  });

  fastify.get('/sslcommerz/validator/api/merchantTransIDvalidationAPI.php', async (request) => {
    record(request);
    const query = request.query as Record<string, string>;
    if (refused(query)) return { APIConnect: 'FAILED' };
    if (query.refund_ref_id) {
      for (const session of sessions.values()) {
        const refund = session.refunds.find((candidate) => candidate.refund_ref_id === query.refund_ref_id);
        if (refund)
          return {
            APIConnect: 'DONE',
            bank_tran_id: session.bank_tran_id,
            tran_id: session.tran_id,
            refund_ref_id: refund.refund_ref_id,
            initiated_on: refund.initiated_on,
            refunded_on: refund.initiated_on,
            status: 'refunded',
            errorReason: '',
          };
      }
      return { APIConnect: 'DONE', status: 'failed', errorReason: 'Refund reference not found' };
    }
    if (query.bank_tran_id) {
      const session = [...sessions.values()].find(
        (candidate) => candidate.bank_tran_id === query.bank_tran_id && candidate.status === 'VALID',
      );
      const base = { APIConnect: 'DONE', bank_tran_id: query.bank_tran_id, trans_id: session?.tran_id ?? '' };
      if (!session) return { ...base, refund_ref_id: '', status: 'failed', errorReason: 'Invalid bank transaction ID' };
      if (!query.refund_amount || !query.refund_remarks) return { APIConnect: 'INVALID_REQUEST' };
      // Stand-in's choice, after the documented refe_id: a refund repeated with the same reference answers the first.
      const repeated = query.refe_id ? session.refunds.find((candidate) => candidate.refe_id === query.refe_id) : undefined;
      if (repeated) return { ...base, refund_ref_id: repeated.refund_ref_id, status: 'success', errorReason: '' };
      if (state.refuseRefunds) return { ...base, refund_ref_id: '', status: 'failed', errorReason: state.refuseRefunds };
      const refunded = session.refunds.reduce((sum, refund) => sum + Math.round(Number(refund.amount) * 100), 0);
      if (
        !validTaka(query.refund_amount) ||
        refunded + Math.round(Number(query.refund_amount) * 100) > Math.round(Number(session.amount) * 100)
      )
        return { ...base, refund_ref_id: '', status: 'failed', errorReason: 'Refund amount exceeds the transaction amount' };
      const refund = {
        refund_ref_id: randomId(13, '0123456789abcdef'),
        refe_id: query.refe_id ?? '',
        amount: query.refund_amount,
        remarks: query.refund_remarks,
        initiated_on: sslTime(now()),
      };
      session.refunds.push(refund);
      return { ...base, refund_ref_id: refund.refund_ref_id, status: 'success', errorReason: '' };
    }
    if (query.tran_id) {
      const element = [...sessions.values()]
        .filter((session) => session.tran_id === query.tran_id && session.status !== 'PENDING')
        .map(sslcommerzElement);
      return { APIConnect: 'DONE', no_of_trans_found: element.length, element };
    }
    return { APIConnect: 'INVALID_REQUEST' };
  });

  fastify.get<{ Params: { sessionkey: string } }>('/sslcommerz/pay/:sessionkey', async (request, reply) => {
    const session = sessions.get(request.params.sessionkey);
    const nonce = randomBytes(12).toString('base64');
    if (session?.status !== 'PENDING')
      // i18n-ignore: the stand-in speaks as the gateway does, in English like its sandbox.
      return notWaiting(request, reply, 'Session not found', 'This SSLCommerz session is not waiting for the shopper.');
    return pageHeaders(reply, nonce).send(
      shopperPage({
        gateway: 'SSLCommerz',
        title: 'Pay with SSLCommerz',
        lines: [
          ['Transaction', session.tran_id],
          ['Amount', `৳ ${session.amount}`],
        ],
        action: `${mount}/sslcommerz/pay/${session.sessionkey}`,
      }),
    );
  });

  fastify.post<{ Params: { sessionkey: string } }>('/sslcommerz/pay/:sessionkey', async (request, reply) => {
    const session = sessions.get(request.params.sessionkey);
    const nonce = randomBytes(12).toString('base64');
    if (session?.status !== 'PENDING')
      // i18n-ignore: the stand-in speaks as the gateway does, in English like its sandbox.
      return notWaiting(request, reply, 'Session not found', 'This SSLCommerz session is not waiting for the shopper.');
    const choice = text(bodyOf(request).choice);
    session.status = choice === 'pay' ? 'VALID' : choice === 'cancel' ? 'CANCELLED' : 'FAILED';
    session.bank_tran_id = choice === 'cancel' ? null : `${sslTime(now()).replace(/\D/g, '').slice(2, 12)}${randomId(8, '0123456789')}`;
    if (session.status === 'VALID') {
      session.val_id = `${sslTime(now()).replace(/\D/g, '').slice(2, 8)}${randomId(8, '0123456789')}${randomId(6)}`;
      session.store_amount = storeAmountOf(session.amount);
    }
    const fields = sslcommerzFields(session, store.storeId, store.storePassword, session.amount);
    if (session.ipn_url) {
      const ipnFields = state.forgeIpnAmount ? sslcommerzFields(session, store.storeId, store.storePassword, state.forgeIpnAmount) : fields;
      let status: number | null = null;
      try {
        const answer = await fetch(session.ipn_url, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(ipnFields).toString(),
          signal: AbortSignal.timeout(5000),
        });
        status = answer.status;
        await answer.arrayBuffer();
      } catch {
        status = null;
      }
      state.sslcommerz.ipns.push({ url: session.ipn_url, fields: ipnFields, status });
    }
    const target =
      session.status === 'VALID' ? session.success_url : session.status === 'CANCELLED' ? session.cancel_url : session.fail_url;
    return pageHeaders(reply, nonce).send(autoPostPage(target, fields, nonce));
  });
}

// ───────────────────────────────── Nagad ─────────────────────────────────

/** Nagad's statuses for the shopper's three choices (stand-in's choice of the codes for Aborted and Failed). */
const NAGAD_RESULTS = {
  // i18n-ignore: the stand-in speaks as the gateway does, in English like its sandbox.
  pay: { status: 'Success', code: '00_0000_000', message: 'Successful Transaction' },
  // i18n-ignore: the stand-in speaks as the gateway does, in English like its sandbox.
  cancel: { status: 'Aborted', code: '00_1000_001', message: 'Aborted by the customer' },
  // i18n-ignore: the stand-in speaks as the gateway does, in English like its sandbox.
  fail: { status: 'Failed', code: '00_1000_002', message: 'Transaction failed: insufficient balance' },
} as const;

function nagadRoutes(fastify: FastifyInstance, options: PaymentStandInOptions, state: PaymentStandInState, mount: string): void {
  const merchantId = options.nagad.merchantId;
  const merchantKey = nagadPublicKey(options.nagad.merchantPublicKey);
  const pgKey = nagadPrivateKey(state.nagad.pgPrivateKey);
  const payments = state.nagad.payments;
  const record = (request: FastifyRequest) => recordCall(state, 'nagad', request);
  const refuse = (reply: FastifyReply, status: number, reason: string, message: string) => reply.code(status).send({ reason, message });

  /** Opens a sealed request: decrypts with the PG key and checks the merchant's signature; null after refusing. */
  const open = (reply: FastifyReply, encrypted: string, signature: string): Record<string, string> | null => {
    let plain: string;
    try {
      plain = nagadDecrypt(encrypted, pgKey);
    } catch {
      // i18n-ignore: the stand-in speaks as the gateway does, in English like its sandbox.
      refuse(reply, 400, 'DecryptionFailed', 'Sensitive data could not be decrypted');
      return null;
    }
    if (!nagadVerify(plain, signature, merchantKey)) {
      // i18n-ignore: the stand-in speaks as the gateway does, in English like its sandbox.
      refuse(reply, 400, 'InvalidSignature', 'Invalid Signature');
      return null;
    }
    try {
      return JSON.parse(plain) as Record<string, string>;
    } catch {
      // i18n-ignore: the stand-in speaks as the gateway does, in English like its sandbox.
      refuse(reply, 400, 'InvalidRequest', 'Sensitive data is not JSON');
      return null;
    }
  };
  const seal = (data: Record<string, unknown>) => {
    const plain = JSON.stringify(data);
    return { sensitiveData: nagadEncrypt(plain, merchantKey), signature: nagadSign(plain, pgKey) };
  };
  const headersMissing = (request: FastifyRequest) =>
    !request.headers['x-km-api-version'] ||
    !request.headers['x-km-ip-v4'] ||
    !['PC_WEB', 'MOBILE_WEB', 'MOBILE_APP', 'WALLET_WEB_VIEW', 'BILL_KEY'].includes(text(request.headers['x-km-client-type']));

  fastify.post<{ Params: { merchantId: string; orderId: string } }>(
    '/nagad/check-out/initialize/:merchantId/:orderId',
    async (request, reply) => {
      record(request);
      if (headersMissing(request))
        // i18n-ignore: the stand-in speaks as the gateway does, in English like its sandbox.
        return refuse(reply, 400, 'InvalidRequestHeader', 'X-KM-Api-Version, X-KM-IP-V4 and X-KM-Client-Type are required');
      // i18n-ignore: the stand-in speaks as the gateway does, in English like its sandbox.
      if (request.params.merchantId !== merchantId) return refuse(reply, 400, 'InvalidMerchant', 'Merchant not found');
      const body = bodyOf(request);
      const data = open(reply, text(body.sensitiveData), text(body.signature));
      if (!data) return reply;
      if (
        data.merchantId !== merchantId ||
        data.orderId !== request.params.orderId ||
        data.datetime !== text(body.dateTime) ||
        !data.challenge
      )
        // i18n-ignore: the stand-in speaks as the gateway does, in English like its sandbox.
        return refuse(reply, 400, 'InvalidRequest', 'Sensitive data does not match the request');
      if ([...payments.values()].some((payment) => payment.orderId === data.orderId))
        // i18n-ignore: the stand-in speaks as the gateway does, in English like its sandbox.
        return refuse(reply, 400, 'DuplicateOrderId', 'Order ID already exists');
      const paymentRefId = `MDI${nagadDateTime(now()).slice(2)}${randomId(8, '0123456789')}${randomId(6)}`;
      const challenge = randomBytes(20).toString('hex');
      payments.set(paymentRefId, {
        paymentRefId,
        orderId: data.orderId,
        challenge,
        amount: null,
        callbackUrl: null,
        additionalMerchantInfo: null,
        status: 'Initiated',
        orderDateTime: now().toISOString(),
        issuerPaymentRefNo: null,
        issuerPaymentDateTime: null,
        refunds: [],
      });
      return seal({ paymentReferenceId: paymentRefId, challenge, acceptDateTime: nagadDateTime(now()) });
    },
  );

  fastify.post<{ Params: { paymentRefId: string } }>('/nagad/check-out/complete/:paymentRefId', async (request, reply) => {
    record(request);
    if (headersMissing(request))
      // i18n-ignore: the stand-in speaks as the gateway does, in English like its sandbox.
      return refuse(reply, 400, 'InvalidRequestHeader', 'X-KM-Api-Version, X-KM-IP-V4 and X-KM-Client-Type are required');
    const payment = payments.get(request.params.paymentRefId);
    // i18n-ignore: the stand-in speaks as the gateway does, in English like its sandbox.
    if (!payment) return refuse(reply, 400, 'InvalidPaymentRefId', 'Payment reference not found');
    const body = bodyOf(request);
    const data = open(reply, text(body.sensitiveData), text(body.signature));
    if (!data) return reply;
    // i18n-ignore: the stand-in speaks as the gateway does, in English like its sandbox.
    if (payment.amount !== null) return refuse(reply, 400, 'InvalidPaymentState', 'The payment is already complete');
    if (data.merchantId !== merchantId || data.orderId !== payment.orderId || data.challenge !== payment.challenge)
      // i18n-ignore: the stand-in speaks as the gateway does, in English like its sandbox.
      return refuse(reply, 400, 'InvalidChallenge', 'Challenge or order does not match');
    // i18n-ignore: the stand-in speaks as the gateway does, in English like its sandbox.
    if (data.currencyCode !== '050') return refuse(reply, 400, 'InvalidCurrency', 'Currency code must be 050 (BDT)');
    // i18n-ignore: the stand-in speaks as the gateway does, in English like its sandbox.
    if (!validTaka(text(data.amount))) return refuse(reply, 400, 'InvalidAmount', 'Invalid amount');
    // i18n-ignore: the stand-in speaks as the gateway does, in English like its sandbox.
    if (!text(body.merchantCallbackURL)) return refuse(reply, 400, 'InvalidRequest', 'merchantCallbackURL is required');
    payment.amount = Number(data.amount).toFixed(2);
    payment.callbackUrl = text(body.merchantCallbackURL);
    payment.additionalMerchantInfo = body.additionalMerchantInfo ?? null;
    return { status: 'Success', callBackUrl: `${pagesBase(request, options, mount)}/nagad/pay/${payment.paymentRefId}` };
  });

  fastify.get<{ Params: { paymentRefId: string } }>('/nagad/verify/payment/:paymentRefId', async (request, reply) => {
    record(request);
    const payment = payments.get(request.params.paymentRefId);
    // i18n-ignore: the stand-in speaks as the gateway does, in English like its sandbox.
    if (!payment) return refuse(reply, 400, 'InvalidPaymentRefId', 'Payment reference not found');
    return {
      merchantId,
      orderId: payment.orderId,
      paymentRefId: payment.paymentRefId,
      amount: payment.amount ?? '0.00',
      clientMobileNo: payment.status === 'Success' ? '017****0618' : null,
      merchantMobileNo: '01700000000',
      orderDateTime: payment.orderDateTime.slice(0, 19).replace('T', ' '),
      issuerPaymentDateTime: payment.issuerPaymentDateTime,
      issuerPaymentRefNo: payment.issuerPaymentRefNo,
      additionalMerchantInfo: payment.additionalMerchantInfo,
      status: payment.status,
      statusCode: payment.status === 'Success' ? '000' : payment.status === 'Initiated' ? '001' : '002',
      cancelIssuerDateTime: payment.refunds.at(-1)?.dateTime ?? null,
      cancelIssuerRefNo: payment.refunds.at(-1)?.cancelTrxId ?? null,
      serviceType: 'Ecom',
    };
  });

  // Nagad's purchase cancel API, as its merchant libraries call it; the answer's fields are the stand-in's choice
  // (status, cancelTrxId, amounts) since Nagad documents it to merchants only.
  fastify.post('/nagad/purchase/cancel', async (request, reply) => {
    record(request);
    const query = request.query as Record<string, string>;
    const payment = payments.get(text(query.paymentRefId));
    // i18n-ignore: the stand-in speaks as the gateway does, in English like its sandbox.
    if (!payment || payment.orderId !== query.orderId) return refuse(reply, 400, 'InvalidPaymentRefId', 'Payment reference not found');
    const body = bodyOf(request);
    const data = open(reply, text(body.sensitiveDataCancelRequest), text(body.signature));
    if (!data) return reply;
    // i18n-ignore: the stand-in speaks as the gateway does, in English like its sandbox.
    if (payment.status !== 'Success') return refuse(reply, 400, 'InvalidPaymentState', 'Only a successful payment can be cancelled');
    const repeated = payment.refunds.find((refund) => refund.referenceNo === data.referenceNo);
    const answer = (refund: NagadStandInPayment['refunds'][number]) =>
      seal({
        status: 'Success',
        cancelTrxId: refund.cancelTrxId,
        cancelAmount: refund.amount,
        originalAmount: payment.amount,
        referenceNo: refund.referenceNo,
        cancelDateTime: refund.dateTime,
      });
    if (repeated) return answer(repeated);
    if (state.refuseRefunds) return refuse(reply, 400, 'CancelNotAllowed', state.refuseRefunds);
    if (
      data.merchantId !== merchantId ||
      data.originalAmount !== payment.amount ||
      data.originalRequestDate !== payment.orderDateTime.slice(0, 10).replace(/-/g, '')
    )
      // i18n-ignore: the stand-in speaks as the gateway does, in English like its sandbox.
      return refuse(reply, 400, 'InvalidRequest', 'Original amount or date does not match the payment');
    const refunded = payment.refunds.reduce((sum, refund) => sum + Math.round(Number(refund.amount) * 100), 0);
    if (
      !validTaka(text(data.cancelAmount)) ||
      refunded + Math.round(Number(data.cancelAmount) * 100) > Math.round(Number(payment.amount) * 100)
    )
      // i18n-ignore: the stand-in speaks as the gateway does, in English like its sandbox.
      return refuse(reply, 400, 'InvalidAmount', 'Cancel amount exceeds the payment');
    const refund = {
      cancelTrxId: randomId(10),
      amount: Number(data.cancelAmount).toFixed(2),
      referenceNo: text(data.referenceNo),
      dateTime: nagadDateTime(now()),
    };
    payment.refunds.push(refund);
    return answer(refund);
  });

  fastify.get<{ Params: { paymentRefId: string } }>('/nagad/pay/:paymentRefId', async (request, reply) => {
    const payment = payments.get(request.params.paymentRefId);
    const nonce = randomBytes(12).toString('base64');
    if (payment?.status !== 'Initiated' || payment.amount === null)
      // i18n-ignore: the stand-in speaks as the gateway does, in English like its sandbox.
      return notWaiting(request, reply, 'Payment not found', 'This Nagad payment is not waiting for the shopper.');
    return pageHeaders(reply, nonce).send(
      shopperPage({
        gateway: 'Nagad',
        title: 'Pay with Nagad',
        lines: [
          ['Order', payment.orderId],
          ['Amount', `৳ ${payment.amount}`],
        ],
        action: `${mount}/nagad/pay/${payment.paymentRefId}`,
      }),
    );
  });

  fastify.post<{ Params: { paymentRefId: string } }>('/nagad/pay/:paymentRefId', async (request, reply) => {
    const payment = payments.get(request.params.paymentRefId);
    if (payment?.status !== 'Initiated' || !payment.callbackUrl)
      // i18n-ignore: the stand-in speaks as the gateway does, in English like its sandbox.
      return notWaiting(request, reply, 'Payment not found', 'This Nagad payment is not waiting for the shopper.');
    const choice = text(bodyOf(request).choice);
    const result = NAGAD_RESULTS[choice === 'pay' || choice === 'cancel' ? choice : 'fail'];
    payment.status = result.status;
    if (result.status === 'Success') {
      payment.issuerPaymentRefNo = randomId(10);
      payment.issuerPaymentDateTime = nagadDateTime(now());
    }
    const query = new URLSearchParams({
      merchant: merchantId,
      order_id: payment.orderId,
      payment_ref_id: payment.paymentRefId,
      status: result.status,
      status_code: result.code,
      message: result.message,
      payment_dt: nagadDateTime(now()),
      issuer_payment_ref: payment.issuerPaymentRefNo ?? '',
    });
    const separator = payment.callbackUrl.includes('?') ? '&' : '?';
    return reply.redirect(`${payment.callbackUrl}${separator}${query.toString()}`, 303);
  });
}

/**
 * The stand-in as a Fastify plugin: register it under a prefix (`/payment-standin` in the app) with the
 * credentials it accepts and, optionally, a state object to inspect and turn its knobs.
 */
export async function paymentStandIn(
  fastify: FastifyInstance,
  options: PaymentStandInOptions & { state?: PaymentStandInState },
): Promise<void> {
  const state = options.state ?? createStandInState(options.nagad);
  formParser(fastify);
  const mount = mountOf(fastify);
  bkashRoutes(fastify, options, state, mount);
  sslcommerzRoutes(fastify, options, state, mount);
  nagadRoutes(fastify, options, state, mount);
}

export interface RunningStandIn {
  /** e.g. http://127.0.0.1:40123 — the gateways are at `${url}/bkash`, `${url}/nagad`, `${url}/sslcommerz`. */
  url: string;
  state: PaymentStandInState;
  close: () => Promise<void>;
}

/** Tests: the stand-in alone on 127.0.0.1, a port of its own. */
export async function startPaymentStandIn(options: PaymentStandInOptions): Promise<RunningStandIn> {
  const state = createStandInState(options.nagad);
  const app = Fastify({ logger: false });
  await app.register(paymentStandIn, { ...options, state });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${address.port}`, state, close: () => app.close() };
}
