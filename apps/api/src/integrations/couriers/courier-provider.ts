/**
 * What the shop needs from a courier's API (PRODUCT.md §7): book a consignment for an order, and
 * ask what became of it. One file per provider implements it with a real HTTP client.
 */
export interface CourierProvider {
  /** Shown in messages: "Steadfast". */
  readonly name: string;
  createConsignment(request: ConsignmentRequest): Promise<Consignment>;
  /** The courier's own status word for a consignment, lower-cased (`in_review`, `delivered`…). */
  status(consignmentId: string): Promise<string>;
  /** Checks the credentials with a harmless call (balance, token); throws a CourierError when they fail. */
  testConnection(): Promise<string>;
  /**
   * The payments the courier made to the shop, newest first (decision 049): only couriers whose API
   * lists them have it (Steadfast; Pathao's merchant API has none).
   */
  listPayments?(since?: Date): Promise<CourierPayment[]>;
  /** One payment with the consignments it paid for. */
  paymentDetails?(paymentId: string): Promise<CourierPaymentDetail>;
  /**
   * What the courier knows of a phone's parcels across every shop it serves (Steadfast's fraud check,
   * Pathao's customer success rate; decision 055): only couriers whose API tells it.
   */
  customerRecord?(phone: string): Promise<CourierCustomerRecord>;
}

/** A phone's parcels at a courier: delivered, returned or cancelled, and all of them. */
export interface CourierCustomerRecord {
  delivered: number;
  returned: number;
  total: number;
}

/** A count an API writes as a number or a numeric string; 0 when absent. */
export function countOf(value: unknown): number {
  const n = Number(value ?? 0);
  return Number.isFinite(n) && n > 0 ? Math.round(n) : 0;
}

/** A payment the courier made to the shop: its id at the courier, the day, and what it paid (paisa) when it says. */
export interface CourierPayment {
  id: string;
  /** `YYYY-MM-DD` in Bangladesh, or null when the courier does not say. */
  paidOn: string | null;
  amount: number | null;
  consignments: number | null;
  /** The courier's own word for the payment's state, lower-cased ('' when none). */
  status: string;
}

/** One consignment a payment covers, amounts in paisa. */
export interface CourierPaymentLine {
  consignmentId: string;
  invoice: string;
  trackingCode: string;
  collected: number;
  deliveryFee: number;
  codCharge: number;
}

export interface CourierPaymentDetail extends CourierPayment {
  lines: CourierPaymentLine[];
}

export interface ConsignmentRequest {
  /** Our order number, unique at the courier. */
  invoice: string;
  recipientName: string;
  /** Any Bangladeshi form; each client sends the form its API wants. */
  recipientPhone: string;
  recipientAddress: string;
  /** Cash to collect from the recipient, in paisa. */
  codAmount: number;
  note: string;
  weightKg?: number;
  quantity?: number;
}

export interface Consignment {
  consignmentId: string;
  trackingCode: string;
  /** The courier's status word for the new consignment, lower-cased. */
  status: string;
}

export type CourierErrorKind = 'timeout' | 'unreachable' | 'refused' | 'credentials' | 'bad_response';

/** A courier call that did not work; `message` is in words a shop's staff can act on. */
export class CourierError extends Error {
  constructor(
    message: string,
    readonly kind: CourierErrorKind,
    readonly httpStatus?: number,
  ) {
    super(message);
    this.name = 'CourierError';
  }
}

/** 8801712345678, +880 1712-345678 or 01712345678 → 01712345678 (the 11 digits couriers want). */
export function localPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.startsWith('880')) return `0${digits.slice(3)}`;
  if (digits.startsWith('1') && digits.length === 10) return `0${digits}`;
  return digits;
}

/** 15000 → "15 seconds", 200 → "0.2 seconds". */
function seconds(ms: number): string {
  const value = ms / 1000;
  const shown = Number.isInteger(value) ? String(value) : value.toFixed(1);
  return `${shown} ${value === 1 ? 'second' : 'seconds'}`;
}

/** Paisa → taka for APIs that take amounts in taka. */
export const taka = (paisa: number) => Math.round(paisa) / 100;

/** Taka as an API writes it (1070, "1070.50", "1,070") → paisa; null when it is not an amount. */
export function paisaOf(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const amount = typeof value === 'number' ? value : Number(String(value).replace(/[,\s৳]/g, ''));
  return Number.isFinite(amount) ? Math.round(amount * 100) : null;
}

/** A moment or day as an API writes it → the day in Bangladesh, `YYYY-MM-DD`; null when it is not one. */
export function dhakaDay(value: unknown): string | null {
  if (typeof value !== 'string' || !value.trim()) return null;
  const text = value.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return text;
  const moment = new Date(/^\d{4}-\d{2}-\d{2} \d/.test(text) ? `${text.replace(' ', 'T')}+06:00` : text);
  return Number.isNaN(moment.getTime()) ? null : moment.toLocaleDateString('en-CA', { timeZone: 'Asia/Dhaka' });
}

export interface JsonCall {
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  body?: unknown;
  timeoutMs: number;
}

export interface JsonAnswer {
  status: number;
  body: Record<string, unknown>;
}

/**
 * One JSON call to a courier. Timeouts and unreachable hosts become CourierErrors naming the
 * courier; any HTTP answer is returned (the caller decides what a 4xx means for its API).
 */
export async function callJson(courier: string, call: JsonCall): Promise<JsonAnswer> {
  let response: Response;
  try {
    response = await fetch(call.url, {
      method: call.method,
      headers: {
        accept: 'application/json',
        ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...call.headers,
      },
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
      signal: AbortSignal.timeout(call.timeoutMs),
    });
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError') {
      throw new CourierError(`${courier} did not answer within ${seconds(call.timeoutMs)}. Try again later.`, 'timeout');
    }
    throw new CourierError(
      `${courier} could not be reached (${new URL(call.url).host}). Check the base URL and the connection.`,
      'unreachable',
    );
  }
  let text = '';
  try {
    text = await response.text();
  } catch {
    throw new CourierError(`${courier} did not finish its answer. Try again later.`, 'timeout', response.status);
  }
  let body: Record<string, unknown> = {};
  if (text.trim()) {
    try {
      const parsed = JSON.parse(text) as unknown;
      body = parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : { value: parsed };
    } catch {
      if (response.ok)
        throw new CourierError(
          `${courier} answered HTTP ${response.status} with something that is not JSON.`,
          'bad_response',
          response.status,
        );
      body = { message: text.trim().slice(0, 200) };
    }
  }
  return { status: response.status, body };
}

/**
 * The courier's own words for a refusal: its `message`, followed by its field errors
 * (`{errors: {recipient_phone: ['…']}}`), e.g. "Please fix the given errors: recipient_phone: The phone must be 11 digits."
 */
export function refusalMessage(body: Record<string, unknown>, status: number): string {
  const parts: string[] = [];
  const message = body.message ?? body.error ?? body.error_description;
  if (typeof message === 'string' && message.trim()) parts.push(message.trim());
  const errors = body.errors;
  if (errors && typeof errors === 'object') {
    const details = Object.entries(errors as Record<string, unknown>).map(([field, value]) => {
      const text = Array.isArray(value) ? value.map(String).join(' ') : String(value);
      return `${field}: ${text}`;
    });
    if (details.length) parts.push(details.join('; '));
  }
  if (parts.length === 0) parts.push(`HTTP ${status}`);
  return parts.join(': ').replace(/\.:/g, ':');
}
