/**
 * Signing shoppers in with Google or Facebook (OAuth 2.0 authorization code): the providers, the
 * reasons a sign-in can fail (the callback sends the visitor to `/login?social_error=<code>`), and
 * what a shopper's profile shows of their linked sign-in methods.
 */

export const SOCIAL_PROVIDERS = ['google', 'facebook'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

export const SOCIAL_PROVIDER_NAMES: Record<SocialProvider, string> = { google: 'Google', facebook: 'Facebook' };

export function isSocialProvider(value: unknown): value is SocialProvider {
  return typeof value === 'string' && (SOCIAL_PROVIDERS as readonly string[]).includes(value);
}

/** Why a social sign-in did not finish; the storefront words each one (English and Bengali). */
export const SOCIAL_ERROR_CODES = ['state', 'denied', 'provider', 'blocked', 'linked_elsewhere', 'other_account'] as const;
export type SocialErrorCode = (typeof SOCIAL_ERROR_CODES)[number];

/** The English words, for the API's log and for anything without the storefront's translations. */
export const SOCIAL_ERROR_MESSAGES: Record<SocialErrorCode, string> = {
  state: 'The sign-in link expired or was opened in another browser. Please try again.',
  denied: 'The sign-in was cancelled, so you are not signed in.',
  provider: 'We could not reach the sign-in service just now. Please try again, or sign in with your password.',
  blocked: 'This account is blocked. Please contact the shop.',
  linked_elsewhere: 'This Google or Facebook account already signs in to another account of this shop.',
  other_account: 'Your account here is linked to a different Google or Facebook account. Sign in with that one, or with your password.',
};

/** `GET /_public/account/sign-in-methods`. */
export interface SignInMethods {
  /** Whether the account has a password (phone or e-mail sign-in). */
  password: boolean;
  identities: { provider: SocialProvider; email: string | null; linked_at: string }[];
}
