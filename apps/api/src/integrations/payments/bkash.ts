import { createHash } from 'node:crypto';
import { callGateway, field, type GatewayAnswer } from './gateway-http';
import {
  type GatewayClientOptions,
  PaymentGatewayError,
  type PaymentOutcome,
  type PaymentProvider,
  type PaymentRef,
  paisaOf,
  type RefundOutcome,
  type RefundRequest,
  type StartedPayment,
  type StartPaymentRequest,
  takaString,
} from './payment-provider';

export interface BkashCredentials {
  appKey: string;
  appSecret: string;
  username: string;
  password: string;
}

const NAME = 'bKash';
const OK = '0000';
/** bKash's codes for a refused app key or token: the call is retried once with a new token, then it is a credentials error. */
const INVALID_APP_KEY = '2001';
const INVALID_TOKEN = '2079';
/** Execute repeated after the payment completed: the client asks for the payment's status instead. */
const ALREADY_COMPLETED = '2062';

interface CachedToken {
  idToken: string;
  refreshToken: string;
  expiresAt: number;
}

/**
 * Grant tokens per set of credentials (and base address), kept until shortly before they expire, so every payment
 * does not grant anew (bKash asks merchants to reuse the token for its hour). Keyed by a hash: no secret is a key.
 */
const tokens = new Map<string, CachedToken>();

/** Forgets every cached token (tests). */
export function forgetBkashTokens(): void {
  tokens.clear();
}

/** bKash's code and words of an answer: v1.2.0-beta writes statusCode/statusMessage, older answers errorCode/errorMessage. */
function codeOf(body: Record<string, unknown>): { code: string; message: string } {
  const code = field(body, 'statusCode') || field(body, 'errorCode');
  const message = field(body, 'statusMessage') || field(body, 'errorMessage') || field(body, 'message');
  return { code, message };
}

/**
 * bKash's tokenized checkout (v1.2.0-beta): a token granted with the merchant's username and password (headers)
 * and app key and secret (body), then `create` (the shopper pays on `bkashURL`), `execute` when the shopper comes
 * back with `status=success`, `payment/status` to ask, `payment/refund` to refund.
 */
