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
import { merchants } from '../merchant.table';
import { merchantPasswordResets } from '../money/money.table';

/**
 * `/merchant/password/reset`: the shared reset codes of auth's reset-code.ts (a 6-digit code by SMS,
 * 5 tries, 10 minutes, 3 codes an hour per phone, the same answer for any phone); the right code
 * gives a one-time token that sets the new password and ends every session of the merchant.
 */
export const MERCHANT_RESET_SENT =
  'If this number belongs to a merchant account, a 6-digit code is on its way by SMS. It is valid for 10 minutes.';
const TOKEN_TTL_MS = 15 * 60_000;

const merchantCodes: ResetCodeKind<typeof merchantPasswordResets> = {
  name: 'merchant-reset',
  table: merchantPasswordResets,
  account: 'merchantId',
  closedBy: 'tokenHash',
  async activeAccount(db, phone) {
    const [merchant] = await db.select({ id: merchants.id, status: merchants.status }).from(merchants).where(eq(merchants.phone, phone));
    return merchant?.status === 'active' ? merchant.id : null;
  },
  requestsPerAddressHour: 20,
};

export async function requestMerchantReset(
  ctx: Ctx,
  config: SettingsConfig,
  reply: FastifyReply,
  body: unknown,
): Promise<{ message: string }> {
  const { phone } = passwordResetRequestInput.parse(body);
  const code = await issueResetCode(ctx, reply, merchantCodes, phone);
  if (code !== null) {
    const { site_name: siteName } = await readSetting(ctx.db, SETTING_GROUPS.general);
    await sendSms(secretsIn(ctx, config), {
      to: [phone],
      message: `${code} is your ${siteName || 'Haat'} merchant password reset code. It expires in 10 minutes. Do not share it.`,
      purpose: 'password_reset',
    });
  }
  return { message: MERCHANT_RESET_SENT };
}

/** Checks the code; the right one answers a one-time token for the new-password step. */
export async function verifyMerchantResetCode(
  ctx: Ctx,
  phoneParam: string,
  body: unknown,
): Promise<{ reset_token: string; message: string }> {
  const { now } = ctx;
  const phone = parsePhone(phoneParam);
  const { code } = resetCodeVerifyInput.parse(body);
  // Answers rather than throws, so a wrong try is counted (committed) before the refusal.
  const outcome = await inTransaction(ctx, async ({ db: tx }): Promise<{ refused: string } | { token: string }> => {
    const tried = await tryResetCode(tx, now, merchantCodes, phone, code);
    if ('refused' in tried) return tried;
    const token = randomToken(24);
    await tx
      .update(merchantPasswordResets)
      .set({ tokenHash: sha256(token), attempts: RESET_CODE.maxAttempts, expiresAt: new Date(now.getTime() + TOKEN_TTL_MS) })
      .where(eq(merchantPasswordResets.id, tried.matched.id));
    return { token };
  });
  if ('refused' in outcome) throw invalid('code', outcome.refused);
  return { reset_token: outcome.token, message: 'The code is right. Choose your new password.' };
}

/** Sets the new password with a verified code's token, once; every session of the merchant ends (audited, masked). */
export async function setMerchantNewPassword(ctx: Ctx, phoneParam: string, body: unknown): Promise<{ message: string }> {
  const { now } = ctx;
  const phone = parsePhone(phoneParam);
  const input = setNewPasswordInput.parse(body);
  const passwordHash = await hashPassword(input.password);
  await inTransaction(ctx, async (txCtx) => {
    const tx = txCtx.db;
    const [row] = await tx
      .select()
      .from(merchantPasswordResets)
      .where(and(eq(merchantPasswordResets.phone, phone), eq(merchantPasswordResets.tokenHash, sha256(input.reset_token))))
      .for('update');
    if (!row || row.usedAt || row.expiresAt <= now || !row.merchantId) {
      throw invalid('reset_token', 'This reset has expired or was already used. Ask for a new code.');
    }
    await tx.update(merchantPasswordResets).set({ usedAt: now }).where(eq(merchantPasswordResets.id, row.id));
    const [merchant] = await tx
      .update(merchants)
      .set({ passwordHash, updatedAt: now })
      .where(eq(merchants.id, row.merchantId))
      .returning({ id: merchants.id, name: merchants.name });
    await deleteSessionsOf(tx, 'merchant', row.merchantId);
    await recordAudit(actingAs(txCtx, { kind: 'merchant', id: row.merchantId, name: merchant?.name ?? null }), {
      action: 'password.reset',
      entity: 'merchant',
      entityId: row.merchantId,
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
