import type { ApiErrorBody } from '@haat/contracts';
import i18next from 'i18next';
import { csrfToken, takeCsrfToken } from './csrf';
import { takeEarly } from './early';
import { loadPhrasebooksOnDemand, phrase } from './phrases';

/** An answer other than 2xx; `errors` names the fields at fault. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: Record<string, string[]> = {},
    /** The whole answer, for calls that say more than `{message, errors}` (an import's row report). */
    readonly body?: unknown,
  ) {
    super(message);
  }

  /** The first message for each field, for a form's `setErrors`. */
  fieldErrors(): Record<string, string> {
    return Object.fromEntries(Object.entries(this.errors).map(([field, messages]) => [field, messages[0] ?? '']));
  }
}

type Body = Record<string, unknown> | unknown[] | FormData | undefined;

/** The one client of the web app: same-origin cookies, the script header and the CSRF token on every call. */
export async function api<T>(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: Body): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' };
  const token = csrfToken();
  if (token) headers['X-CSRF-TOKEN'] = token;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  let response: Response;
  try {
    response = await fetch(url, { method, headers, body: payload, credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, phrase('The shop could not be reached. Check your connection and try again.'));
  }
  const rotated = response.headers.get('X-CSRF-TOKEN');
  if (rotated) takeCsrfToken(rotated);
  const text = await response.text();
  const data = text ? safeJson(text) : undefined;
  if (!response.ok) {
    const error = (data ?? {}) as Partial<ApiErrorBody>;
    // The server answers in English: its message and field errors are shown in the reader's language, wherever a
    // screen shows them (the phrasebooks of the server's messages first, where an app fetches them on demand).
    const message = error.message ?? `The request failed (${response.status}).`;
    if (!i18next.language || i18next.language === 'en') throw new ApiError(response.status, message, error.errors, data);
    // The templates' machinery is fetched with them, not with every storefront page.
    const [{ translateServerMessage }] = await Promise.all([import('./translate-message'), loadPhrasebooksOnDemand(i18next.language)]);
    const errors = Object.fromEntries(
      Object.entries(error.errors ?? {}).map(([field, messages]) => [field, messages.map(translateServerMessage)]),
    );
    throw new ApiError(response.status, translateServerMessage(message), errors, data);
  }
  return data as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export const get = <T>(url: string): Promise<T> => {
  const early = takeEarly(url);
  return early ? early.then((data) => (data === undefined ? api<T>('GET', url) : (data as T))) : api<T>('GET', url);
};
export const post = <T>(url: string, body?: Body) => api<T>('POST', url, body ?? {});
export const put = <T>(url: string, body?: Body) => api<T>('PUT', url, body ?? {});
export const del = <T>(url: string) => api<T>('DELETE', url);
