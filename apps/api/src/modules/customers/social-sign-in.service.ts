import { type SignInMethods, SOCIAL_PROVIDER_NAMES, type SocialErrorCode, type SocialProvider } from '@haat/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { type Ctx, inTransaction } from '../../context';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/constraint-errors';
import { HttpError, notFound } from '../../http/errors';
import { type OAuthClient, type OAuthProfile, oauthClient } from '../../integrations/oauth/oauth-provider';
import { readSecretSetting, SETTING_GROUPS, type SettingsContext } from '../settings';
import { customers } from './customer.table';
import { customerIdOf } from './customer-account.service';
import { customerIdentities } from './customer-identity.table';

/** A social sign-in that cannot finish, for a reason the sign-in page words for the shopper. */
export class SocialSignInError extends Error {
  constructor(
    readonly code: SocialErrorCode,
    detail?: string,
  ) {
    super(detail ?? code);
  }
}

export interface SocialContext extends SettingsContext {
  config: SettingsContext['config'] & { oauthEndpoints: Record<SocialProvider, { authorize?: string; token?: string; userinfo?: string }> };
}

/**
 * The provider's client when it is switched on with both its id and secret saved; otherwise null,
 * and its sign-in pages answer 404 as if they did not exist.
 */
export async function socialClient(context: SocialContext, provider: SocialProvider): Promise<OAuthClient | null> {
  const social = await readSecretSetting(context, SETTING_GROUPS.social);
  const credentials =
    provider === 'google'
      ? { on: social.google_enabled, clientId: social.google_client_id, clientSecret: social.google_client_secret }
      : { on: social.facebook_enabled, clientId: social.facebook_app_id, clientSecret: social.facebook_app_secret };
  if (!credentials.on || !credentials.clientId || !credentials.clientSecret) return null;
  const overrides = context.config.oauthEndpoints[provider];
  return oauthClient(
    provider,
    { clientId: credentials.clientId, clientSecret: credentials.clientSecret },
    Object.fromEntries(Object.entries(overrides).filter(([, url]) => url)),
  );
}

export async function requireSocialClient(context: SocialContext, provider: SocialProvider): Promise<OAuthClient> {
  const client = await socialClient(context, provider);
  if (!client) throw notFound(`${SOCIAL_PROVIDER_NAMES[provider]} sign-in`);
  return client;
}

type CustomerRow = { id: number; status: string };

async function customerById(db: Db, id: number): Promise<CustomerRow | undefined> {
  const [row] = await db.select({ id: customers.id, status: customers.status }).from(customers).where(eq(customers.id, id));
  return row;
}

async function identityOf(db: Db, provider: SocialProvider, subject: string) {
  const [row] = await db
    .select({ id: customerIdentities.id, customerId: customerIdentities.customerId, email: customerIdentities.email })
    .from(customerIdentities)
    .where(and(eq(customerIdentities.provider, provider), eq(customerIdentities.subject, subject)));
  return row;
}

/**
 * The customer a provider's profile signs in: the one already linked to it; else, when the provider
 * vouches for the e-mail, the customer with that e-mail (now linked); else a new customer without
 * phone or password. `currentCustomerId` (a shopper signed in, linking from their profile) links the
 * profile to them instead. Refuses blocked customers.
 */
