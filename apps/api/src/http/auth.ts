import { type AdminView, hasPermission, type Permission } from '@haat/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { verifyPassword } from '../lib/password';
import type { AccountProvider } from '../modules/auth/account';
import { loginSucceeded, takeLoginAttempt } from '../modules/auth/login-limit';
import { createSession, deleteSession, findSession, type SessionRow, touchSession } from '../modules/auth/session.service';
import type { SessionKind } from '../modules/auth/session.table';
import { adminAccounts } from '../modules/staff/admin.service';
import { rotateCsrfToken } from './csrf';
import { forbidden, HttpError, unauthorized } from './errors';
import { requestCtx, setActor } from './request-context';

export const SESSION_COOKIE: Record<SessionKind, string> = {
  admin: 'haat_admin',
  reseller: 'haat_reseller',
  merchant: 'haat_merchant',
  user: 'haat_user',
};

export interface Authenticated<View> {
  session: SessionRow;
  account: View;
}

declare module 'fastify' {
  interface FastifyInstance {
    sessionCache: SessionCache;
  }
  interface FastifyRequest {
    /** Set by requireAdmin: the signed-in admin. */
    admin: AdminView;
  }
}

/** Requests whose session's expiry was pushed forward: the answer renews the cookie's Max-Age too. */
const refreshed = new WeakMap<FastifyRequest, SessionKind>();

/** The session cookie lives exactly as long as the server's session (SESSION_TTL_HOURS). */
function sessionCookie(request: FastifyRequest) {
  const { config } = request.server;
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.cookieSecure,
    maxAge: Math.floor(config.sessionTtlMs / 1000),
  };
}

/**
 * Renews the session cookie of a request whose session slid forward, so the browser keeps it as
 * long as the server keeps the session. Registered once on the app.
 */
export function registerSessionCookieRenewal(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    const kind = refreshed.get(request);
    if (!kind) return;
    const secret = request.cookies[SESSION_COOKIE[kind]];
    if (secret) reply.setCookie(SESSION_COOKIE[kind], secret, sessionCookie(request));
  });
}

const resolved = new WeakMap<FastifyRequest, Map<SessionKind, Promise<Authenticated<unknown> | null>>>();

/** The request's live session of one kind with its account, looked up once per request. */
export function currentSession<View>(request: FastifyRequest, provider: AccountProvider<View>): Promise<Authenticated<View> | null> {
  let byKind = resolved.get(request);
  if (!byKind) {
    byKind = new Map();
    resolved.set(request, byKind);
  }
  let found = byKind.get(provider.kind);
  if (!found) {
    found = lookup(request, provider);
    byKind.set(provider.kind, found);
  }
  return found as Promise<Authenticated<View> | null>;
}

async function lookup<View>(request: FastifyRequest, provider: AccountProvider<View>): Promise<Authenticated<View> | null> {
  const secret = request.cookies[SESSION_COOKIE[provider.kind]];
  if (!secret) return null;
  const { db, config, sessionCache } = request.server;
  // Before the guard knows who it is: the request's time and address, as a guest.
  const ctx = requestCtx(request);
  const { now } = ctx;
  const key = `${provider.kind}:${secret}`;
  // Read the epoch before the lookup: a change made meanwhile leaves the entry already stale.
  const epoch = await sessionCache.epoch();
  const cached = sessionCache.get(key, epoch, now) as Authenticated<View> | undefined;
  if (cached) {
    if (await touchSession(ctx, cached.session, config.sessionTtlMs)) refreshed.set(request, provider.kind);
    return cached;
  }
  const session = await findSession(ctx, provider.kind, secret);
  if (!session) return null;
  const account = await provider.load(db, session.subjectId);
  if (!account) return null;
  if (await touchSession(ctx, session, config.sessionTtlMs)) refreshed.set(request, provider.kind);
  const found = { session, account };
  sessionCache.set(key, epoch, found);
  return found;
}

/**
 * Live sessions with their accounts, kept while nothing they were read from has changed: every
 * change to people, roles, permissions or sessions moves the database's auth epoch (triggers),
 * and an entry from an older epoch is read again. So a role change or a suspension still takes
 * effect on the very next request.
 */
export class SessionCache {
  private entries = new Map<string, { epoch: number; value: Authenticated<unknown> }>();

  constructor(
    readonly epoch: () => number | Promise<number>,
    private readonly limit = 10_000,
  ) {}

  get(key: string, epoch: number, now: Date): Authenticated<unknown> | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.epoch !== epoch || entry.value.session.expiresAt <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, epoch: number, value: Authenticated<unknown>): void {
    if (this.entries.size >= this.limit) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { epoch, value });
  }
}

