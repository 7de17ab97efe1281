import { type GatewayCallLog, type GatewayCode, maskSecrets, PaymentGatewayError } from './payment-provider';

/** One HTTP call of a gateway client: JSON or form body, its operation's name for the log. */
export interface GatewayRequest {
  gateway: GatewayCode;
  /** The gateway's name for messages: "bKash". */
  name: string;
  operation: string;
  method: 'GET' | 'POST';
  url: string;
  /** Sent but never logged (bKash's username, password and token travel as headers). */
  headers?: Record<string, string>;
  json?: unknown;
  form?: Record<string, string>;
  timeoutMs: number;
  log?: GatewayCallLog;
  invoice?: string;
}

export interface GatewayAnswer {
  status: number;
  /** The JSON answer; `{}` when the body was empty, `{message: text}` when an error page was not JSON. */
  body: Record<string, unknown>;
}

/** Secrets that travel in a URL's query (SSLCommerz's store password) are masked in the logged address. */
function maskedUrl(url: string): string {
  const parsed = new URL(url);
  for (const key of [...parsed.searchParams.keys()]) {
    const masked = maskSecrets({ [key]: 'x' }) as Record<string, unknown>;
    if (masked[key] !== 'x' && parsed.searchParams.get(key)) parsed.searchParams.set(key, '••••');
  }
  return parsed.toString();
}

function seconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} seconds` : `${ms} ms`;
}

/**
 * Makes the call, hands it to the log with every secret masked (request, response and the URL's query; headers
 * are never logged), and answers the status and the parsed body. Network failures, timeouts and answers that are
 * neither JSON nor an HTTP error throw a PaymentGatewayError (logged too, with a null status).
 */
export async function callGateway(call: GatewayRequest): Promise<GatewayAnswer> {
  const started = performance.now();
  const logged = call.json ?? call.form ?? (call.method === 'GET' ? Object.fromEntries(new URL(call.url).searchParams) : null);
  const record = (status: number | null, response: unknown) =>
    call.log?.({
      gateway: call.gateway,
      operation: call.operation,
      method: call.method,
      url: maskedUrl(call.url),
      request: maskSecrets(logged),
      status,
      response: maskSecrets(response),
      ms: Math.round(performance.now() - started),
      ...(call.invoice ? { invoice: call.invoice } : {}),
    });
  let response: Response;
  try {
    response = await fetch(call.url, {
      method: call.method,
      headers: {
        accept: 'application/json',
        ...(call.json !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(call.form !== undefined ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...call.headers,
      },
      body:
        call.json !== undefined
          ? JSON.stringify(call.json)
          : call.form !== undefined
            ? new URLSearchParams(call.form).toString()
            : undefined,
      signal: AbortSignal.timeout(call.timeoutMs),
    });
  } catch (error) {
    const name = (error as Error).name;
    const message =
      name === 'TimeoutError' || name === 'AbortError'
        ? `${call.name} did not answer within ${seconds(call.timeoutMs)}. Try again later.`
        : `${call.name} could not be reached (${new URL(call.url).host}). Check the gateway's mode and the connection.`;
    record(null, { error: message });
    throw new PaymentGatewayError(message);
  }
  let text = '';
  try {
    text = await response.text();
  } catch {
    record(response.status, { error: 'unfinished answer' });
    throw new PaymentGatewayError(`${call.name} did not finish its answer. Try again later.`, response.status);
  }
  let body: Record<string, unknown> = {};
  if (text.trim()) {
    try {
      const parsed = JSON.parse(text) as unknown;
      body = parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : { value: parsed };
    } catch {
      record(response.status, { text: text.slice(0, 200) });
      if (response.ok)
        throw new PaymentGatewayError(`${call.name} answered HTTP ${response.status} with something that is not JSON.`, response.status);
      body = { message: text.trim().slice(0, 200) };
      return { status: response.status, body };
    }
  }
  record(response.status, body);
  return { status: response.status, body };
}

/** A field of an answer as a string ('' when absent). */
export function field(body: Record<string, unknown>, key: string): string {
  const value = body[key];
  return value === undefined || value === null ? '' : String(value);
}
