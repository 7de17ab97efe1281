import { useEffect, useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import { phrase } from '../lib/phrases';

/**
 * The storefront's forms' messages in the page's language: the shared contracts' (packages/contracts, which the
 * browser checks first) and the server's refusals, found by their English text. The Bengali (form-messages.bn.ts)
 * is fetched at the first focus on a page (storefront/router.tsx), as the contracts' phrasebooks are, not with the
 * page: a message shown before it is in reads as a phrase, and the forms redraw when it arrives. Checkout,
 * landing pages, sign-up, sign-in, profile, addresses, reviews, order tracking and contact use them through
 * storefront/fields.tsx.
 */
let bengali: ((message: string) => string | null) | null = null;
let loading: Promise<void> | null = null;
const waiting = new Set<() => void>();

/** Fetches the Bengali of the forms' messages (once); the forms on the page redraw when it is in. */
export function loadFormMessages(): Promise<void> {
  loading ??= import('./form-messages.bn')
    .then((module) => {
      bengali = module.bengaliFormMessage;
      for (const redraw of waiting) redraw();
    })
    .catch(() => {
      loading = null;
    });
  return loading;
}

/** A form message in the page's language (only Bengali differs from the contracts' English). */
export function formMessage(message: string, language: string): string {
  if (!language.startsWith('bn')) return message;
  // Newer messages are in the storefront's phrasebooks (pages/account.phrases.bn.ts…); unknown ones stay English.
  return bengali?.(message) ?? phrase(message);
}

/** `formMessage` in the current language, following a switch, and redrawn when the Bengali arrives. */
export function useFormMessage(): (message: string | null | undefined) => string | undefined {
  const { i18n } = useTranslation();
  const [, redraw] = useReducer((count: number) => count + 1, 0);
  useEffect(() => {
    if (bengali) return;
    waiting.add(redraw);
    return () => {
      waiting.delete(redraw);
    };
  }, []);
  return (message) => (message ? formMessage(message, i18n.language) : undefined);
}
