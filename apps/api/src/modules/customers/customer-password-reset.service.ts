import { randomInt } from 'node:crypto';
import { customerPasswordForgotInput, customerPasswordResetInput, RESET_CODE } from '@haat/contracts';
import { and, count, desc, eq, gt, isNull, min, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { actingAs, type Ctx, inTransaction } from '../../context';
import { invalid } from '../../http/errors';
import { hashPassword } from '../../lib/password';
import { randomToken, safeEqual, sha256 } from '../../lib/tokens';
import { recordAudit } from '../audit';
import { deleteSessionsOf, hitWindow, tooManyAttempts } from '../auth';
import { readSetting, SETTING_GROUPS, type SettingsConfig, secretsIn } from '../settings';
import { sendSms } from '../sms';
import { customers } from './customer.table';
import { customerPasswordResets } from './customer-password-reset.table';

/**
 * A shopper's password reset by phone, with the reseller's rules (PRODUCT.md §4, RESET_CODE): a
 * 6-digit code by SMS, valid 10 minutes, 5 tries counted on the code's row under its lock, at most
 * 3 codes an hour per phone (counted under a lock on the phone), and per address 20 requests and 30
 * tries an hour (the rate counters). The storefront asks for the code and the new password on one page, so the
 * right code sets the password at once; every session of the shopper ends. The answers are the same
 * whether the phone is a shopper's or not: an unknown phone gets a row too, with a code nobody knows.
 */

export const CUSTOMER_RESET_SENT =
  'If this number has an account with us, a 6-digit code is on its way by SMS. It is valid for 10 minutes.';
const WRONG_CODE = 'This code is not right or has expired. Check the SMS or ask for a new code.';
const TOO_MANY_TRIES = 'Too many wrong codes. Ask for a new code.';

/** Reset requests one address may make in an hour, across phones (a script texting many numbers). */
export const CUSTOMER_RESETS_PER_ADDRESS_HOUR = 20;
/** Codes one address may try in an hour, across phones (each phone's code allows 5 on its own). */
export const CUSTOMER_RESET_TRIES_PER_ADDRESS_HOUR = 30;

/** Tied to the row's phone, so a leaked table cannot be read back by trying 10^6 codes per row unseen. */
const codeHash = (phone: string, code: string) => sha256(`customer-reset:${phone}:${code}`);

/** `POST /_public/password/forgot`. */
export async function requestCustomerPasswordReset(
  ctx: Ctx,
  config: SettingsConfig,
  reply: FastifyReply,
  body: unknown,
): Promise<{ message: string }> {
  const { phone } = customerPasswordForgotInput.parse(body);
  const { now } = ctx;
  const fromAddress = await hitWindow(ctx, `customer-reset:address:${ctx.ip ?? ''}`, {
    limit: CUSTOMER_RESETS_PER_ADDRESS_HOUR,
    windowMs: 3600_000,
  });
  if (!fromAddress.allowed) throw tooManyAttempts(reply, fromAddress, 'Too many reset codes were asked for from this address.', 'phone');
  const hourAgo = new Date(now.getTime() - 3600_000);
  const code = String(randomInt(0, 10 ** RESET_CODE.digits)).padStart(RESET_CODE.digits, '0');
  // Counted and written under a lock on the phone, so requests at once cannot all see room for one more.
  const deliverable = await inTransaction(ctx, async ({ db: tx }) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`customer-reset:${phone}`}))`);
    const [sent] = await tx
      .select({ n: count(), first: min(customerPasswordResets.createdAt) })
      .from(customerPasswordResets)
      .where(and(eq(customerPasswordResets.phone, phone), gt(customerPasswordResets.createdAt, hourAgo)));
    if ((sent?.n ?? 0) >= RESET_CODE.sendsPerHour) {
      const retryAfterMs = (sent?.first?.getTime() ?? now.getTime()) + 3600_000 - now.getTime();
      throw tooManyAttempts(
        reply,
        { allowed: false, count: sent?.n ?? 0, retryAfterMs },
        'Three codes were sent to this number in the last hour.',
        'phone',
      );
    }
    const [customer] = await tx.select({ id: customers.id, status: customers.status }).from(customers).where(eq(customers.phone, phone));
    // Only an active shopper gets a real code; anyone else gets a row whose code was never sent.
    const active = customer?.status === 'active' ? customer.id : null;
    await tx.insert(customerPasswordResets).values({
      phone,
      customerId: active,
      codeHash: active ? codeHash(phone, code) : codeHash(phone, randomToken(16)),
      expiresAt: new Date(now.getTime() + RESET_CODE.ttlMs),
      createdAt: now,
    });
    return active !== null;
  });
  if (deliverable) {
    const { site_name: siteName } = await readSetting(ctx.db, SETTING_GROUPS.general);
    await sendSms(secretsIn(ctx, config), {
      to: [phone],
      message: `${code} is your ${siteName || 'Haat'} password reset code. It expires in 10 minutes. Do not share it.`,
      purpose: 'password_reset',
    });
  }
  return { message: CUSTOMER_RESET_SENT };
}

/**
 * `POST /_public/password/reset`: the right code (the latest one sent, unused, unexpired, with tries
 * left) sets the new password and ends every session of the shopper; a wrong one is counted (and
 * committed) before it is refused. The audit row names the shopper, who proved they hold the phone.
 */
export async function resetCustomerPassword(ctx: Ctx, reply: FastifyReply, body: unknown): Promise<{ message: string }> {
  const input = customerPasswordResetInput.parse(body);
  const { phone } = input;
  const fromAddress = await hitWindow(ctx, `customer-reset-try:address:${ctx.ip ?? ''}`, {
    limit: CUSTOMER_RESET_TRIES_PER_ADDRESS_HOUR,
    windowMs: 3600_000,
  });
  if (!fromAddress.allowed) throw tooManyAttempts(reply, fromAddress, 'Too many codes were tried from this address.', 'code');
  // Hashed before the lock is taken: the row stays locked only for the writes.
  const passwordHash = await hashPassword(input.password);
  const refusal = await inTransaction(ctx, async (txCtx): Promise<string | null> => {
    const tx = txCtx.db;
    const { now } = txCtx;
    const [latest] = await tx
      .select({ id: customerPasswordResets.id })
      .from(customerPasswordResets)
      .where(and(eq(customerPasswordResets.phone, phone), isNull(customerPasswordResets.usedAt), gt(customerPasswordResets.expiresAt, now)))
      .orderBy(desc(customerPasswordResets.id))
      .limit(1);
    if (!latest) return WRONG_CODE;
    // Locked, so two guesses at once cannot both take the fifth try.
    const [row] = await tx.select().from(customerPasswordResets).where(eq(customerPasswordResets.id, latest.id)).for('update');
    if (!row || row.usedAt || row.expiresAt <= now) return WRONG_CODE;
    if (row.attempts >= RESET_CODE.maxAttempts) return TOO_MANY_TRIES;
    if (!safeEqual(row.codeHash, codeHash(phone, input.code)) || row.customerId === null) {
      const attempts = row.attempts + 1;
      await tx.update(customerPasswordResets).set({ attempts }).where(eq(customerPasswordResets.id, row.id));
      return attempts >= RESET_CODE.maxAttempts ? TOO_MANY_TRIES : WRONG_CODE;
    }
    await tx
      .update(customerPasswordResets)
      .set({ usedAt: now, attempts: row.attempts + 1 })
      .where(eq(customerPasswordResets.id, row.id));
    const [customer] = await tx
      .update(customers)
      .set({ passwordHash, updatedAt: now })
      .where(and(eq(customers.id, row.customerId), eq(customers.status, 'active')))
      .returning({ id: customers.id, name: customers.name });
    if (!customer) return WRONG_CODE;
    await deleteSessionsOf(tx, 'user', customer.id);
    await recordAudit(actingAs(txCtx, { kind: 'customer', id: customer.id, name: customer.name }), {
      action: 'password.reset',
      entity: 'customer',
      entityId: customer.id,
      changes: { password_hash: 'changed' },
    });
    return null;
  });
  if (refusal) throw invalid('code', refusal);
  return { message: 'Your new password is set. Sign in with it.' };
}
