import { isSocialProvider, SOCIAL_ERROR_MESSAGES, type SocialErrorCode, type SocialProvider } from '@haat/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { currentSession, openSession } from '../../http/auth';
import { notFound, unauthorized } from '../../http/errors';
import { requestCtx, setActor } from '../../http/request-context';
import { OAuthProviderError } from '../../integrations/oauth/oauth-provider';
import { randomToken, safeEqual, sha256 } from '../../lib/tokens';
import { customerSignedIn } from './customer-sign-in';
import { customerAccounts } from './index';
import { customerForProfile, requireSocialClient, SocialSignInError, signInMethods, unlinkIdentity } from './social-sign-in.service';

/** The flow's state between start and callback: httpOnly, SameSite=Lax, only under /auth, ten minutes. */
export const OAUTH_COOKIE = 'haat_oauth';
const OAUTH_COOKIE_MAX_AGE_S = 600;

interface FlowState {
  /** The provider the flow was started for. */
  p: SocialProvider;
  /** The random `state` sent to the provider. */
  s: string;
  /** The PKCE code verifier (Google). */
  v?: string;
  /** Where the visitor was going. */
  n: string;
}

type ProviderRequest = FastifyRequest<{ Params: { provider: string }; Querystring: Record<string, string | undefined> }>;

/** Only paths inside the shop: `?next=https://elsewhere` must not send a shopper away. */
function safeNext(next: unknown, fallback = '/account'): string {
  return typeof next === 'string' && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') && next.length <= 500
    ? next
    : fallback;
}

function providerParam(request: ProviderRequest): SocialProvider {
  const { provider } = request.params;
  if (!isSocialProvider(provider)) throw notFound('This sign-in method');
  return provider;
}

/** Where the provider sends the visitor back: this shop's own address, as the visitor reached it. */
function redirectUri(request: FastifyRequest, provider: SocialProvider): string {
  return `${request.protocol}://${request.host}/auth/${provider}/callback`;
}

function readFlow(request: FastifyRequest): FlowState | null {
  const raw = request.cookies[OAUTH_COOKIE];
  if (!raw) return null;
  try {
    const value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as FlowState;
    return isSocialProvider(value.p) && typeof value.s === 'string' && typeof value.n === 'string' ? value : null;
  } catch {
    return null;
  }
}

/**
 * Google and Facebook sign-in for shoppers (OAuth 2.0 authorization code, PKCE for Google):
 * `start` sends the visitor to the provider; `callback` checks the state, trades the code for the
 * profile on the server, finds or makes the customer and signs them in like the password form does.
 * Failures land on the sign-in page with `?social_error=<code>`, never on an error page.
 */
export async function socialSignInRoutes(app: FastifyInstance) {
  app.get('/auth/:provider/start', async (request: ProviderRequest, reply) => {
    const provider = providerParam(request);
    const client = await requireSocialClient(request.server, provider);
    const state = randomToken(24);
    const verifier = client.pkce ? randomToken(48) : undefined;
    const flow: FlowState = { p: provider, s: state, v: verifier, n: safeNext(request.query.next) };
    reply.setCookie(OAUTH_COOKIE, Buffer.from(JSON.stringify(flow)).toString('base64url'), {
      path: '/auth',
      httpOnly: true,
      sameSite: 'lax',
      secure: request.server.config.cookieSecure,
      maxAge: OAUTH_COOKIE_MAX_AGE_S,
    });
    reply.header('cache-control', 'no-store');
    return reply.redirect(
      client.authorizeUrl({ state, redirectUri: redirectUri(request, provider), codeChallenge: verifier ? sha256(verifier) : undefined }),
      302,
    );
  });

  app.get('/auth/:provider/callback', async (request: ProviderRequest, reply) => {
    const provider = providerParam(request);
    const client = await requireSocialClient(request.server, provider);
    const flow = readFlow(request);
    reply.clearCookie(OAUTH_COOKIE, { path: '/auth' });
    reply.header('cache-control', 'no-store');
    const signedIn = await currentSession(request, customerAccounts);
    const next = safeNext(flow?.n);

    const fail = (code: SocialErrorCode, detail?: string) => {
      request.log.warn({ provider, code, detail }, 'social sign-in refused');
      // A shopper linking from their profile goes back there; anyone else to the sign-in page.
      const target = signedIn
        ? `/account?social_error=${code}`
        : `/login?social_error=${code}${next !== '/account' ? `&next=${encodeURIComponent(next)}` : ''}`;
      return reply.redirect(target, 302);
    };

    const { code, state, error } = request.query;
    if (!flow || flow.p !== provider || typeof state !== 'string' || !safeEqual(state, flow.s)) {
      return fail('state', SOCIAL_ERROR_MESSAGES.state);
    }
    if (error) return fail(error === 'access_denied' ? 'denied' : 'provider', `provider error ${String(error).slice(0, 100)}`);
    if (typeof code !== 'string' || !code || code.length > 2000) return fail('provider', 'no code');

    try {
      const profile = await client.profile({ code, redirectUri: redirectUri(request, provider), codeVerifier: flow.v });
      const { customerId } = await customerForProfile(requestCtx(request), provider, profile, signedIn?.account.id ?? null);
      if (!signedIn || signedIn.account.id !== customerId) {
        await openSession(request, reply, 'user', customerId);
        await customerSignedIn(request, reply, customerId);
      }
      return reply.redirect(next, 302);
    } catch (caught) {
      if (caught instanceof SocialSignInError) return fail(caught.code, caught.message);
      if (caught instanceof OAuthProviderError) return fail('provider', caught.message);
      throw caught;
    }
  });

  /** The shopper's sign-in methods: whether they have a password, and their linked Google / Facebook accounts. */
  app.get('/_public/account/sign-in-methods', async (request) => {
    const current = await currentSession(request, customerAccounts);
    if (!current) throw unauthorized('Please sign in first.');
    setActor(request, { kind: 'customer', id: current.account.id, name: current.account.name });
    return signInMethods(requestCtx(request));
  });

  app.delete('/_public/account/sign-in-methods/:provider', async (request: ProviderRequest, reply: FastifyReply) => {
    const current = await currentSession(request, customerAccounts);
    if (!current) throw unauthorized('Please sign in first.');
    setActor(request, { kind: 'customer', id: current.account.id, name: current.account.name });
    const provider = providerParam(request);
    const ctx = requestCtx(request);
    await unlinkIdentity(ctx, provider);
    return reply.send({ message: 'The account was unlinked.', ...(await signInMethods(ctx)) });
  });
}
