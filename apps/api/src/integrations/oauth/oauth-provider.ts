import type { SocialProvider } from '@haat/contracts';

/**
 * Google and Facebook sign-in (OAuth 2.0 authorization code): where each provider's endpoints are,
 * what to ask for, and the two server-side calls of the flow: the code for a token, the token for
 * the person's profile. The endpoints can be replaced by configuration (tests run a local fake).
 */

export interface OAuthEndpoints {
  authorize: string;
  token: string;
  userinfo: string;
}

interface ProviderSpec {
  endpoints: OAuthEndpoints;
  scope: string;
  /** Google takes PKCE (S256); Facebook's web flow relies on the client secret alone. */
  pkce: boolean;
  /** How the token call is made: Google's is a form POST, Facebook's a GET with the query. */
  tokenMethod: 'POST' | 'GET';
}

const GRAPH = 'https://graph.facebook.com/v21.0';

export const OAUTH_PROVIDERS: Record<SocialProvider, ProviderSpec> = {
  google: {
    endpoints: {
      authorize: 'https://accounts.google.com/o/oauth2/v2/auth',
      token: 'https://oauth2.googleapis.com/token',
      userinfo: 'https://openidconnect.googleapis.com/v1/userinfo',
    },
    scope: 'openid email profile',
    pkce: true,
    tokenMethod: 'POST',
  },
  facebook: {
    endpoints: {
      authorize: 'https://www.facebook.com/v21.0/dialog/oauth',
      token: `${GRAPH}/oauth/access_token`,
      userinfo: `${GRAPH}/me`,
    },
    scope: 'email,public_profile',
    pkce: false,
    tokenMethod: 'GET',
  },
};

/** The person as the provider knows them. */
export interface OAuthProfile {
  /** The provider's stable id for the person: Google's `sub`, Facebook's `id`. */
  subject: string;
  name: string;
  email: string | null;
  /** Whether the provider vouches that the person owns `email`. */
  emailVerified: boolean;
}

/** The provider answered with an error, did not answer in time, or answered something unreadable. */
export class OAuthProviderError extends Error {}

export interface OAuthClient {
  provider: SocialProvider;
  endpoints: OAuthEndpoints;
  pkce: boolean;
  /** The provider's consent page for this visitor. */
  authorizeUrl(input: { state: string; redirectUri: string; codeChallenge?: string }): string;
  /** The code of the callback for the person's profile: two calls, made by the server. */
  profile(input: { code: string; redirectUri: string; codeVerifier?: string }): Promise<OAuthProfile>;
}

export function oauthClient(
  provider: SocialProvider,
  credentials: { clientId: string; clientSecret: string },
  overrides: Partial<OAuthEndpoints> = {},
  timeoutMs = 10_000,
): OAuthClient {
  const spec = OAUTH_PROVIDERS[provider];
  const endpoints: OAuthEndpoints = {
    authorize: overrides.authorize ?? spec.endpoints.authorize,
    token: overrides.token ?? spec.endpoints.token,
    userinfo: overrides.userinfo ?? spec.endpoints.userinfo,
  };

  async function call(url: string, init: RequestInit, what: string): Promise<Record<string, unknown>> {
    let response: Response;
    try {
      response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      throw new OAuthProviderError(`${provider} ${what}: no answer (${(error as Error).message})`);
    }
    const text = await response.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new OAuthProviderError(`${provider} ${what}: HTTP ${response.status}, not JSON`);
    }
    if (!response.ok || !body || typeof body !== 'object') {
      const detail = body && typeof body === 'object' ? JSON.stringify(body).slice(0, 300) : '';
      throw new OAuthProviderError(`${provider} ${what}: HTTP ${response.status} ${detail}`);
    }
    return body as Record<string, unknown>;
  }

  return {
    provider,
    endpoints,
    pkce: spec.pkce,
    authorizeUrl({ state, redirectUri, codeChallenge }) {
      const url = new URL(endpoints.authorize);
      url.searchParams.set('client_id', credentials.clientId);
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('scope', spec.scope);
      url.searchParams.set('state', state);
      if (spec.pkce && codeChallenge) {
        url.searchParams.set('code_challenge', codeChallenge);
        url.searchParams.set('code_challenge_method', 'S256');
      }
      return url.toString();
    },
    async profile({ code, redirectUri, codeVerifier }) {
      const fields: Record<string, string> = {
        client_id: credentials.clientId,
        client_secret: credentials.clientSecret,
        redirect_uri: redirectUri,
        code,
      };
      let token: Record<string, unknown>;
      if (spec.tokenMethod === 'POST') {
        const form = new URLSearchParams({ ...fields, grant_type: 'authorization_code' });
        if (spec.pkce && codeVerifier) form.set('code_verifier', codeVerifier);
        token = await call(
          endpoints.token,
          { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' }, body: form },
          'token',
        );
      } else {
        const url = new URL(endpoints.token);
        for (const [key, value] of Object.entries(fields)) url.searchParams.set(key, value);
        token = await call(url.toString(), { headers: { accept: 'application/json' } }, 'token');
      }
      const accessToken = token.access_token;
      if (typeof accessToken !== 'string' || !accessToken) throw new OAuthProviderError(`${provider} token: no access_token`);

      if (provider === 'google') {
        const info = await call(
          endpoints.userinfo,
          { headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' } },
          'userinfo',
        );
        if (typeof info.sub !== 'string' || !info.sub) throw new OAuthProviderError('google userinfo: no sub');
        const email = typeof info.email === 'string' && info.email ? info.email.toLowerCase() : null;
        return {
          subject: info.sub,
          name: typeof info.name === 'string' && info.name.trim() ? info.name.trim() : (email?.split('@')[0] ?? 'Google user'),
          email,
          emailVerified: info.email_verified === true || info.email_verified === 'true',
        };
      }
      const url = new URL(endpoints.userinfo);
      url.searchParams.set('fields', 'id,name,email');
      const info = await call(url.toString(), { headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' } }, 'me');
      const subject = typeof info.id === 'string' || typeof info.id === 'number' ? String(info.id) : '';
      if (!subject) throw new OAuthProviderError('facebook me: no id');
      const email = typeof info.email === 'string' && info.email ? info.email.toLowerCase() : null;
      return {
        subject,
        name: typeof info.name === 'string' && info.name.trim() ? info.name.trim() : (email?.split('@')[0] ?? 'Facebook user'),
        email,
        // The Graph API gives `email` only when the person confirmed it with Facebook.
        emailVerified: email !== null,
      };
    },
  };
}
