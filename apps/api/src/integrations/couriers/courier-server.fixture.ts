import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the fake couriers saw: method, path, headers and JSON body of each call. */
export interface SeenCall {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}

export const STEADFAST_KEYS = { apiKey: 'sf-api-key-1234567890', secretKey: 'sf-secret-key-0987654321' } as const;
export const PATHAO_LOGIN = {
  clientId: 'pathao-client-7',
  clientSecret: 'pathao-client-secret-abcdef',
  username: 'shop@haat.test',
  password: 'pathao-password-1',
  storeId: '4411',
} as const;

/** A payment as Steadfast's API writes it. */
export interface SteadfastPayment {
  id: number;
  /** Net paid over, in taka. */
  amount: number;
  status: string;
  created_at: string;
  consignments: {
    consignment_id: number | string;
    invoice: string;
    tracking_code: string;
    cod_amount: number;
    delivery_charge: number;
    cod_charge: number;
  }[];
}

/**
 * A local HTTP server that behaves like Steadfast (under /api/v1) and Pathao (under /aladdin):
 * checks the credentials, validates like they do, answers in their shapes, and can be told to be
 * slow (a timeout) or to refuse. Tests set `statuses` to what the courier would say.
 */
export class FakeCourierServer {
  readonly calls: SeenCall[] = [];
  /** Consignment id → the courier's status for it. */
  readonly statuses = new Map<string, string>();
  /** Milliseconds to wait before answering any call (0: at once). */
  delayMs = 0;
  /** Pathao tokens issued, to check the cache. */
  tokensIssued = 0;
  /**
   * Steadfast's payments to the shop, as its API writes them (amounts in taka): `GET /payments` lists
   * them without their consignments, `GET /payments/{id}` answers one with them.
   */
  readonly payments: SteadfastPayment[] = [];
  /** How `GET /payments` wraps its list: `{data: […]}` (wrapped) or a bare array. */
  paymentsShape: 'wrapped' | 'bare' = 'wrapped';
  /** What each courier says of a phone's parcels (the fraud check, the customer success rate); unknown phones have none. */
  readonly customerRecords = new Map<string, { delivered: number; returned: number }>();
  /** When set, Pathao answers every bearer call 401 once, as when a token is revoked. */
  revokeTokens = false;
  private readonly invoices = new Set<string>();
  private readonly pathaoTokens = new Set<string>();
  private consignment = 1_424_100;
  private server: Server | null = null;
  url = '';

