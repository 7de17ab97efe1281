import type { FastifyReply } from 'fastify';
import type { Ctx } from '../../context';
import { HttpError } from '../../http/errors';
import { clearCounter, type Hit, hitBackoff, hitWindow, refundHit } from './rate-counter';

/**
 * Sign-in limits (decision 026), decided in the database before the password is hashed:
 * - an address may make `perAddress` attempts that were not right within `addressWindowMs`, across
 *   every account: past them it is refused until the window ends (guessing across accounts stops);
 * - one account from one address gets `perAccount` attempts at once, then must wait `firstDelayMs`,
 *   doubling after each further wrong one up to `maxDelayMs`. Only that address is slowed: the owner
 *   signing in from elsewhere is never held up by a stranger's guesses, and nobody can lock them out.
 */
export const LOGIN_LIMIT = {
  perAccount: 5,
  firstDelayMs: 5_000,
  maxDelayMs: 15 * 60_000,
  /** A streak of wrong passwords is forgotten this long after its last attempt. */
  forgetMs: 24 * 3600_000,
  perAddress: 20,
  addressWindowMs: 15 * 60_000,
} as const;

const addressKey = (ip: string | null) => `login:address:${ip ?? ''}`;
const pairKey = (accountKey: string, ip: string | null) => `login:account:${accountKey}|${ip ?? ''}`;

/**
 * A 429 that says how long to wait: in words, in `retry_after` (seconds) and in the Retry-After
 * header; `field` names the form field the message belongs under.
 */
export function tooManyAttempts(reply: FastifyReply | null, hit: Hit, what: string, field: string): HttpError {
  const seconds = Math.max(1, Math.ceil(hit.retryAfterMs / 1000));
  const wait = seconds < 90 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`;
  const message = `${what} Please wait ${wait} and try again.`;
  reply?.header('retry-after', String(seconds));
  return new HttpError(429, message, { [field]: [message] }, { retry_after: seconds });
}

/**
 * Counts this attempt for the context's address and for the account from that address, and refuses
 * it (429 with Retry-After) when either says wait. Call before checking the password.
 */
export async function takeLoginAttempt(ctx: Ctx, reply: FastifyReply, accountKey: string, field: string): Promise<void> {
  const address = await hitWindow(ctx, addressKey(ctx.ip), { limit: LOGIN_LIMIT.perAddress, windowMs: LOGIN_LIMIT.addressWindowMs });
  // A refused attempt checks nothing, so it is given back: the address's count is of passwords
  // actually checked (and not right), which a burst of refused attempts cannot inflate.
  if (!address.allowed) {
    await refundHit(ctx, addressKey(ctx.ip));
    throw tooManyAttempts(reply, address, 'Too many failed sign-in attempts from this address.', field);
  }
  const account = await hitBackoff(ctx, pairKey(accountKey, ctx.ip), {
    free: LOGIN_LIMIT.perAccount,
    baseMs: LOGIN_LIMIT.firstDelayMs,
    capMs: LOGIN_LIMIT.maxDelayMs,
    forgetMs: LOGIN_LIMIT.forgetMs,
  });
  if (!account.allowed) {
    await refundHit(ctx, addressKey(ctx.ip));
    throw tooManyAttempts(reply, account, 'Too many failed sign-in attempts.', field);
  }
}

/** The password was right: the attempt is given back to the address and the account's streak from it ends. */
export async function loginSucceeded(ctx: Ctx, accountKey: string): Promise<void> {
  await refundHit(ctx, addressKey(ctx.ip));
  await clearCounter(ctx, pairKey(accountKey, ctx.ip));
}

const passwordCheckKey = (subject: string) => `password-check:${subject}`;

/**
 * The current-password check of a password change (someone holding another's session must not guess
 * it at full speed): the same growing delay as a sign-in, per person. Call before checking it, outside
 * the change's transaction so a wrong try stays counted; `subject` is e.g. `admin:12`.
 */
export async function takePasswordCheck(ctx: Ctx, subject: string, field: string): Promise<void> {
  const hit = await hitBackoff(ctx, passwordCheckKey(subject), {
    free: LOGIN_LIMIT.perAccount,
    baseMs: LOGIN_LIMIT.firstDelayMs,
    capMs: LOGIN_LIMIT.maxDelayMs,
    forgetMs: LOGIN_LIMIT.forgetMs,
  });
  if (!hit.allowed) throw tooManyAttempts(null, hit, 'Too many wrong current passwords.', field);
}

/** The current password was right: its streak ends. */
export async function passwordCheckSucceeded(ctx: Ctx, subject: string): Promise<void> {
  await clearCounter(ctx, passwordCheckKey(subject));
}
