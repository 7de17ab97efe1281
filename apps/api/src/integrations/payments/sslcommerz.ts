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

export interface SslcommerzCredentials {
  storeId: string;
  storePassword: string;
}

const NAME = 'SSLCommerz';
const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/**
 * SSLCommerz's signature of the fields it posts (return and IPN): the fields named in `verify_key` plus
 * `store_passwd` = md5(store password), sorted by name, joined as `k=v&…`, md5'd. True when `verify_sign` matches.
 * Only a first check: the validation API is what settles a payment.
 */
export function sslcommerzVerifySign(fields: Record<string, string>, storePassword: string): boolean {
  return fields.verify_sign !== undefined && fields.verify_sign === sslcommerzSign(fields, storePassword);
}

/** The `verify_sign` of `fields` whose `verify_key` lists the signed field names. */
export function sslcommerzSign(fields: Record<string, string>, storePassword: string): string {
  const keys = (fields.verify_key ?? '').split(',').filter(Boolean);
  const signed: Record<string, string> = { store_passwd: md5(storePassword) };
  for (const key of keys) signed[key] = fields[key] ?? '';
  const line = Object.keys(signed)
    .sort()
    .map((key) => `${key}=${signed[key]}`)
    .join('&');
  return md5(line);
}

/**
 * SSLCommerz v4: `POST /gwprocess/v4/api.php` (form) opens a session whose `GatewayPageURL` the shopper goes to;
 * the shopper comes back by a form POST to our success, fail or cancel address (and SSLCommerz posts the IPN);
 * `validationserverAPI.php?val_id=` confirms a payment; `merchantTransIDvalidationAPI.php` answers a transaction
 * by our `tran_id` and takes refunds by `bank_tran_id`.
 */