export async function customerForProfile(
  ctx: Ctx,
  provider: SocialProvider,
  profile: OAuthProfile,
  currentCustomerId: number | null = null,
): Promise<{ customerId: number; created: boolean; linked: boolean }> {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      return await inTransaction(ctx, async ({ db: tx }) => {
        const identity = await identityOf(tx, provider, profile.subject);
        if (identity) {
          if (currentCustomerId !== null && identity.customerId !== currentCustomerId) throw new SocialSignInError('linked_elsewhere');
          const customer = await customerById(tx, identity.customerId);
          if (!customer) throw new SocialSignInError('provider', 'identity without customer');
          if (customer.status !== 'active') throw new SocialSignInError('blocked');
          if (profile.email !== identity.email) {
            await tx.update(customerIdentities).set({ email: profile.email }).where(eq(customerIdentities.id, identity.id));
          }
          return { customerId: customer.id, created: false, linked: false };
        }

        let target: CustomerRow | undefined;
        if (currentCustomerId !== null) target = await customerById(tx, currentCustomerId);
        else if (profile.email && profile.emailVerified) {
          [target] = await tx
            .select({ id: customers.id, status: customers.status })
            .from(customers)
            .where(eq(customers.email, profile.email))
            .for('update');
        }
        if (target) {
          if (target.status !== 'active') throw new SocialSignInError('blocked');
          const [other] = await tx
            .select({ id: customerIdentities.id })
            .from(customerIdentities)
            .where(and(eq(customerIdentities.customerId, target.id), eq(customerIdentities.provider, provider)));
          if (other) throw new SocialSignInError('other_account');
          await tx.insert(customerIdentities).values({ customerId: target.id, provider, subject: profile.subject, email: profile.email });
          return { customerId: target.id, created: false, linked: true };
        }

        // A new customer keeps the e-mail only when it is verified and no other account has it.
        let email: string | null = null;
        if (profile.email && profile.emailVerified) {
          const [taken] = await tx.select({ id: customers.id }).from(customers).where(eq(customers.email, profile.email));
          if (!taken) email = profile.email;
        }
        const [created] = await tx
          .insert(customers)
          .values({ name: profile.name.slice(0, 120), email, phone: null, passwordHash: null })
          .returning({ id: customers.id });
        const customerId = created?.id as number;
        await tx.insert(customerIdentities).values({ customerId, provider, subject: profile.subject, email: profile.email });
        return { customerId, created: true, linked: true };
      });
    } catch (error) {
      // Two first sign-ins of one person at once (two tabs): the other made the link; read it again.
      const raced =
        isUniqueViolation(error, 'customer_identities_provider_subject_unique') || isUniqueViolation(error, 'customers_email_unique');
      if (!raced || attempt > 0) throw error;
    }
  }
  throw new Error('unreachable');
}

/** `GET /_public/account/sign-in-methods`: a password or not, and the linked Google / Facebook accounts. */
export async function signInMethods(ctx: Ctx): Promise<SignInMethods> {
  const { db } = ctx;
  const customerId = customerIdOf(ctx);
  const [customer] = await db.select({ passwordHash: customers.passwordHash }).from(customers).where(eq(customers.id, customerId));
  const rows = await db
    .select({ provider: customerIdentities.provider, email: customerIdentities.email, createdAt: customerIdentities.createdAt })
    .from(customerIdentities)
    .where(eq(customerIdentities.customerId, customerId))
    .orderBy(asc(customerIdentities.provider));
  return {
    password: Boolean(customer?.passwordHash),
    identities: rows.map((row) => ({ provider: row.provider, email: row.email, linked_at: row.createdAt.toISOString() })),
  };
}

/**
 * Removes a linked Google or Facebook account. Only a customer with a password may: otherwise they
 * would have no way left to sign in.
 */
export async function unlinkIdentity(ctx: Ctx, provider: SocialProvider): Promise<void> {
  const customerId = customerIdOf(ctx);
  await inTransaction(ctx, async ({ db: tx }) => {
    const [customer] = await tx
      .select({ passwordHash: customers.passwordHash })
      .from(customers)
      .where(eq(customers.id, customerId))
      .for('update');
    const [identity] = await tx
      .select({ id: customerIdentities.id })
      .from(customerIdentities)
      .where(and(eq(customerIdentities.customerId, customerId), eq(customerIdentities.provider, provider)));
    if (!identity) throw notFound(`The linked ${SOCIAL_PROVIDER_NAMES[provider]} account`);
    if (!customer?.passwordHash) {
      throw new HttpError(
        409,
        `Your account has no password, so ${SOCIAL_PROVIDER_NAMES[provider]} is your only way to sign in: it stays linked.`,
      );
    }
    await tx.delete(customerIdentities).where(eq(customerIdentities.id, identity.id));
  });
}
