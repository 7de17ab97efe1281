import type { ConversionBatch, ConversionResult, ConversionsProvider } from './conversions-provider';

/** The Graph API version the client calls. */
export const META_GRAPH_VERSION = 'v25.0';
export const META_GRAPH_URL = 'https://graph.facebook.com';
const TIMEOUT_MS = 15_000;

/**
 * Meta's Conversions API: `POST {graph}/{version}/{pixel_id}/events` with `data` (at most 1,000
 * events), `access_token` and, while testing, `test_event_code`. Answers `{events_received,
 * fbtrace_id}`, or `{error: {message, code, fbtrace_id}}` with a 4xx or 5xx status.
 */
export class MetaConversionsApi implements ConversionsProvider {
  readonly name = 'Meta Conversions API';

  constructor(private readonly baseUrl: string = META_GRAPH_URL) {}

  async send(batch: ConversionBatch): Promise<ConversionResult> {
    const url = `${this.baseUrl.replace(/\/+$/, '')}/${META_GRAPH_VERSION}/${encodeURIComponent(batch.pixelId)}/events`;
    const body: Record<string, unknown> = { data: batch.events, access_token: batch.accessToken };
    if (batch.testEventCode) body.test_event_code = batch.testEventCode;
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      return { ok: false, retry: true, fbtraceId: null, message: timedOut ? 'Meta did not answer in time' : 'Meta could not be reached' };
    }
    const answer = (await response.json().catch(() => null)) as {
      events_received?: number;
      fbtrace_id?: string;
      error?: { message?: string; code?: number; error_user_msg?: string; fbtrace_id?: string };
    } | null;
    if (response.ok && answer && typeof answer.events_received === 'number') {
      return { ok: true, eventsReceived: answer.events_received, fbtraceId: answer.fbtrace_id ?? null };
    }
    const error = answer?.error;
    const message = error?.error_user_msg || error?.message || `Meta answered ${response.status}`;
    // Rate limits (4, 17, 32, 613) and Meta's own failures are worth another try; a bad token or event is not.
    const limited = response.status === 429 || [4, 17, 32, 613].includes(error?.code ?? 0);
    return { ok: false, retry: limited || response.status >= 500, message: message.slice(0, 500), fbtraceId: error?.fbtrace_id ?? null };
  }
}
