/**
 * Calls that shop.html starts beside the app's code, before that code has arrived and run (on storefront pages;
 * see early-boot.js and start-app.js), so their answers are in when the first page renders. Each is taken once,
 * by the first `get` of the same URL; a failed one is simply asked again the normal way.
 */
declare global {
  interface Window {
    __haatEarly?: Record<string, Promise<unknown> | undefined>;
    /** The answers that are in already, by URL. */
    __haatEarlyAnswers?: Record<string, unknown>;
  }
}

export function takeEarly(url: string): Promise<unknown> | null {
  const calls = window.__haatEarly;
  const call = calls?.[url];
  if (!calls || !call) return null;
  calls[url] = undefined;
  if (window.__haatEarlyAnswers) delete window.__haatEarlyAnswers[url];
  return call;
}

/**
 * An early answer that is in already, for a query's `initialData`: the page's first render shows it
 * instead of a loading state. Taken once, with its call.
 */
export function takeEarlyAnswer<T>(url: string): T | undefined {
  const answers = window.__haatEarlyAnswers;
  if (!answers || !(url in answers)) return undefined;
  const answer = answers[url] as T;
  delete answers[url];
  if (window.__haatEarly) window.__haatEarly[url] = undefined;
  return answer;
}