export function bkashProvider(
  credentials: BkashCredentials,
  options: GatewayClientOptions,
  clock: () => number = Date.now,
): PaymentProvider {
  const base = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 15_000;
  const cacheKey = createHash('sha256')
    .update([base, credentials.appKey, credentials.appSecret, credentials.username, credentials.password].join('\n'))
    .digest('hex');
  const call = (operation: string, path: string, json: unknown, headers: Record<string, string>, invoice?: string) =>
    callGateway({
      gateway: 'bkash',
      name: NAME,
      operation,
      method: 'POST',
      url: `${base}${path}`,
      json,
      headers,
      timeoutMs,
      log: options.log,
      invoice,
    });

  const credentialHeaders = () => ({ username: credentials.username, password: credentials.password });

  function keep(answer: GatewayAnswer, operation: string): CachedToken {
    const idToken = field(answer.body, 'id_token');
    const { code, message } = codeOf(answer.body);
    if (answer.status >= 400 || !idToken || (code && code !== OK)) {
      const words = message || `HTTP ${answer.status}`;
      throw new PaymentGatewayError(
        `${NAME} refused the credentials (${words}${code ? `, code ${code}` : ''}) when asked for a ${operation}. Check the app key, app secret, username and password.`,
        answer.status,
      );
    }
    const seconds = Number(answer.body.expires_in);
    const lifetimeMs = Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 3600_000;
    // Renewed early (a minute, or a tenth of a short lifetime), so a token never expires between the check and the call.
    const margin = Math.min(60_000, lifetimeMs / 10);
    const token = { idToken, refreshToken: field(answer.body, 'refresh_token'), expiresAt: clock() + lifetimeMs - margin };
    tokens.set(cacheKey, token);
    return token;
  }

  async function grant(): Promise<CachedToken> {
    const answer = await call(
      'token.grant',
      '/token/grant',
      { app_key: credentials.appKey, app_secret: credentials.appSecret },
      credentialHeaders(),
    );
    return keep(answer, 'token');
  }

  async function token(): Promise<string> {
    const cached = tokens.get(cacheKey);
    if (cached && cached.expiresAt > clock()) return cached.idToken;
    if (cached?.refreshToken) {
      const answer = await call(
        'token.refresh',
        '/token/refresh',
        { app_key: credentials.appKey, app_secret: credentials.appSecret, refresh_token: cached.refreshToken },
        credentialHeaders(),
      );
      // A refused refresh (the refresh token expired too) falls back to a new grant.
      if (answer.status < 400 && field(answer.body, 'id_token') && [OK, ''].includes(codeOf(answer.body).code))
        return keep(answer, 'token refresh').idToken;
    }
    return (await grant()).idToken;
  }

  const refusedToken = (answer: GatewayAnswer) => answer.status === 401 || codeOf(answer.body).code === INVALID_TOKEN;

  /** A call with the token; a refused token (expired, revoked) gets one new grant and one retry. */
  async function authorised(operation: string, path: string, json: unknown, invoice?: string): Promise<GatewayAnswer> {
    const send = (idToken: string) => call(operation, path, json, { authorization: idToken, 'x-app-key': credentials.appKey }, invoice);
    let answer = await send(await token());
    if (refusedToken(answer)) {
      tokens.delete(cacheKey);
      answer = await send((await grant()).idToken);
    }
    const { code, message } = codeOf(answer.body);
    if (refusedToken(answer) || code === INVALID_APP_KEY || answer.status === 403) {
      throw new PaymentGatewayError(`${NAME} refused the app key or token (${message || `HTTP ${answer.status}`}).`, answer.status);
    }
    if (answer.status >= 500)
      throw new PaymentGatewayError(
        `${NAME} could not answer (HTTP ${answer.status}${message ? `: ${message}` : ''}). Try again later.`,
        answer.status,
      );
    if (answer.status >= 400 && !code)
      throw new PaymentGatewayError(`${NAME} refused the call (HTTP ${answer.status}${message ? `: ${message}` : ''}).`, answer.status);
    return answer;
  }

  const failed = (payment: PaymentRef, message: string, raw: unknown, state: 'failed' | 'cancelled' = 'failed'): PaymentOutcome => ({
    state,
    providerRef: payment.providerRef,
    trxId: null,
    amount: null,
    fee: null,
    message,
    raw,
  });

  function requireRef(payment: PaymentRef): string {
    if (!payment.providerRef) throw new PaymentGatewayError(`This payment never reached ${NAME} (no payment ID).`);
    return payment.providerRef;
  }

  async function query(payment: PaymentRef): Promise<PaymentOutcome> {
    const paymentID = requireRef(payment);
    const answer = await authorised('query', '/payment/status', { paymentID }, payment.invoice);
    const { code, message } = codeOf(answer.body);
    if (code && code !== OK) return failed(payment, `${NAME}: ${message || `code ${code}`}`, answer.body);
    const status = field(answer.body, 'transactionStatus');
    const trxId = field(answer.body, 'trxID') || null;
    if (status === 'Completed')
      return {
        state: 'paid',
        providerRef: paymentID,
        trxId,
        amount: paisaOf(answer.body.amount),
        fee: null,
        message: 'Completed',
        raw: answer.body,
      };
    if (status === 'Initiated' || status === 'Inprogress' || status === 'Authorized')
      return {
        state: 'pending',
        providerRef: paymentID,
        trxId,
        amount: null,
        fee: null,
        message: `${NAME} says: ${status}`,
        raw: answer.body,
      };
    if (status === 'Cancelled') return failed(payment, `${NAME} says the payment was cancelled`, answer.body, 'cancelled');
    return failed(payment, `${NAME} says the payment is ${status || 'unknown'}`, answer.body);
  }

  return {
    code: 'bkash',
    name: NAME,

    async start(request: StartPaymentRequest): Promise<StartedPayment> {
      const answer = await authorised(
        'create',
        '/create',
        {
          mode: '0011',
          payerReference: request.customer.phone || request.invoice,
          callbackURL: request.returnUrl,
          amount: takaString(request.amount),
          currency: 'BDT',
          intent: 'sale',
          merchantInvoiceNumber: request.invoice,
        },
        request.invoice,
      );
      const { code, message } = codeOf(answer.body);
      const paymentID = field(answer.body, 'paymentID');
      const bkashURL = field(answer.body, 'bkashURL');
      if ((code && code !== OK) || !paymentID || !bkashURL)
        throw new PaymentGatewayError(
          `${NAME} refused to start the payment: ${message || 'no payment ID in its answer'}${code ? ` (code ${code})` : ''}.`,
          answer.status,
        );
      return { providerRef: paymentID, redirectUrl: bkashURL, raw: answer.body };
    },

    async complete(payment: PaymentRef, params: Record<string, string>): Promise<PaymentOutcome> {
      const paymentID = requireRef(payment);
      if (params.paymentID && params.paymentID !== paymentID)
        return failed(payment, `${NAME} came back with another payment (${params.paymentID})`, params);
      // bKash's protocol: a cancel or failure on its page needs no call (there is nothing to execute).
      if (params.status === 'cancel') return failed(payment, 'The payment was cancelled on bKash', params, 'cancelled');
      if (params.status !== 'success') return failed(payment, 'bKash reported that the payment failed', params);
      const answer = await authorised('execute', '/execute', { paymentID }, payment.invoice);
      const { code, message } = codeOf(answer.body);
      if (code === ALREADY_COMPLETED) return query(payment);
      if (code && code !== OK) return failed(payment, message || `${NAME} error ${code}`, answer.body);
      const status = field(answer.body, 'transactionStatus');
      if (status !== 'Completed') return failed(payment, `${NAME} says the payment is ${status || 'not completed'}`, answer.body);
      return {
        state: 'paid',
        providerRef: paymentID,
        trxId: field(answer.body, 'trxID') || null,
        amount: paisaOf(answer.body.amount),
        fee: null,
        message: 'Completed',
        raw: answer.body,
      };
    },

    query,

    async refund(request: RefundRequest): Promise<RefundOutcome> {
      const paymentID = requireRef(request.payment);
      if (!request.payment.trxId) throw new PaymentGatewayError(`This ${NAME} payment has no transaction ID: it was never paid.`);
      const answer = await authorised(
        'refund',
        '/payment/refund',
        {
          paymentID,
          amount: takaString(request.amount),
          trxID: request.payment.trxId,
          // bKash's refund takes a product reference and a reason; our refund's reference makes a repeat recognisable.
          sku: request.reference.slice(0, 255),
          reason: (request.reason || 'Refund').slice(0, 255),
        },
        request.payment.invoice,
      );
      const { code, message } = codeOf(answer.body);
      const refundId = field(answer.body, 'refundTrxID');
      if ((code && code !== OK) || !refundId || field(answer.body, 'transactionStatus') !== 'Completed')
        return { state: 'refused', refundId: null, message: message || `${NAME} did not complete the refund`, raw: answer.body };
      return { state: 'refunded', refundId, message: 'Completed', raw: answer.body };
    },

    async testConnection(): Promise<string> {
      tokens.delete(cacheKey);
      const granted = await grant();
      const minutes = Math.max(1, Math.round((granted.expiresAt - clock()) / 60_000));
      return `${NAME} accepted the credentials (a token for about ${minutes} minutes).`;
    },
  };
}