export function sslcommerzProvider(credentials: SslcommerzCredentials, options: GatewayClientOptions): PaymentProvider {
  const base = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 15_000;
  const auth = { store_id: credentials.storeId, store_passwd: credentials.storePassword };

  /** A GET to one of the validator scripts with the store's credentials in the query, as SSLCommerz wants them. */
  async function validator(operation: string, script: string, query: Record<string, string>, invoice?: string): Promise<GatewayAnswer> {
    const url = `${base}/validator/api/${script}?${new URLSearchParams({ ...query, ...auth, format: 'json' }).toString()}`;
    const answer = await callGateway({
      gateway: 'sslcommerz',
      name: NAME,
      operation,
      method: 'GET',
      url,
      timeoutMs,
      log: options.log,
      invoice,
    });
    const connect = field(answer.body, 'APIConnect');
    if (answer.status >= 400)
      throw new PaymentGatewayError(`${NAME} could not answer (HTTP ${answer.status}). Try again later.`, answer.status);
    if (connect && connect !== 'DONE') {
      const words: Record<string, string> = {
        INVALID_REQUEST: 'the request was invalid',
        FAILED: 'the store ID or password was refused',
        INACTIVE: 'the store is not active',
      };
      throw new PaymentGatewayError(
        `${NAME} refused the call: ${words[connect] ?? connect}. Check the store ID and password.`,
        answer.status,
      );
    }
    return answer;
  }

  function outcomeOf(payment: PaymentRef, body: Record<string, unknown>): PaymentOutcome {
    const status = field(body, 'status');
    const valId = field(body, 'val_id');
    const bankTranId = field(body, 'bank_tran_id');
    const extra: Record<string, string> = {};
    if (valId) extra.val_id = valId;
    if (bankTranId) extra.bank_tran_id = bankTranId;
    if (status === 'VALID' || status === 'VALIDATED') {
      const tranId = field(body, 'tran_id');
      if (tranId && tranId !== payment.invoice)
        return {
          state: 'failed',
          providerRef: payment.providerRef,
          trxId: null,
          amount: null,
          fee: null,
          message: `${NAME} validated another transaction (${tranId})`,
          raw: body,
        };
      const amount = paisaOf(body.amount);
      const storeAmount = paisaOf(body.store_amount);
      return {
        state: 'paid',
        providerRef: payment.providerRef,
        trxId: bankTranId || null,
        amount,
        fee: amount !== null && storeAmount !== null ? amount - storeAmount : null,
        message: status === 'VALID' ? 'Valid' : 'Validated before',
        extra,
        raw: body,
      };
    }
    if (status === 'CANCELLED')
      return {
        state: 'cancelled',
        providerRef: payment.providerRef,
        trxId: null,
        amount: null,
        fee: null,
        message: 'The payment was cancelled on SSLCommerz',
        raw: body,
      };
    if (status === 'PENDING' || status === 'UNATTEMPTED')
      return {
        state: 'pending',
        providerRef: payment.providerRef,
        trxId: null,
        amount: null,
        fee: null,
        message: `${NAME} says: ${status}`,
        raw: body,
      };
    const reason =
      field(body, 'error') ||
      (status === 'INVALID_TRANSACTION' ? `${NAME} does not know this validation` : `${NAME} says the payment is ${status || 'unknown'}`);
    return { state: 'failed', providerRef: payment.providerRef, trxId: null, amount: null, fee: null, message: reason, raw: body };
  }

  async function query(payment: PaymentRef): Promise<PaymentOutcome> {
    const answer = await validator('query', 'merchantTransIDvalidationAPI.php', { tran_id: payment.invoice }, payment.invoice);
    const elements = Array.isArray(answer.body.element) ? (answer.body.element as Record<string, unknown>[]) : [];
    if (elements.length === 0)
      return {
        state: 'pending',
        providerRef: payment.providerRef,
        trxId: null,
        amount: null,
        fee: null,
        message: `${NAME} has no transaction for it yet`,
        raw: answer.body,
      };
    // A paid element wins over the attempts that failed before it.
    const paid = elements.find((element) => ['VALID', 'VALIDATED'].includes(field(element, 'status')));
    return outcomeOf(payment, paid ?? (elements.at(-1) as Record<string, unknown>));
  }

  return {
    code: 'sslcommerz',
    name: NAME,

    async start(request: StartPaymentRequest): Promise<StartedPayment> {
      const form: Record<string, string> = {
        ...auth,
        total_amount: takaString(request.amount),
        currency: 'BDT',
        tran_id: request.invoice,
        success_url: request.returnUrl,
        fail_url: request.returnUrl,
        cancel_url: request.returnUrl,
        ...(request.notifyUrl ? { ipn_url: request.notifyUrl } : {}),
        cus_name: request.customer.name.slice(0, 50),
        // SSLCommerz requires an email; shoppers here often have none, and the gateway only uses it for its receipt.
        cus_email: request.customer.email || 'no-email@customer.invalid',
        cus_add1: request.customer.address.slice(0, 50),
        cus_city: request.customer.city.slice(0, 50),
        cus_country: 'Bangladesh',
        cus_phone: request.customer.phone,
        shipping_method: 'NO',
        num_of_item: '1',
        product_name: request.description.slice(0, 255),
        product_category: 'Ecommerce',
        product_profile: 'physical-goods',
        value_a: request.invoice,
      };
      const answer = await callGateway({
        gateway: 'sslcommerz',
        name: NAME,
        operation: 'create',
        method: 'POST',
        url: `${base}/gwprocess/v4/api.php`,
        form,
        timeoutMs,
        log: options.log,
        invoice: request.invoice,
      });
      const sessionkey = field(answer.body, 'sessionkey');
      const page = field(answer.body, 'GatewayPageURL');
      if (answer.status >= 400 || field(answer.body, 'status') !== 'SUCCESS' || !sessionkey || !page) {
        const reason = field(answer.body, 'failedreason') || `HTTP ${answer.status}`;
        throw new PaymentGatewayError(`${NAME} refused to start the payment: ${reason}.`, answer.status);
      }
      return { providerRef: sessionkey, redirectUrl: page, raw: answer.body };
    },

    async complete(payment: PaymentRef, params: Record<string, string>): Promise<PaymentOutcome> {
      // SSLCommerz's protocol: a cancel or failure posted back needs no call; a success is validated by its val_id.
      if (params.status === 'CANCELLED')
        return {
          state: 'cancelled',
          providerRef: payment.providerRef,
          trxId: null,
          amount: null,
          fee: null,
          message: 'The payment was cancelled on SSLCommerz',
          raw: params,
        };
      if (params.status !== 'VALID' && params.status !== 'VALIDATED')
        return {
          state: 'failed',
          providerRef: payment.providerRef,
          trxId: null,
          amount: null,
          fee: null,
          message: params.error || `${NAME} reported that the payment failed`,
          raw: params,
        };
      if (!params.val_id)
        return {
          state: 'failed',
          providerRef: payment.providerRef,
          trxId: null,
          amount: null,
          fee: null,
          message: `${NAME} came back without a validation ID`,
          raw: params,
        };
      const answer = await validator('validate', 'validationserverAPI.php', { val_id: params.val_id }, payment.invoice);
      return outcomeOf(payment, answer.body);
    },

    query,

    async refund(request: RefundRequest): Promise<RefundOutcome> {
      const bankTranId = request.payment.trxId ?? request.payment.extra?.bank_tran_id;
      if (!bankTranId) throw new PaymentGatewayError(`This ${NAME} payment has no bank transaction ID: it was never paid.`);
      const answer = await validator(
        'refund',
        'merchantTransIDvalidationAPI.php',
        {
          bank_tran_id: bankTranId,
          refund_amount: takaString(request.amount),
          refund_remarks: (request.reason || 'Refund').slice(0, 255),
          refe_id: request.reference.slice(0, 50),
        },
        request.payment.invoice,
      );
      const status = field(answer.body, 'status');
      const refundId = field(answer.body, 'refund_ref_id');
      // "processing": SSLCommerz accepted the refund and pays it out within days; it is owed by them from here on.
      if ((status === 'success' || status === 'processing') && refundId)
        return { state: 'refunded', refundId, message: status, raw: answer.body };
      return {
        state: 'refused',
        refundId: null,
        message: field(answer.body, 'errorReason') || `${NAME} did not accept the refund (${status || 'no status'})`,
        raw: answer.body,
      };
    },

    async testConnection(): Promise<string> {
      // A query for a transaction that does not exist: answered DONE only for a store ID and password it accepts.
      await validator('connection', 'merchantTransIDvalidationAPI.php', { tran_id: 'HAAT-CONNECTION-CHECK' });
      return `${NAME} accepted the store ID and password.`;
    },
  };
}
