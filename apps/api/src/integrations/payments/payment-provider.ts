/**
 * What the shop needs from an online payment gateway (PRODUCT.md §7, issue 21, decision 062): start a
 * payment and send the shopper to the gateway's page, confirm it with the gateway when the shopper comes
 * back (never trusting what the browser says), ask what became of it when they never come back, refund it,
 * and list what the gateway holds for a reconciliation. One file per gateway implements it with a real HTTP
 * client; `payment-standin.ts` serves all three gateways' APIs and pages locally (tests and the demo).
 *
 * Amounts are in paisa everywhere here; each client converts to the taka strings or numbers its API wants.
 */
export type GatewayCode = 'bkash' | 'nagad' | 'sslcommerz';

/** Where a gateway's client sends its calls: the gateway's sandbox or live address, or the local stand-in. */
export type GatewayMode = 'sandbox' | 'live' | 'standin';

export interface PaymentProvider {
  readonly code: GatewayCode;
  /** Shown in messages: "bKash". */
  readonly name: string;
  /** Creates the payment at the gateway; the shopper is sent to `redirectUrl`. */
  start(request: StartPaymentRequest): Promise<StartedPayment>;
  /**
   * The shopper came back to our return address with `params` (query or form fields as they arrived).
   * The client confirms with the gateway itself: bKash executes the payment, Nagad verifies it, SSLCommerz
   * calls its validation API. A cancel or failure the shopper chose answers `cancelled` / `failed` without
   * a call when the gateway's protocol says so.
   */
  complete(payment: PaymentRef, params: Record<string, string>): Promise<PaymentOutcome>;
  /** What the gateway says of the payment now (the return never came, a reconciliation, a "check" click). */
  query(payment: PaymentRef): Promise<PaymentOutcome>;
  /** Refunds all or part of a paid payment. A gateway's refusal answers `refused` with its message (no throw). */
  refund(request: RefundRequest): Promise<RefundOutcome>;
  /** Checks the credentials with a harmless call (bKash grants a token); throws a PaymentGatewayError when they fail. */
  testConnection(): Promise<string>;
}

export interface StartPaymentRequest {
  /** Ours and unique per attempt (bKash `merchantInvoiceNumber`, Nagad `orderId`, SSLCommerz `tran_id`): e.g. `HB100245P2`. */
  invoice: string;
  /** Paisa, computed by the server. */
  amount: number;
  /** Our return address for this attempt; the gateway sends the shopper back to it. */
  returnUrl: string;
  /** SSLCommerz's IPN address (server to server); the others ignore it. */
  notifyUrl?: string;
  customer: { name: string; phone: string; address: string; city: string; email?: string };
  /** What is being paid for, shown by some gateways: "Order HB-100245". */
  description: string;
  /** The shopper's IP address (Nagad's `X-KM-IP-V4`); the others ignore it. */
  clientIp?: string;
}

/** What the shop kept of a started payment, handed back to the client for the later calls. */
export interface PaymentRef {
  invoice: string;
  amount: number;
  /** The gateway's id of the payment: bKash `paymentID`, Nagad `paymentReferenceId`, SSLCommerz `sessionkey`. */
  providerRef: string | null;
  /** The gateway's transaction id once paid: bKash `trxID`, Nagad `issuerPaymentRefNo`, SSLCommerz `bank_tran_id`. */
  trxId: string | null;
  /** SSLCommerz: the `val_id` a validation answered (a refund and a query need the bank transaction id). */
  extra?: Record<string, string>;
}

export interface StartedPayment {
  providerRef: string;
  redirectUrl: string;
  /** The gateway's answer as it came (secrets masked), kept on the payment for support. */
  raw: unknown;
}

export type OutcomeState = 'paid' | 'failed' | 'cancelled' | 'pending';

export interface PaymentOutcome {
  state: OutcomeState;
  providerRef: string | null;
  trxId: string | null;
  /** Paisa the gateway says was paid (null when it does not say: a failure). A paid outcome whose amount differs from ours is a mismatch. */
  amount: number | null;
  /** Paisa the gateway keeps (SSLCommerz: amount − store_amount); null when it does not say. */
  fee: number | null;
  /** The gateway's words for a failure or a cancel: "Insufficient balance". */
  message: string;
  /** Fields worth keeping for later calls (SSLCommerz val_id). */
  extra?: Record<string, string>;
  raw: unknown;
}

export interface RefundRequest {
  payment: PaymentRef;
  /** Paisa; at most what was paid less what was refunded. */
  amount: number;
  reason: string;
  /** Ours and unique per refund: repeated with the same reference, the gateway refunds once. */
  reference: string;
}

export interface RefundOutcome {
  state: 'refunded' | 'refused';
  /** The gateway's id of the refund (bKash `refundTrxID`, SSLCommerz `refund_ref_id`). */
  refundId: string | null;
  message: string;
  raw: unknown;
}

/** A call the gateway could not answer (network, 5xx, bad credentials): the message is for staff, never a secret. */
export class PaymentGatewayError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'PaymentGatewayError';
  }
}

/** Every call a client makes, for the payment's log (secrets masked by `maskSecrets` before it is handed over). */
export interface GatewayCall {
  gateway: GatewayCode;
  /** `token.grant`, `create`, `execute`, `query`, `refund`, `validate`, `initialize`, `complete`, `verify`… */
  operation: string;
  method: string;
  url: string;
  request: unknown;
  status: number | null;
  response: unknown;
  ms: number;
  /** The invoice of the payment the call was for, when there is one. */
  invoice?: string;
}

export type GatewayCallLog = (call: GatewayCall) => void;

/** What every client is made with: its mode's base address and the log every call is written to. */
export interface GatewayClientOptions {
  /** The API's base address: the gateway's sandbox or live one, or the stand-in's. */
  baseUrl: string;
  log?: GatewayCallLog;
  /** Milliseconds before a call gives up (default 15 000). */
  timeoutMs?: number;
}

const SECRET_KEY = /(secret|password|passwd|token|authorization|app_?key|private|signature|sensitive)/i;

/** A copy of `value` with every field whose name says secret (password, token, app key, signature…) masked. */
export function maskSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskSecrets);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
      out[key] = SECRET_KEY.test(key) && inner !== null && inner !== '' ? '••••' : maskSecrets(inner);
    }
    return out;
  }
  return value;
}

/** Paisa to the taka string the gateways want: 125050 → "1250.50". */
export function takaString(paisa: number): string {
  return (paisa / 100).toFixed(2);
}

/** A taka amount as a gateway writes it (number or string) to paisa; null when it is not a number. */
export function paisaOf(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  return Number.isFinite(n) ? Math.round(n * 100) : null;
}
