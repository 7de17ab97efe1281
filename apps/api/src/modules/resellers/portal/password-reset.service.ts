import { passwordResetRequestInput, RESET_CODE, resetCodeVerifyInput, setNewPasswordInput } from '@haat/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { actingAs, type Ctx, inTransaction } from '../../../context';
import { invalid } from '../../../http/errors';
import { hashPassword } from '../../../lib/password';
import { randomToken, sha256 } from '../../../lib/tokens';
import { recordAudit } from '../../audit';
import { deleteSessionsOf, issueResetCode, type ResetCodeKind, tryResetCode } from '../../auth';
import { readSetting, SETTING_GROUPS, type SettingsConfig, secretsIn } from '../../settings';
import { sendSms } from '../../sms';
import { resellers } from '../reseller.table';
import { resellerPasswordResets } from './portal.table';

/**
 * Password reset by phone (PRODUCT.md §4) with the shared reset codes of auth's reset-code.ts (a
 * 6-digit code by SMS, checked at most 5 times within 10 minutes, at most 3 codes an hour per
 * phone); the right code gives a one-time token that sets the new password and ends every session
 * of the reseller. Every answer is the same whether the phone belongs to a reseller or not.
 */

export const RESET_SENT_MESSAGE =
  'If this number belongs to a reseller account, a 6-digit code is on its way by SMS. It is valid for 10 minutes.';
const TOKEN_TTL_MS = 15 * 60_000;

/** Reset requests one address may make in an hour, across phones (a script texting many numbers). */
export const RESET_REQUESTS_PER_ADDRESS_HOUR = 20;

const resellerCodes: ResetCodeKind<typeof resellerPasswordResets> = {
  name: 'reseller-reset',
  table: resellerPasswordResets,
  account: 'resellerId',
  // A verified code has handed out its token: no more tries on it.
  closedBy: 'tokenHash',
  async activeAccount(db, phone) {
    const [reseller] = await db.select({ id: resellers.id, status: resellers.status }).from(resellers).where(eq(resellers.phone, phone));
    return reseller?.status === 'active' ? reseller.id : null;
  },
  requestsPerAddressHour: RESET_REQUESTS_PER_ADDRESS_HOUR,
};

export async function requestPasswordReset(
  ctx: Ctx,
  config: SettingsConfig,
  reply: FastifyReply,
  body: unknown,
): Promise<{ message: string }> {
  const { phone } = passwordResetRequestInput.parse(body);
  const code = await issueResetCode(ctx, reply, resellerCodes, phone);
  if (code !== null) {
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

/** Checks the code; the right one answers a one-time token for `/dropshipper/set/new/password/{phone}`. */
export async function verifyResetCode(ctx: Ctx, phoneParam: string, body: unknown): Promise<{ reset_token: string; message: string }> {
  const { now } = ctx;
  const phone = parsePhone(phoneParam);
  const { code } = resetCodeVerifyInput.parse(body);
  // The transaction answers what happened rather than throwing, so a wrong try is counted (committed) before the refusal.
  const outcome = await inTransaction(ctx, async ({ db: tx }): Promise<{ refused: string } | { token: string }> => {
    const tried = await tryResetCode(tx, now, resellerCodes, phone, code);
    if ('refused' in tried) return tried;
    const row = tried.matched;
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
