import {
  type Consignment,
  type ConsignmentRequest,
  CourierError,
  type CourierProvider,
  callJson,
  type JsonAnswer,
  localPhone,
  refusalMessage,
  taka,
} from './courier-provider';

export interface SteadfastOptions {
  /** e.g. https://portal.packzy.com/api/v1 */
  baseUrl: string;
  apiKey: string;
  secretKey: string;
  timeoutMs?: number;
}

const NAME = 'Steadfast';

/**
 * Steadfast Courier's merchant API: `Api-Key` and `Secret-Key` headers on every call;
 * `POST /create_order` books a consignment, `GET /status_by_cid/{id}` tells its delivery status,
 * `GET /get_balance` is the harmless call that checks the keys.
 */
export function steadfastProvider({ baseUrl, apiKey, secretKey, timeoutMs = 15_000 }: SteadfastOptions): CourierProvider {
  const base = baseUrl.replace(/\/+$/, '');
  const headers = { 'Api-Key': apiKey, 'Secret-Key': secretKey };

  /** Steadfast may answer HTTP 200 with `status: 4xx` in the body; either way a non-200 is a refusal. */
  function accepted(answer: JsonAnswer, doing: string): Record<string, unknown> {
    const bodyStatus = typeof answer.body.status === 'number' ? answer.body.status : answer.status;
    if (answer.status >= 200 && answer.status < 300 && bodyStatus >= 200 && bodyStatus < 300) return answer.body;
    const status = answer.status >= 400 ? answer.status : bodyStatus;
    if (status === 401 || status === 403) {
      throw new CourierError(`${NAME} refused the Api-Key and Secret-Key (${refusalMessage(answer.body, status)}).`, 'credentials', status);
    }
    throw new CourierError(`${NAME} refused ${doing}: ${refusalMessage(answer.body, status)}`, 'refused', status);
  }

  return {
    name: NAME,

    async createConsignment(request: ConsignmentRequest): Promise<Consignment> {
      const answer = await callJson(NAME, {
        method: 'POST',
        url: `${base}/create_order`,
        headers,
        timeoutMs,
        body: {
          invoice: request.invoice,
          recipient_name: request.recipientName.slice(0, 100),
          recipient_phone: localPhone(request.recipientPhone),
          recipient_address: request.recipientAddress.slice(0, 250),
          cod_amount: taka(request.codAmount),
          note: request.note.slice(0, 500),
          ...(request.quantity ? { total_lot: request.quantity } : {}),
        },
      });
      const body = accepted(answer, 'the consignment');
      const consignment = body.consignment as Record<string, unknown> | undefined;
      const id = consignment?.consignment_id;
      if (id === undefined || id === null || id === '') {
        throw new CourierError(`${NAME} answered without a consignment id.`, 'bad_response', answer.status);
      }
      return {
        consignmentId: String(id),
        trackingCode: String(consignment?.tracking_code ?? ''),
        status: String(consignment?.status ?? 'in_review').toLowerCase(),
      };
    },

    async status(consignmentId: string): Promise<string> {
      const answer = await callJson(NAME, {
        method: 'GET',
        url: `${base}/status_by_cid/${encodeURIComponent(consignmentId)}`,
        headers,
        timeoutMs,
      });
      const body = accepted(answer, `the status of consignment ${consignmentId}`);
      const status = body.delivery_status;
      if (typeof status !== 'string' || !status)
        throw new CourierError(`${NAME} answered without a delivery status.`, 'bad_response', answer.status);
      return status.toLowerCase();
    },

    async testConnection(): Promise<string> {
      const answer = await callJson(NAME, { method: 'GET', url: `${base}/get_balance`, headers, timeoutMs });
      const body = accepted(answer, 'the balance check');
      const balance = Number(body.current_balance);
      return Number.isFinite(balance)
        ? `Connected to Steadfast. Current balance: ৳${balance.toLocaleString('en-US')}.`
        : 'Connected to Steadfast.';
    },
  };
}