  async start(): Promise<this> {
    this.server = createServer((request, response) => void this.handle(request, response));
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  get steadfastUrl() {
    return `${this.url}/api/v1`;
  }

  callsTo(pathPart: string): SeenCall[] {
    return this.calls.filter((call) => call.path.includes(pathPart));
  }

  private async handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    let body: Record<string, unknown> = {};
    try {
      body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      body = {};
    }
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    this.calls.push({ method: request.method ?? 'GET', path, headers: request.headers, body });
    if (this.delayMs) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    if (response.destroyed) return;
    const send = (status: number, json: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(json));
    };
    if (path.startsWith('/api/v1/')) return this.steadfast(request, path.slice('/api/v1'.length), body, send);
    if (path.startsWith('/aladdin/api/v1/')) return this.pathao(request, path.slice('/aladdin/api/v1'.length), body, send);
    send(404, { message: 'no Route matched with those values' });
  }

  private steadfast(request: IncomingMessage, path: string, body: Record<string, unknown>, send: (status: number, json: unknown) => void) {
    if (request.headers['api-key'] !== STEADFAST_KEYS.apiKey || request.headers['secret-key'] !== STEADFAST_KEYS.secretKey) {
      return send(401, { status: 401, message: 'Unauthorized' });
    }
    if (request.method === 'GET' && path === '/get_balance') return send(200, { status: 200, current_balance: 1520 });
    if (request.method === 'GET' && path === '/payments') {
      const list = this.payments.map(({ consignments, ...payment }) => ({ ...payment, consignments_count: consignments.length }));
      return send(200, this.paymentsShape === 'bare' ? list : { status: 200, data: list });
    }
    const paymentMatch = /^\/payments\/(\w+)$/.exec(path);
    if (request.method === 'GET' && paymentMatch?.[1]) {
      const payment = this.payments.find((each) => String(each.id) === paymentMatch[1]);
      if (!payment) return send(404, { status: 404, message: 'Payment not found.' });
      return send(200, { status: 200, data: payment });
    }
    const fraudMatch = /^\/fraud_check\/(\d+)$/.exec(path);
    if (request.method === 'GET' && fraudMatch?.[1]) {
      const record = this.customerRecords.get(fraudMatch[1]) ?? { delivered: 0, returned: 0 };
      return send(200, {
        total_parcels: record.delivered + record.returned,
        total_delivered: record.delivered,
        total_cancelled: record.returned,
      });
    }
    const statusMatch = /^\/status_by_cid\/(\w+)$/.exec(path);
    if (request.method === 'GET' && statusMatch?.[1]) {
      const status = this.statuses.get(statusMatch[1]);
      if (!status) return send(404, { status: 404, message: 'Consignment not found.' });
      return send(200, { status: 200, delivery_status: status });
    }
    if (request.method === 'POST' && path === '/create_order') {
      const errors: Record<string, string[]> = {};
      if (!/^\d{11}$/.test(String(body.recipient_phone ?? ''))) errors.recipient_phone = ['The recipient phone must be 11 digits.'];
      if (!body.recipient_name) errors.recipient_name = ['The recipient name field is required.'];
      if (typeof body.cod_amount !== 'number' || body.cod_amount < 0) errors.cod_amount = ['The cod amount must be at least 0.'];
      if (this.invoices.has(String(body.invoice))) errors.invoice = ['The invoice has already been taken.'];
      if (Object.keys(errors).length) return send(422, { status: 422, message: 'Validation failed.', errors });
      this.invoices.add(String(body.invoice));
      this.consignment += 1;
      const id = String(this.consignment);
      this.statuses.set(id, 'in_review');
      return send(200, {
        status: 200,
        message: 'Consignment has been created successfully.',
        consignment: {
          consignment_id: this.consignment,
          invoice: body.invoice,
          tracking_code: `15BAEB8A${id}`,
          recipient_name: body.recipient_name,
          recipient_phone: body.recipient_phone,
          recipient_address: body.recipient_address,
          cod_amount: body.cod_amount,
          status: 'in_review',
          note: body.note ?? null,
          created_at: new Date().toISOString(),
        },
      });
    }
    send(404, { status: 404, message: 'Not found.' });
  }

  private pathao(request: IncomingMessage, path: string, body: Record<string, unknown>, send: (status: number, json: unknown) => void) {
    if (request.method === 'POST' && path === '/issue-token') {
      const ok =
        body.client_id === PATHAO_LOGIN.clientId &&
        body.client_secret === PATHAO_LOGIN.clientSecret &&
        body.username === PATHAO_LOGIN.username &&
        body.password === PATHAO_LOGIN.password &&
        body.grant_type === 'password';
      if (!ok) return send(400, { error: 'invalid_grant', message: 'The user credentials were incorrect.' });
      this.tokensIssued += 1;
      const token = `pathao-token-${this.tokensIssued}`;
      this.pathaoTokens.add(token);
      return send(200, { token_type: 'Bearer', expires_in: 432000, access_token: token, refresh_token: `refresh-${this.tokensIssued}` });
    }
    const token = String(request.headers.authorization ?? '').replace(/^Bearer /, '');
    if (this.revokeTokens) {
      this.revokeTokens = false;
      this.pathaoTokens.clear();
    }
    if (!this.pathaoTokens.has(token)) return send(401, { message: 'Unauthorized', type: 'error', code: 401 });
    if (request.method === 'POST' && path === '/orders') {
      const errors: Record<string, string[]> = {};
      if (!/^01\d{9}$/.test(String(body.recipient_phone ?? ''))) errors.recipient_phone = ['The recipient phone format is invalid.'];
      if (String(body.store_id) !== PATHAO_LOGIN.storeId) errors.store_id = ['The selected store id is invalid.'];
      if (body.delivery_type !== 48 && body.delivery_type !== 12) errors.delivery_type = ['The selected delivery type is invalid.'];
      if (body.item_type !== 1 && body.item_type !== 2) errors.item_type = ['The selected item type is invalid.'];
      const weight = Number(body.item_weight);
      if (!(weight >= 0.5 && weight <= 10)) errors.item_weight = ['The item weight must be between 0.5 and 10.'];
      if (!Number.isInteger(body.amount_to_collect)) errors.amount_to_collect = ['The amount to collect must be an integer.'];
      if (Object.keys(errors).length) return send(422, { message: 'Please fix the given errors', type: 'error', code: 422, errors });
      this.consignment += 1;
      const id = `DL${this.consignment}PTH`;
      this.statuses.set(id, 'Pending');
      return send(200, {
        message: 'Order Created Successfully',
        type: 'success',
        code: 200,
        data: { consignment_id: id, merchant_order_id: body.merchant_order_id, order_status: 'Pending', delivery_fee: 80 },
      });
    }
    if (request.method === 'POST' && path === '/user/success') {
      const record = this.customerRecords.get(String(body.phone ?? '')) ?? { delivered: 0, returned: 0 };
      return send(200, {
        type: 'success',
        code: 200,
        data: { customer: { total_delivery: record.delivered + record.returned, successful_delivery: record.delivered } },
      });
    }
    const info = /^\/orders\/(\w+)\/info$/.exec(path);
    if (request.method === 'GET' && info?.[1]) {
      const status = this.statuses.get(info[1]);
      if (!status) return send(404, { message: 'Order not found', type: 'error', code: 404 });
      return send(200, { message: 'Order info', type: 'success', code: 200, data: { consignment_id: info[1], order_status: status } });
    }
    send(404, { message: 'no Route matched with those values' });
  }
}
