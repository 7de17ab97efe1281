import { createHash } from 'node:crypto';
import {
  type Consignment,
  type ConsignmentRequest,
  type CourierCustomerRecord,
  CourierError,
  type CourierProvider,
  callJson,
  countOf,
  type JsonAnswer,
  localPhone,
  refusalMessage,
} from './courier-provider';
import { normalCourierStatus } from './courier-status';

export interface PathaoOptions {
  /** e.g. https://api-hermes.pathao.com (sandbox: https://courier-api-sandbox.pathao.com) */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  username: string;
  password: string;
  storeId: string;
  timeoutMs?: number;
}

const NAME = 'Pathao';
/** Pathao's delivery types and item types: 48 is normal delivery, 2 a parcel. */
const NORMAL_DELIVERY = 48;
const PARCEL = 2;
/** Pathao takes item weights from 0.5 to 10 kg. */
const MIN_WEIGHT_KG = 0.5;
const MAX_WEIGHT_KG = 10;

interface CachedToken {
  token: string;
  expiresAt: number;
}

/**
 * Access tokens per set of credentials, kept until shortly before they expire, so booking many
 * orders does not ask for a token each time. Keyed by a hash: the cache never holds a password.
 */
const tokens = new Map<string, CachedToken>();

/** Forgets every cached token (tests; a changed password is a new key anyway). */
export function forgetPathaoTokens(): void {
  tokens.clear();
}

/**
 * Pathao's merchant ("Aladdin") API: a password grant at `POST /aladdin/api/v1/issue-token`, then
 * bearer calls to `POST /aladdin/api/v1/orders` and `GET /aladdin/api/v1/orders/{id}/info`.
 */
export function pathaoProvider(options: PathaoOptions, now: () => number = Date.now): CourierProvider {
  const base = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 15_000;
  const cacheKey = createHash('sha256')
    .update([base, options.clientId, options.clientSecret, options.username, options.password].join('\n'))
    .digest('hex');

  async function issueToken(): Promise<string> {
    const answer = await callJson(NAME, {
      method: 'POST',
      url: `${base}/aladdin/api/v1/issue-token`,
      timeoutMs,
      body: {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        username: options.username,
        password: options.password,
        grant_type: 'password',
      },
    });
    const token = answer.body.access_token;
    if (answer.status >= 400 || typeof token !== 'string' || !token) {
      const words = answer.status >= 400 ? refusalMessage(answer.body, answer.status) : 'no access token in the answer';
      throw new CourierError(
        `${NAME} refused the API credentials (${words}). Check the client id, client secret, username and password.`,
        'credentials',
        answer.status,
      );
    }
    const seconds = Number(answer.body.expires_in);
    // Renewed a minute early, so a token never expires between the check and the call.
    const lifetime = Number.isFinite(seconds) && seconds > 120 ? (seconds - 60) * 1000 : 60_000;
    tokens.set(cacheKey, { token, expiresAt: now() + lifetime });
    return token;
  }

  async function token(): Promise<string> {
    const cached = tokens.get(cacheKey);
    if (cached && cached.expiresAt > now()) return cached.token;
    return issueToken();
  }

  /** A bearer call; a 401 with a cached token gets one fresh token and one retry. */
  async function authorised(method: 'GET' | 'POST', path: string, body?: unknown): Promise<JsonAnswer> {
    const call = async (bearer: string) =>
      callJson(NAME, { method, url: `${base}${path}`, timeoutMs, body, headers: { authorization: `Bearer ${bearer}` } });
    let answer = await call(await token());
    if (answer.status === 401) {
      tokens.delete(cacheKey);
      answer = await call(await issueToken());
    }
    if (answer.status === 401 || answer.status === 403) {
      throw new CourierError(
        `${NAME} refused the access token (${refusalMessage(answer.body, answer.status)}).`,
        'credentials',
        answer.status,
      );
    }
    return answer;
  }

  return {
    name: NAME,

    async createConsignment(request: ConsignmentRequest): Promise<Consignment> {
      const weight = Math.min(MAX_WEIGHT_KG, Math.max(MIN_WEIGHT_KG, request.weightKg ?? MIN_WEIGHT_KG));
      const answer = await authorised('POST', '/aladdin/api/v1/orders', {
        store_id: Number(options.storeId),
        merchant_order_id: request.invoice,
        recipient_name: request.recipientName.slice(0, 100),
        recipient_phone: localPhone(request.recipientPhone),
        recipient_address: request.recipientAddress.slice(0, 220),
        delivery_type: NORMAL_DELIVERY,
        item_type: PARCEL,
        special_instruction: request.note.slice(0, 250),
        item_quantity: Math.max(1, request.quantity ?? 1),
        item_weight: Math.round(weight * 10) / 10,
        amount_to_collect: Math.round(request.codAmount / 100),
      });
      if (answer.status >= 400)
        throw new CourierError(`${NAME} refused the consignment: ${refusalMessage(answer.body, answer.status)}`, 'refused', answer.status);
      const data = answer.body.data as Record<string, unknown> | undefined;
      const id = data?.consignment_id;
      if (id === undefined || id === null || id === '')
        throw new CourierError(`${NAME} answered without a consignment id.`, 'bad_response', answer.status);
      return {
        consignmentId: String(id),
        // Pathao tracks parcels by their consignment id.
        trackingCode: String(id),
        status: normalCourierStatus(String(data?.order_status ?? 'pending')),
      };
    },

    async status(consignmentId: string): Promise<string> {
      const answer = await authorised('GET', `/aladdin/api/v1/orders/${encodeURIComponent(consignmentId)}/info`);
      if (answer.status >= 400) {
        throw new CourierError(
          `${NAME} refused the status of consignment ${consignmentId}: ${refusalMessage(answer.body, answer.status)}`,
          'refused',
          answer.status,
        );
      }
      const data = answer.body.data as Record<string, unknown> | undefined;
      const status = data?.order_status;
      if (typeof status !== 'string' || !status)
        throw new CourierError(`${NAME} answered without an order status.`, 'bad_response', answer.status);
      return normalCourierStatus(status);
    },

    async testConnection(): Promise<string> {
      tokens.delete(cacheKey);
      await issueToken();
      return 'Connected to Pathao: the API credentials were accepted.';
    },

    /** `POST /user/success`: the phone's deliveries at Pathao (the merchant panel's customer success rate). */
    async customerRecord(phone: string): Promise<CourierCustomerRecord> {
      const answer = await authorised('POST', '/aladdin/api/v1/user/success', { phone: localPhone(phone) });
      if (answer.status >= 400) {
        throw new CourierError(
          `${NAME} refused the customer check: ${refusalMessage(answer.body, answer.status)}`,
          'refused',
          answer.status,
        );
      }
      const data = answer.body.data as Record<string, unknown> | undefined;
      const customer = (data?.customer ?? data) as Record<string, unknown> | undefined;
      if (!customer || (customer.total_delivery === undefined && customer.successful_delivery === undefined)) {
        throw new CourierError(`${NAME} answered the customer check without delivery counts.`, 'bad_response', answer.status);
      }
      const total = countOf(customer.total_delivery);
      const delivered = Math.min(total, countOf(customer.successful_delivery));
      return { delivered, returned: total - delivered, total };
    },
  };
}