/**
 * Every permission a route checks, gathered as the routes are declared (each `requireAdmin(p)` and
 * `permissionGate([...])` adds its own). The role screen may grant only these: a test compares them
 * with the contract's list, so no permission exists that guards nothing.
 */
const checkedPermissions = new Set<Permission>();

/** The permissions the declared routes check (after `buildApp`). */
export function permissionsChecked(): ReadonlySet<Permission> {
  return checkedPermissions;
}

/** Records permissions a route checks by itself (a settings group's, a dashboard card's). */
export function declarePermissionChecks(permissions: Iterable<Permission>): void {
  for (const permission of permissions) checkedPermissions.add(permission);
}

/**
 * A check for a route that any of several permissions opens (a picker used by two screens): call
 * it where the route is declared; the returned function throws 403 unless the admin holds one.
 * Runs after `requireAdmin()`.
 */
export function permissionGate(anyOf: readonly Permission[]): (request: FastifyRequest) => void {
  declarePermissionChecks(anyOf);
  return (request) => {
    if (!anyOf.some((permission) => hasPermission(request.admin.permissions, permission))) {
      throw forbidden(`You need one of these permissions: ${anyOf.map((permission) => `"${permission}"`).join(', ')}.`);
    }
  };
}

/** Guards an admin endpoint: 401 without a session, 403 without the permission. */
export function requireAdmin(permission?: Permission): preHandlerAsyncHookHandler {
  if (permission) checkedPermissions.add(permission);
  return async (request) => {
    const current = await currentSession(request, adminAccounts);
    if (!current) throw unauthorized('Your admin session has expired. Please sign in again.');
    if (permission && !hasPermission(current.account.permissions, permission)) {
      throw forbidden(`You do not have the "${permission}" permission.`);
    }
    request.admin = current.account;
    setActor(request, { kind: 'admin', id: current.account.id, name: current.account.name });
  };
}

/**
 * Checks the password and opens a session. The attempt is counted first (per address, and per account
 * from that address: decision 026), so attempts past the limit are refused without hashing anything.
 */
export async function signIn<View>(
  request: FastifyRequest,
  reply: FastifyReply,
  provider: AccountProvider<View>,
  login: string,
  password: string,
  /** The form field the login was typed into, named in the error. */
  field = 'login',
): Promise<{ account: View; publicId: string }> {
  const { db } = request.server;
  const accountKey = `${provider.kind}:${login.trim().toLowerCase()}`;
  const ctx = requestCtx(request);
  await takeLoginAttempt(ctx, reply, accountKey, field);
  const found = await provider.findForLogin(db, login);
  const valid = await verifyPassword(found?.passwordHash, password);
  if (!found || !valid) {
    throw new HttpError(422, 'These credentials do not match our records.', {
      [field]: ['These credentials do not match our records.'],
    });
  }
  await loginSucceeded(ctx, accountKey);
  if (!found.active) throw new HttpError(403, provider.inactiveMessage);
  const account = await provider.load(db, found.id);
  if (!account) throw new HttpError(403, provider.inactiveMessage);
  return { account, publicId: await openSession(request, reply, provider.kind, found.id) };
}

/**
 * Opens a session for someone already proven (a password above, or Google or Facebook) and sets its
 * cookie; returns the session's public id. A new sign-in replaces this browser's session of the kind
 * and its CSRF token (the page learns the new one from the answer's X-CSRF-TOKEN header).
 */
export async function openSession(request: FastifyRequest, reply: FastifyReply, kind: SessionKind, subjectId: number): Promise<string> {
  const { config } = request.server;
  const ctx = requestCtx(request);
  const previous = request.cookies[SESSION_COOKIE[kind]];
  if (previous) await deleteSession(ctx, kind, previous);
  if (refreshed.get(request) === kind) refreshed.delete(request);
  const session = await createSession(ctx, {
    kind,
    subjectId,
    userAgent: request.headers['user-agent'],
    ttlMs: config.sessionTtlMs,
  });
  reply.setCookie(SESSION_COOKIE[kind], session.secret, sessionCookie(request));
  rotateCsrfToken(request, reply);
  return session.publicId;
}

export async function signOut(request: FastifyRequest, reply: FastifyReply, kind: SessionKind): Promise<void> {
  const secret = request.cookies[SESSION_COOKIE[kind]];
  if (secret) await deleteSession(requestCtx(request), kind, secret);
  if (refreshed.get(request) === kind) refreshed.delete(request);
  reply.clearCookie(SESSION_COOKIE[kind], { path: '/' });
}
