import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { META_GRAPH_VERSION } from './meta-conversions';

export const META_PIXEL = { pixelId: '123456789012345', accessToken: 'EAAB-test-access-token-0123456789' } as const;

const ACTION_SOURCES = [
  'email',
  'website',
  'app',
  'phone_call',
  'chat',
  'physical_store',
  'system_generated',
  'business_messaging',
  'other',
];
const HASHED = /^[0-9a-f]{64}$/;

/** What the stand-in received: the pixel in the path and the JSON body. */
export interface SeenEvents {
  pixelId: string;
  body: { data: Record<string, unknown>[]; access_token: string; test_event_code?: string };
}

/**
 * A local stand-in of graph.facebook.com's Conversions API endpoint: `POST /{version}/{pixel_id}/events`.
 * Checks what Meta checks (the token, the event fields, hashed user data, the website parameters) and
 * answers in Meta's shapes; can be told to fail (`failWith`) like an outage or a revoked token.
 */
export class FakeMetaGraph {
  readonly received: SeenEvents[] = [];
  /** Answer every call with this status (500: an outage; 190-style 400 with `code`) until cleared. */
  failWith: { status: number; code?: number; message: string } | null = null;
  private server: Server | null = null;

  get url(): string {
    const address = this.server?.address() as AddressInfo;
    return `http://127.0.0.1:${address.port}`;
  }

  /** Every event received, across calls. */
  events(): Record<string, unknown>[] {
    return this.received.flatMap((call) => call.body.data);
  }

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const answer = (status: number, body: unknown) => {
          response.writeHead(status, { 'content-type': 'application/json' });
          response.end(JSON.stringify(body));
        };
        const error = (status: number, message: string, code = 100) =>
          answer(status, { error: { message, type: 'OAuthException', code, fbtrace_id: 'AbCdTrace' } });
        const match = new RegExp(`^/${META_GRAPH_VERSION.replace('.', '\\.')}/(\\d+)/events$`).exec(request.url ?? '');
        if (request.method !== 'POST' || !match) return error(404, 'Unknown path components');
        if (this.failWith) return error(this.failWith.status, this.failWith.message, this.failWith.code);
        let body: SeenEvents['body'];
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          return error(400, 'Invalid JSON');
        }
        if (match[1] !== META_PIXEL.pixelId) return error(400, 'Unsupported post request. Object does not exist', 100);
        if (body.access_token !== META_PIXEL.accessToken) return error(400, 'Invalid OAuth access token - Cannot parse access token', 190);
        if (!Array.isArray(body.data) || body.data.length === 0 || body.data.length > 1000) {
          return error(400, 'The parameter data is required and holds 1 to 1000 events');
        }
        const now = Math.floor(Date.now() / 1000);
        for (const event of body.data) {
          const user = (event.user_data ?? {}) as Record<string, unknown>;
          const problem =
            typeof event.event_name !== 'string'
              ? 'event_name is required'
              : typeof event.event_time !== 'number' || event.event_time > now + 60 || event.event_time < now - 7 * 86400
                ? 'event_time must be within the last 7 days'
                : typeof event.event_id !== 'string' || !event.event_id
                  ? 'event_id is missing'
                  : !ACTION_SOURCES.includes(String(event.action_source))
                    ? 'action_source is not valid'
                    : event.action_source === 'website' && (!user.client_user_agent || !event.event_source_url)
                      ? 'Website events need client_user_agent and event_source_url'
                      : ['ph', 'fn', 'ln', 'ct', 'country', 'external_id'].some(
                            (key) => user[key] !== undefined && !(user[key] as unknown[]).every((value) => HASHED.test(String(value))),
                          )
                        ? 'user_data must be hashed with SHA-256'
                        : null;
          if (problem) return error(400, `Invalid parameter: ${problem}`);
        }
        this.received.push({ pixelId: match[1] as string, body });
        answer(200, { events_received: body.data.length, messages: [], fbtrace_id: `trace-${this.received.length}` });
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
