import {
  type Consignment,
  type ConsignmentRequest,
  type CourierCustomerRecord,
  CourierError,
  type CourierPayment,
  type CourierPaymentDetail,
  type CourierPaymentLine,
  type CourierProvider,
  callJson,
  countOf,
  dhakaDay,
  type JsonAnswer,
  localPhone,
  paisaOf,
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

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => Boolean(value) && typeof value === 'object' && !Array.isArray(value);

/**
 * The rows of a list answer, however it is wrapped: a bare array (read as `{value: […]}`), `{data: […]}`,
 * a Laravel page `{data: {data: […]}}` or `{payments: […]}`. Steadfast documents the paths, not the shapes.
 */
function rowsOf(body: Json): Json[] | null {
  for (const candidate of [body.value, body.data, isObject(body.data) ? body.data.data : undefined, body.payments]) {
    if (Array.isArray(candidate)) return candidate.filter(isObject);
  }
  return null;
}

/** A payment as Steadfast writes it (`id`, `amount` in taka, `created_at`, `status`; some answers say `payment_id`, `total_amount`). */
function paymentOf(row: Json): CourierPayment | null {
  const id = row.id ?? row.payment_id;
  if (id === undefined || id === null || String(id).trim() === '') return null;
  const consignments = Array.isArray(row.consignments) ? row.consignments.length : Number(row.consignments_count ?? row.total_consignments);
  return {
    id: String(id).trim(),
    paidOn: dhakaDay(row.paid_at ?? row.payment_date ?? row.date ?? row.created_at),
    amount: paisaOf(row.amount ?? row.net_amount ?? row.total_amount ?? row.paid_amount),
    consignments: Number.isInteger(consignments) ? consignments : null,
    status: typeof row.status === 'string' ? row.status.toLowerCase() : '',
  };
}

/** A consignment of a payment: what was collected (`collected_amount`, else `cod_amount`), the delivery and COD charges kept. */
function paymentLineOf(row: Json): CourierPaymentLine | null {
  const consignmentId = row.consignment_id ?? row.cid;
  const invoice = row.invoice ?? row.merchant_invoice;
  if ((consignmentId === undefined || consignmentId === null) && (invoice === undefined || invoice === null)) return null;
  return {
    consignmentId: consignmentId === undefined || consignmentId === null ? '' : String(consignmentId),
    invoice: invoice === undefined || invoice === null ? '' : String(invoice),
    trackingCode: typeof row.tracking_code === 'string' ? row.tracking_code : '',
    collected: Math.max(0, paisaOf(row.collected_amount ?? row.cod_amount) ?? 0),
    deliveryFee: Math.max(0, paisaOf(row.delivery_charge ?? row.delivery_fee) ?? 0),
    codCharge: Math.max(0, paisaOf(row.cod_charge ?? row.cod_fee) ?? 0),
  };
}

/**
 * Steadfast Courier's merchant API: `Api-Key` and `Secret-Key` headers on every call;
 * `POST /create_order` books a consignment, `GET /status_by_cid/{id}` tells its delivery status,
 * `GET /get_balance` is the harmless call that checks the keys, `GET /payments` lists the payments
 * made to the shop and `GET /payments/{id}` one with its consignments.
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

    async listPayments(since?: Date): Promise<CourierPayment[]> {
      const answer = await callJson(NAME, { method: 'GET', url: `${base}/payments`, headers, timeoutMs });
      const rows = rowsOf(accepted(answer, 'the list of payments'));
      if (!rows) throw new CourierError(`${NAME} answered without a list of payments.`, 'bad_response', answer.status);
      const from = since ? since.toLocaleDateString('en-CA', { timeZone: 'Asia/Dhaka' }) : null;
      return rows
        .map(paymentOf)
        .filter((payment): payment is CourierPayment => payment !== null)
        .filter((payment) => from === null || payment.paidOn === null || payment.paidOn >= from)
        .sort((a, b) => (b.paidOn ?? '').localeCompare(a.paidOn ?? '') || Number(b.id) - Number(a.id) || b.id.localeCompare(a.id));
    },

    async paymentDetails(paymentId: string): Promise<CourierPaymentDetail> {
      const answer = await callJson(NAME, {
        method: 'GET',
        url: `${base}/payments/${encodeURIComponent(paymentId)}`,
        headers,
        timeoutMs,
      });
      const body = accepted(answer, `payment ${paymentId}`);
      const payment = [body.data, body.payment, body].find((each) => isObject(each) && Array.isArray(each.consignments)) as
        | Json
        | undefined;
      const head = payment && paymentOf(payment);
      if (!payment || !head)
        throw new CourierError(`${NAME} answered without payment ${paymentId}'s consignments.`, 'bad_response', answer.status);
      const lines = (payment.consignments as unknown[])
        .filter(isObject)
        .map(paymentLineOf)
        .filter((line): line is CourierPaymentLine => line !== null);
      return { ...head, consignments: lines.length, lines };
    },

    /** `GET /fraud_check/{phone}`: the phone's parcels at Steadfast, delivered and cancelled. */
    async customerRecord(phone: string): Promise<CourierCustomerRecord> {
      const answer = await callJson(NAME, {
        method: 'GET',
        url: `${base}/fraud_check/${encodeURIComponent(localPhone(phone))}`,
        headers,
        timeoutMs,
      });
      const body = accepted(answer, 'the fraud check');
      const record = isObject(body.data) ? (body.data as Json) : body;
      if (record.total_parcels === undefined && record.total_delivered === undefined) {
        throw new CourierError(`${NAME} answered the fraud check without parcel counts.`, 'bad_response', answer.status);
      }
      const delivered = countOf(record.total_delivered);
      const returned = countOf(record.total_cancelled);
      return { delivered, returned, total: Math.max(countOf(record.total_parcels), delivered + returned) };
    },
  };
}
