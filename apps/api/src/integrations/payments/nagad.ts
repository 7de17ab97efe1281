import {
  constants,
  createPrivateKey,
  createPublicKey,
  type KeyObject,
  privateDecrypt,
  publicEncrypt,
  randomBytes,
  sign,
  verify,
} from 'node:crypto';
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

export interface NagadCredentials {
  merchantId: string;
  /** Nagad's public key: PEM, or the bare base64 Nagad hands out. */
  pgPublicKey: string;
  /** The merchant's private key: PEM, or bare base64 (PKCS#8 or PKCS#1). */
  merchantPrivateKey: string;
}

const NAME = 'Nagad';

// ───────────── Nagad's cryptography: RSA 2048, PKCS#1 v1.5 encryption, SHA256withRSA signatures ─────────────

function bareBase64(text: string): Buffer | null {
  const compact = text.replace(/\s+/g, '');
  return /^[A-Za-z0-9+/]+=*$/.test(compact) ? Buffer.from(compact, 'base64') : null;
}

/** A public key from PEM or from the bare base64 (SPKI, else PKCS#1) Nagad's portal shows. */
export function nagadPublicKey(text: string): KeyObject {
  if (text.includes('-----BEGIN')) return createPublicKey(text);
  const der = bareBase64(text);
  if (!der) throw new PaymentGatewayError(`The ${NAME} public key is neither PEM nor base64.`);
  try {
    return createPublicKey({ key: der, format: 'der', type: 'spki' });
  } catch {
    return createPublicKey({ key: der, format: 'der', type: 'pkcs1' });
  }
}

/** A private key from PEM or from bare base64 (PKCS#8, else PKCS#1). */
export function nagadPrivateKey(text: string): KeyObject {
  if (text.includes('-----BEGIN')) return createPrivateKey(text);
  const der = bareBase64(text);
  if (!der) throw new PaymentGatewayError(`The ${NAME} merchant private key is neither PEM nor base64.`);
  try {
    return createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
  } catch {
    return createPrivateKey({ key: der, format: 'der', type: 'pkcs1' });
  }
}

/** Nagad's `sensitiveData`: the JSON text encrypted with the other side's public key (PKCS#1 v1.5), base64. */
export function nagadEncrypt(plain: string, publicKey: KeyObject): string {
  return publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(plain, 'utf8')).toString('base64');
}

/**
 * Opens a `sensitiveData`. Node refuses PKCS#1 v1.5 private decryption since CVE-2023-46809 (a timing oracle when
 * an attacker can submit many ciphertexts); Nagad's protocol uses it, so the padding is removed here from the raw
 * RSA result. Acceptable where it is used: each side decrypts only answers to its own signed calls, and a bad
 * padding ends the exchange with one error, never an oracle's many answers.
 */
export function nagadDecrypt(encrypted: string, privateKey: KeyObject): string {
  const raw = privateDecrypt({ key: privateKey, padding: constants.RSA_NO_PADDING }, Buffer.from(encrypted, 'base64'));
  const separator = raw.indexOf(0, 2);
  if (raw[0] !== 0 || raw[1] !== 2 || separator < 10) throw new PaymentGatewayError(`${NAME}'s sensitive data could not be decrypted.`);
  return raw.subarray(separator + 1).toString('utf8');
}

/** Nagad's `signature`: SHA256withRSA of the JSON text, base64. */
export function nagadSign(plain: string, privateKey: KeyObject): string {
  return sign('sha256', Buffer.from(plain, 'utf8'), privateKey).toString('base64');
}

