import { customerPasswordForgotInput, customerPasswordResetInput } from '@haat/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { actingAs, type Ctx, inTransaction } from '../../context';
import { invalid } from '../../http/errors';
import { hashPassword } from '../../lib/password';
import { recordAudit } from '../audit';
import { countTriesFromAddress, deleteSessionsOf, issueResetCode, RESET_CODE_WRONG, type ResetCodeKind, tryResetCode } from '../auth';
import { readSetting, SETTING_GROUPS, type SettingsConfig, secretsIn } from '../settings';
import { sendSms } from '../sms';
import { customers } from './customer.table';
import { customerPasswordResets } from './customer-password-reset.table';

/**
 * A shopper's password reset by phone, with the reseller's rules (the shared reset codes of auth's
 * reset-code.ts): per address 20 requests and 30 tries an hour. The storefront asks for the code and
 * the new password on one page, so the right code sets the password at once; every session of the
 * shopper ends. The answers are the same whether the phone is a shopper's or not.
 */

export const CUSTOMER_RESET_SENT =
  'If this number has an account with us, a 6-digit code is on its way by SMS. It is valid for 10 minutes.';

/** Reset requests one address may make in an hour, across phones (a script texting many numbers). */
export const CUSTOMER_RESETS_PER_ADDRESS_HOUR = 20;
/** Codes one address may try in an hour, across phones (each phone's code allows 5 on its own). */
export const CUSTOMER_RESET_TRIES_PER_ADDRESS_HOUR = 30;

const shopperCodes: ResetCodeKind<typeof customerPasswordResets> = {
  name: 'customer-reset',
  table: customerPasswordResets,
  account: 'customerId',
  async activeAccount(db, phone) {
    const [customer] = await db.select({ id: customers.id, status: customers.status }).from(customers).where(eq(customers.phone, phone));
    return customer?.status === 'active' ? customer.id : null;
  },
  requestsPerAddressHour: CUSTOMER_RESETS_PER_ADDRESS_HOUR,
  triesPerAddressHour: CUSTOMER_RESET_TRIES_PER_ADDRESS_HOUR,
};

/** `POST /_public/password/forgot`. */
export async function requestCustomerPasswordReset(
  ctx: Ctx,
  config: SettingsConfig,
  reply: FastifyReply,
  body: unknown,
): Promise<{ message: string }> {
  const { phone } = customerPasswordForgotInput.parse(body);
  const code = await issueResetCode(ctx, reply, shopperCodes, phone);
  if (code !== null) {
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
  await countTriesFromAddress(ctx, reply, shopperCodes);
  // Hashed before the lock is taken: the row stays locked only for the writes.
  const passwordHash = await hashPassword(input.password);
  const refusal = await inTransaction(ctx, async (txCtx): Promise<string | null> => {
    const tx = txCtx.db;
    const { now } = txCtx;
    const tried = await tryResetCode(tx, now, shopperCodes, phone, input.code);
    if ('refused' in tried) return tried.refused;
    const row = tried.matched;
    await tx
      .update(customerPasswordResets)
      .set({ usedAt: now, attempts: row.attempts + 1 })
      .where(eq(customerPasswordResets.id, row.id));
    const [customer] = await tx
      .update(customers)
      .set({ passwordHash, updatedAt: now })
      .where(and(eq(customers.id, row.accountId), eq(customers.status, 'active')))
      .returning({ id: customers.id, name: customers.name });
    if (!customer) return RESET_CODE_WRONG;
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
