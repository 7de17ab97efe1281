let token: string | null | undefined;

/** The CSRF token from the page's `csrf-token` meta tag (seed §7). */
export function csrfToken(): string | null {
  if (token !== undefined) return token;
  const content = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content;
  token = content && content !== '__CSRF_TOKEN__' ? content : null;
  if (!token) console.error('CSRF token not found');
  return token;
}

/** Pages served by Vite's dev server carry no token; ask the API for one. */
export async function ensureCsrfToken(): Promise<void> {
  if (csrfToken()) return;
  const response = await fetch('/api/csrf-token', { credentials: 'same-origin' }).catch(() => null);
  if (response?.ok) token = ((await response.json()) as { token: string }).token;
}

/**
 * A sign-in answers with a new token (X-CSRF-TOKEN, decision 026): later calls send it, and the meta
 * tag shows it to code that reads the page.
 */
export function takeCsrfToken(value: string): void {
  token = value;
  document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.setAttribute('content', value);
}