export function nagadVerify(plain: string, signature: string, publicKey: KeyObject): boolean {
  try {
    return verify('sha256', Buffer.from(plain, 'utf8'), publicKey, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}

/** Nagad's `dateTime`: Dhaka time as yyyyMMddHHmmss. */
export function nagadDateTime(date: Date): string {
  return new Date(date.getTime() + 6 * 3600_000).toISOString().replace(/\D/g, '').slice(0, 14);
}

/**
 * Nagad's remote payment gateway (API v-0.2.0): `check-out/initialize` exchanges a signed, encrypted challenge for a
 * payment reference; `check-out/complete` sends the signed, encrypted amount and our callback address and answers
 * the shopper's page; `verify/payment` says what became of it; `purchase/cancel` refunds.
 */
export function nagadProvider(
  credentials: NagadCredentials,
  options: GatewayClientOptions,
  clock: () => number = Date.now,
): PaymentProvider {
  const base = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 15_000;
  let keys: { pg: KeyObject; merchant: KeyObject } | null = null;
  function keyPair() {
    if (keys) return keys;
    try {
      keys = { pg: nagadPublicKey(credentials.pgPublicKey), merchant: nagadPrivateKey(credentials.merchantPrivateKey) };
    } catch (error) {
      if (error instanceof PaymentGatewayError) throw error;
      throw new PaymentGatewayError(`The ${NAME} keys could not be read: check the Nagad public key and the merchant private key.`);
    }
    return keys;
  }
  const headers = (ip?: string) => ({ 'x-km-api-version': 'v-0.2.0', 'x-km-ip-v4': ip || '127.0.0.1', 'x-km-client-type': 'PC_WEB' });

  /** The sealed pair Nagad wants: the JSON encrypted for Nagad and signed by the merchant. */
  function sealed(data: Record<string, string>) {
    const plain = JSON.stringify(data);
    const { pg, merchant } = keyPair();
    return { sensitiveData: nagadEncrypt(plain, pg), signature: nagadSign(plain, merchant) };
  }

  /** Opens an answer's `sensitiveData` and checks Nagad's signature of it. */
  function opened(body: Record<string, unknown>, operation: string): Record<string, unknown> {
    const { pg, merchant } = keyPair();
    let plain: string;
    try {
      plain = nagadDecrypt(field(body, 'sensitiveData'), merchant);
    } catch {
      throw new PaymentGatewayError(`${NAME}'s answer to ${operation} could not be decrypted: check the merchant private key.`);
    }
    if (!nagadVerify(plain, field(body, 'signature'), pg))
      throw new PaymentGatewayError(`${NAME}'s answer to ${operation} is not signed by Nagad: check the Nagad public key.`);
    try {
      return JSON.parse(plain) as Record<string, unknown>;
    } catch {
      throw new PaymentGatewayError(`${NAME}'s answer to ${operation} is not JSON.`);
    }
  }

  /** Nagad's refusals are `{reason, message}`; a 5xx or a refused signature or merchant is a gateway error. */
  function refusal(answer: GatewayAnswer, operation: string): string | null {
    const reason = field(answer.body, 'reason');
    const message = field(answer.body, 'message');
    if (answer.status >= 500)
      throw new PaymentGatewayError(
        `${NAME} could not answer ${operation} (HTTP ${answer.status}${message ? `: ${message}` : ''}).`,
        answer.status,
      );
    if (/signature|merchant|decrypt|key|ip/i.test(reason))
      throw new PaymentGatewayError(`${NAME} refused ${operation}: ${message || reason}. Check the merchant ID and keys.`, answer.status);
    if (reason || answer.status >= 400) return message || reason || `HTTP ${answer.status}`;
    return null;
  }

  async function verifyPayment(payment: PaymentRef, operation = 'verify'): Promise<GatewayAnswer> {
    if (!payment.providerRef) throw new PaymentGatewayError(`This payment never reached ${NAME} (no payment reference).`);
    return callGateway({
      gateway: 'nagad',
      name: NAME,
      operation,
      method: 'GET',
      url: `${base}/verify/payment/${encodeURIComponent(payment.providerRef)}`,
      headers: headers(),
      timeoutMs,
      log: options.log,
      invoice: payment.invoice,
    });
  }

  async function query(payment: PaymentRef): Promise<PaymentOutcome> {
    const answer = await verifyPayment(payment);
    const refused = refusal(answer, 'the verification');
    const nothing = { providerRef: payment.providerRef, trxId: null, amount: null, fee: null, raw: answer.body };
    if (refused) return { state: 'failed', ...nothing, message: refused };
    const status = field(answer.body, 'status');
    const orderId = field(answer.body, 'orderId');
    if (orderId && orderId !== payment.invoice)
      return { state: 'failed', ...nothing, message: `${NAME} verified another order (${orderId})` };
    if (status === 'Success')
      return {
        state: 'paid',
        providerRef: field(answer.body, 'paymentRefId') || payment.providerRef,
        trxId: field(answer.body, 'issuerPaymentRefNo') || null,
        amount: paisaOf(answer.body.amount),
        fee: null,
        message: 'Success',
        raw: answer.body,
      };
    if (status === 'Aborted' || status === 'Cancelled')
      return { state: 'cancelled', ...nothing, message: `The payment was ${status.toLowerCase()} on Nagad` };
    if (['Initiated', 'Ready', 'InProgress', 'Pending'].includes(status))
      return { state: 'pending', ...nothing, message: `${NAME} says: ${status}` };
    return { state: 'failed', ...nothing, message: `${NAME} says the payment ${status ? `is ${status}` : 'failed'}` };
  }

  async function initialize(orderId: string, ip?: string): Promise<{ paymentReferenceId: string; challenge: string; raw: unknown }> {
    const dateTime = nagadDateTime(new Date(clock()));
    const answer = await callGateway({
      gateway: 'nagad',
      name: NAME,
      operation: 'initialize',
      method: 'POST',
      url: `${base}/check-out/initialize/${encodeURIComponent(credentials.merchantId)}/${encodeURIComponent(orderId)}`,
      headers: headers(ip),
      json: {
        dateTime,
        ...sealed({ merchantId: credentials.merchantId, datetime: dateTime, orderId, challenge: randomBytes(20).toString('hex') }),
      },
      timeoutMs,
      log: options.log,
      invoice: orderId,
    });
    const refused = refusal(answer, 'the payment');
    if (refused) throw new PaymentGatewayError(`${NAME} refused to start the payment: ${refused}.`, answer.status);
    const data = opened(answer.body, 'initialize');
    const paymentReferenceId = field(data, 'paymentReferenceId');
    const challenge = field(data, 'challenge');
    if (!paymentReferenceId || !challenge) throw new PaymentGatewayError(`${NAME} answered without a payment reference.`, answer.status);
    return {
      paymentReferenceId,
      challenge,
      raw: { ...answer.body, opened: { paymentReferenceId, acceptDateTime: field(data, 'acceptDateTime') } },
    };
  }

  return {
    code: 'nagad',
    name: NAME,

    async start(request: StartPaymentRequest): Promise<StartedPayment> {
      const init = await initialize(request.invoice, request.clientIp);
      const answer = await callGateway({
        gateway: 'nagad',
        name: NAME,
        operation: 'complete',
        method: 'POST',
        url: `${base}/check-out/complete/${encodeURIComponent(init.paymentReferenceId)}`,
        headers: headers(request.clientIp),
        json: {
          ...sealed({
            merchantId: credentials.merchantId,
            orderId: request.invoice,
            currencyCode: '050',
            amount: takaString(request.amount),
            challenge: init.challenge,
          }),
          merchantCallbackURL: request.returnUrl,
          additionalMerchantInfo: { invoice: request.invoice, description: request.description.slice(0, 100) },
        },
        timeoutMs,
        log: options.log,
        invoice: request.invoice,
      });
      const refused = refusal(answer, 'the payment');
      const page = field(answer.body, 'callBackUrl');
      if (refused || field(answer.body, 'status') !== 'Success' || !page)
        throw new PaymentGatewayError(
          `${NAME} refused to start the payment: ${refused ?? 'no payment page in its answer'}.`,
          answer.status,
        );
      return { providerRef: init.paymentReferenceId, redirectUrl: page, raw: { initialize: init.raw, complete: answer.body } };
    },

    async complete(payment: PaymentRef, params: Record<string, string>): Promise<PaymentOutcome> {
      if (params.payment_ref_id && params.payment_ref_id !== payment.providerRef)
        return {
          state: 'failed',
          providerRef: payment.providerRef,
          trxId: null,
          amount: null,
          fee: null,
          message: `${NAME} came back with another payment (${params.payment_ref_id})`,
          raw: params,
        };
      // The callback's status is the browser's word: only the verification counts.
      const outcome = await query(payment);
      if (outcome.state !== 'paid' && params.message) return { ...outcome, message: params.message };
      return outcome;
    },

    query,

    async refund(request: RefundRequest): Promise<RefundOutcome> {
      const payment = request.payment;
      // The cancel API wants the original amount and the date of the payment: asked of Nagad first, never assumed.
      const verified = await verifyPayment(payment, 'verify');
      const refused = refusal(verified, 'the verification');
      if (refused) return { state: 'refused', refundId: null, message: refused, raw: verified.body };
      if (field(verified.body, 'status') !== 'Success')
        return {
          state: 'refused',
          refundId: null,
          message: `${NAME} says the payment is ${field(verified.body, 'status') || 'not paid'}`,
          raw: verified.body,
        };
      const orderDate = (field(verified.body, 'orderDateTime') || field(verified.body, 'issuerPaymentDateTime'))
        .replace(/\D/g, '')
        .slice(0, 8);
      const query = new URLSearchParams({ paymentRefId: payment.providerRef as string, orderId: payment.invoice });
      const data = {
        merchantId: credentials.merchantId,
        originalRequestDate: orderDate,
        originalAmount: field(verified.body, 'amount'),
        cancelAmount: takaString(request.amount),
        referenceNo: request.reference.slice(0, 50),
        referenceMessage: (request.reason || 'Refund').slice(0, 100),
      };
      const plain = JSON.stringify(data);
      const { pg, merchant } = keyPair();
      // Nagad's purchase cancel API (as its merchant libraries call it): the request travels as `sensitiveDataCancelRequest`.
      const answer = await callGateway({
        gateway: 'nagad',
        name: NAME,
        operation: 'refund',
        method: 'POST',
        url: `${base}/purchase/cancel?${query.toString()}`,
        headers: headers(),
        json: { sensitiveDataCancelRequest: nagadEncrypt(plain, pg), signature: nagadSign(plain, merchant) },
        timeoutMs,
        log: options.log,
        invoice: payment.invoice,
      });
      const refusedRefund = refusal(answer, 'the refund');
      if (refusedRefund) return { state: 'refused', refundId: null, message: refusedRefund, raw: answer.body };
      const opened_ = opened(answer.body, 'the refund');
      const refundId = field(opened_, 'cancelTrxId') || field(opened_, 'cancelIssuerRefNo');
      if (field(opened_, 'status') !== 'Success' || !refundId)
        return {
          state: 'refused',
          refundId: null,
          message: field(opened_, 'message') || `${NAME} did not complete the refund`,
          raw: { ...answer.body, opened: opened_ },
        };
      return { state: 'refunded', refundId, message: 'Success', raw: { ...answer.body, opened: opened_ } };
    },

    async testConnection(): Promise<string> {
      // An initialize nobody completes: it proves the merchant id and both keys, and Nagad drops it unpaid.
      await initialize(`HAATCHECK${clock()}`);
      return `${NAME} accepted the merchant ID and keys.`;
    },
  };
}
