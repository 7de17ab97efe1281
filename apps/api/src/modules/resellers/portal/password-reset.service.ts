import { randomInt } from 'node:crypto';
import { passwordResetRequestInput, RESET_CODE, resetCodeVerifyInput, setNewPasswordInput } from '@haat/contracts';
import { and, count, desc, eq, gt, isNull, min, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { actingAs, type Ctx, inTransaction } from '../../../context';
import type { Db } from '../../../db/client';
import { invalid } from '../../../http/errors';
import { hashPassword } from '../../../lib/password';
import { randomToken, safeEqual, sha256 } from '../../../lib/tokens';
import { recordAudit } from '../../audit';
import { deleteSessionsOf, hitWindow, tooManyAttempts } from '../../auth';
import { readSetting, SETTING_GROUPS, type SettingsConfig, secretsIn } from '../../settings';
import { sendSms } from '../../sms';
import { resellers } from '../reseller.table';
import { resellerPasswordResets } from './portal.table';

/**
 * Password reset by phone (PRODUCT.md §4): a 6-digit code by SMS, checked at most 5 times within
 * 10 minutes, at most 3 codes an hour per phone; the right code gives a one-time token that sets
 * the new password and ends every session of the reseller. Every answer is the same whether the
 * phone belongs to a reseller or not: a request for an unknown phone writes a row too, with a
 * code nobody knows, and counts against the same limits.
 */

export const RESET_SENT_MESSAGE =
  'If this number belongs to a reseller account, a 6-digit code is on its way by SMS. It is valid for 10 minutes.';
const WRONG_CODE = 'This code is not right or has expired. Check the SMS or ask for a new code.';
const TOO_MANY_TRIES = 'Too many wrong codes. Ask for a new code.';
const TOKEN_TTL_MS = 15 * 60_000;

/** A code's hash is tied to its row's phone, so a leaked table cannot be read back by trying 10^6 codes per row unseen. */
const codeHash = (phone: string, code: string) => sha256(`reseller-reset:${phone}:${code}`);

/** Reset requests one address may make in an hour, across phones (a script texting many numbers). */
export const RESET_REQUESTS_PER_ADDRESS_HOUR = 20;

export async function requestPasswordReset(
  ctx: Ctx,
  config: SettingsConfig,
  reply: FastifyReply,
  body: unknown,
): Promise<{ message: string }> {
  const { phone } = passwordResetRequestInput.parse(body);
  const { now } = ctx;
  const fromAddress = await hitWindow(ctx, `reset:address:${ctx.ip ?? ''}`, { limit: RESET_REQUESTS_PER_ADDRESS_HOUR, windowMs: 3600_000 });
  if (!fromAddress.allowed) throw tooManyAttempts(reply, fromAddress, 'Too many reset codes were asked for from this address.', 'phone');
  const hourAgo = new Date(now.getTime() - 3600_000);
  const code = String(randomInt(0, 10 ** RESET_CODE.digits)).padStart(RESET_CODE.digits, '0');
  // Counted and written under a lock on the phone, so requests at once cannot all see room for one more.
  const deliverable = await inTransaction(ctx, async ({ db: tx }) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`reseller-reset:${phone}`}))`);
    const [sent] = await tx
      .select({ n: count(), first: min(resellerPasswordResets.createdAt) })
      .from(resellerPasswordResets)
      .where(and(eq(resellerPasswordResets.phone, phone), gt(resellerPasswordResets.createdAt, hourAgo)));
    if ((sent?.n ?? 0) >= RESET_CODE.sendsPerHour) {
      const retryAfterMs = (sent?.first?.getTime() ?? now.getTime()) + 3600_000 - now.getTime();
      throw tooManyAttempts(
        reply,
        { allowed: false, count: sent?.n ?? 0, retryAfterMs },
        'Three codes were sent to this number in the last hour.',
        'phone',
      );
    }
    const [reseller] = await tx.select({ id: resellers.id, status: resellers.status }).from(resellers).where(eq(resellers.phone, phone));
    // Only an active reseller gets a real code; anyone else gets a row whose code was never sent.
    const active = Boolean(reseller && reseller.status === 'active');
    await tx.insert(resellerPasswordResets).values({
      phone,
      resellerId: active ? (reseller?.id ?? null) : null,
      codeHash: active ? codeHash(phone, code) : codeHash(phone, randomToken(16)),
      expiresAt: new Date(now.getTime() + RESET_CODE.ttlMs),
      createdAt: now,
    });
    return active;
  });
  if (deliverable) {
    const context = secretsIn(ctx, config);
    const { site_name: siteName } = await readSetting(ctx.db, SETTING_GROUPS.general);
    await sendSms(context, {
      to: [phone],
      message: `${code} is your ${siteName || 'Haat'} reseller password reset code. It expires in 10 minutes. Do not share it.`,
      purpose: 'password_reset',
    });
  }
  return { message: RESET_SENT_MESSAGE };
}

/** The latest code sent to a phone, if it is still open. */
async function latestReset(db: Db, phone: string, now: Date) {
  const [row] = await db
    .select()
    .from(resellerPasswordResets)
    .where(and(eq(resellerPasswordResets.phone, phone), isNull(resellerPasswordResets.usedAt), gt(resellerPasswordResets.expiresAt, now)))
    .orderBy(desc(resellerPasswordResets.id))
    .limit(1);
  return row ?? null;
}

/** Checks the code; the right one answers a one-time token for `/dropshipper/set/new/password/{phone}`. */
export async function verifyResetCode(ctx: Ctx, phoneParam: string, body: unknown): Promise<{ reset_token: string; message: string }> {
  const { now } = ctx;
  const phone = parsePhone(phoneParam);
  const { code } = resetCodeVerifyInput.parse(body);
  // The transaction answers what happened rather than throwing, so a wrong try is counted (committed) before the refusal.
  const outcome = await inTransaction(ctx, async ({ db: tx }): Promise<{ refused: string } | { token: string }> => {
    const found = await latestReset(tx, phone, now);
    if (!found) return { refused: WRONG_CODE };
    // Locked, so two guesses at once cannot both take the fifth try.
    const [row] = await tx.select().from(resellerPasswordResets).where(eq(resellerPasswordResets.id, found.id)).for('update');
    if (!row || row.usedAt || row.tokenHash) return { refused: WRONG_CODE };
    if (row.attempts >= RESET_CODE.maxAttempts) return { refused: TOO_MANY_TRIES };
    if (!safeEqual(row.codeHash, codeHash(phone, code))) {
      const attempts = row.attempts + 1;
      await tx.update(resellerPasswordResets).set({ attempts }).where(eq(resellerPasswordResets.id, row.id));
      return { refused: attempts >= RESET_CODE.maxAttempts ? TOO_MANY_TRIES : WRONG_CODE };
    }
    const token = randomToken(24);
    await tx
      .update(resellerPasswordResets)
      .set({ tokenHash: sha256(token), attempts: RESET_CODE.maxAttempts, expiresAt: new Date(now.getTime() + TOKEN_TTL_MS) })
      .where(eq(resellerPasswordResets.id, row.id));
    return { token };
  });
  if ('refused' in outcome) throw invalid('code', outcome.refused);
  return { reset_token: outcome.token, message: 'The code is right. Choose your new password.' };
}

/**
 * Sets the new password with the token of a verified code, once, and ends every session of the
 * reseller; the audit row names the reseller (who proved they hold the phone) and masks the password.
 */
export async function setNewPassword(ctx: Ctx, phoneParam: string, body: unknown): Promise<{ message: string }> {
  const { now } = ctx;
  const phone = parsePhone(phoneParam);
  const input = setNewPasswordInput.parse(body);
  const passwordHash = await hashPassword(input.password);
  const expired = 'This reset has expired or was already used. Ask for a new code.';
  await inTransaction(ctx, async (txCtx) => {
    const tx = txCtx.db;
    const [row] = await tx
      .select()
      .from(resellerPasswordResets)
      .where(and(eq(resellerPasswordResets.phone, phone), eq(resellerPasswordResets.tokenHash, sha256(input.reset_token))))
      .for('update');
    if (!row || row.usedAt || row.expiresAt <= now || !row.resellerId) throw invalid('reset_token', expired);
    await tx.update(resellerPasswordResets).set({ usedAt: now }).where(eq(resellerPasswordResets.id, row.id));
    const [reseller] = await tx
      .update(resellers)
      .set({ passwordHash, updatedAt: now })
      .where(eq(resellers.id, row.resellerId))
      .returning({ id: resellers.id, name: resellers.name });
    await deleteSessionsOf(tx, 'reseller', row.resellerId);
    await recordAudit(actingAs(txCtx, { kind: 'reseller', id: row.resellerId, name: reseller?.name ?? null }), {
      action: 'password.reset',
      entity: 'reseller',
      entityId: row.resellerId,
      changes: { password_hash: 'changed' },
    });
  });
  return { message: 'Your new password is set. Sign in with it.' };
}

function parsePhone(value: string): string {
  const parsed = passwordResetRequestInput.safeParse({ phone: value });
  if (!parsed.success) throw invalid('phone', 'Enter a mobile number like 01712345678');
  return parsed.data.phone;
}
