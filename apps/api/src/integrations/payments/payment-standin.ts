import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';

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
   * Where the shopper's pages are, as the gateways' answers write them (`bkashURL`, `callBackUrl`,
   * `GatewayPageURL`): an absolute address, or a path such as `/payment-standin` when the stand-in is mounted in
   * the app (the browser then stays on whatever host it reached the shop by). Default: from the request's host.
   */
  pagesBaseUrl?: string;
}

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
    .header('referrer-policy', 'no-referrer')
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

export function createStandInState(): PaymentStandInState {
  return {
    calls: [],
    tokenLifetimeSeconds: 3600,
    grants: 0,
    refreshes: 0,
    failNextExecute: null,
    refuseRefunds: null,
    forgeIpnAmount: null,
    bkash: { payments: new Map(), tokens: new Map(), refreshTokens: new Set() },
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

function formParser(fastify: FastifyInstance): void {
  if (fastify.hasContentTypeParser('application/x-www-form-urlencoded')) return;
  fastify.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
}

// ───────────────────────────────── bKash ─────────────────────────────────

function bkashRoutes(fastify: FastifyInstance, options: PaymentStandInOptions, state: PaymentStandInState, mount: string): void {
  const creds = options.bkash;
  const record = (request: FastifyRequest) =>
    state.calls.push({
      gateway: 'bkash',
      method: request.method,
      path: request.url.split('?')[0] as string,
      headers: { ...request.headers },
      body: request.body ?? null,
      query: { ...(request.query as Record<string, string>) },
    });

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
      return reply.send({ statusCode: '2001', statusMessage: 'Invalid App Key' });
    }
    return null;
  };

  /** Checks `Authorization` (the id_token itself, no "Bearer") and `X-APP-Key`; answers the refusal or null. */
  const tokenError = (request: FastifyRequest, reply: FastifyReply): FastifyReply | null => {
    const token = text(request.headers.authorization).replace(/^Bearer\s+/i, '');
    const expiresAt = state.bkash.tokens.get(token);
    if (expiresAt === undefined) return reply.send({ statusCode: '2079', statusMessage: 'Invalid app token' });
    if (expiresAt <= Date.now()) return reply.code(401).send({ message: 'The incoming token has expired' });
    if (request.headers['x-app-key'] !== creds.appKey) return reply.send({ statusCode: '2001', statusMessage: 'Invalid App Key' });
    return null;
  };

  const paymentOf = (request: FastifyRequest) => state.bkash.payments.get(text(bodyOf(request).paymentID));
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
    if (required.some((key) => text(body[key]) === '')) return { statusCode: '2065', statusMessage: 'Mandatory field missing' };
    if (body.mode !== '0011') return { statusCode: '2063', statusMessage: 'Mode is not valid as per request data' };
    if (!validTaka(amount)) return { statusCode: '2006', statusMessage: 'Invalid amount' };
    if (body.currency !== 'BDT') return { statusCode: '2007', statusMessage: 'Invalid currency' };
    if (body.intent !== 'sale') return { statusCode: '2008', statusMessage: 'Invalid intent' };
    const invoice = text(body.merchantInvoiceNumber);
    if (invoice.length > 255 || !/^[A-Za-z0-9_-]+$/.test(invoice))
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
    if (payment.state === 'Completed') return { statusCode: '2062', statusMessage: 'The payment has already been completed' };
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
      return { statusCode: '2033', statusMessage: 'Transaction not found' };
    const amount = text(body.amount);
    const sku = text(body.sku);
    if (amount === '') {
      // v1.2.0-beta: paymentID and trxID alone ask for the refund's status.
      const last = payment.refunds.at(-1);
      if (!last) return { statusCode: '2033', statusMessage: 'Transaction not found' };
      return refundAnswer(payment, last);
    }
    if (!validTaka(amount)) return { statusCode: '2006', statusMessage: 'Invalid amount' };
    if (sku === '' || text(body.reason) === '') return { statusCode: '2065', statusMessage: 'Mandatory field missing' };
    // Stand-in's choice: a refund repeated with the same sku answers the first one (the client puts its reference there).
    const repeated = payment.refunds.find((refund) => refund.sku === sku);
    if (repeated) return refundAnswer(payment, repeated);
    if (state.refuseRefunds) return { statusCode: '2071', statusMessage: state.refuseRefunds };
    const refunded = payment.refunds.reduce((sum, refund) => sum + Math.round(Number(refund.amount) * 100), 0);
    if (refunded + Math.round(Number(amount) * 100) > Math.round(Number(payment.amount) * 100))
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
      return pageHeaders(reply.code(404), nonce).send(donePage('Payment not found', 'This bKash payment is not waiting for the shopper.'));
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
    const nonce = randomBytes(12).toString('base64');
    if (payment?.state !== 'Initiated')
      return pageHeaders(reply.code(404), nonce).send(donePage('Payment not found', 'This bKash payment is not waiting for the shopper.'));
    const choice = text(bodyOf(request).choice);
    const status = choice === 'pay' ? 'success' : choice === 'cancel' ? 'cancel' : 'failure';
    payment.state = status === 'success' ? 'Authorized' : status === 'cancel' ? 'Cancelled' : 'Failed';
    const separator = payment.callbackURL.includes('?') ? '&' : '?';
    return reply.redirect(`${payment.callbackURL}${separator}paymentID=${encodeURIComponent(payment.paymentID)}&status=${status}`, 303);
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
  const state = options.state ?? createStandInState();
  formParser(fastify);
  const mount = mountOf(fastify);
  bkashRoutes(fastify, options, state, mount);
}

export interface RunningStandIn {
  /** e.g. http://127.0.0.1:40123 — the gateways are at `${url}/bkash`, `${url}/nagad`, `${url}/sslcommerz`. */
  url: string;
  state: PaymentStandInState;
  close: () => Promise<void>;
}

/** Tests: the stand-in alone on 127.0.0.1, a port of its own. */
export async function startPaymentStandIn(options: PaymentStandInOptions): Promise<RunningStandIn> {
  const state = createStandInState();
  const app = Fastify({ logger: false });
  await app.register(paymentStandIn, { ...options, state });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${address.port}`, state, close: () => app.close() };
}
