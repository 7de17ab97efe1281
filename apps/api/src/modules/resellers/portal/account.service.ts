import {
  DEFAULT_RESELLER_COLORS,
  type ResellerApiKeyView,
  type ResellerSessionView,
  resellerApiKeyInput,
  resellerColorInput,
  resellerCompanyInput,
  resellerDeliveryChargeInput,
  resellerPasswordChangeInput,
  resellerProfileInput,
} from '@haat/contracts';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { type Ctx, inTransaction } from '../../../context';
import type { Db } from '../../../db/client';
import { isUniqueViolation } from '../../../db/constraint-errors';
import { HttpError, invalid, notFound } from '../../../http/errors';
import { hashPassword, verifyPassword } from '../../../lib/password';
import { randomToken, sha256 } from '../../../lib/tokens';
import { diffChanges, recordAudit } from '../../audit';
import { deleteSessionByPublicId, deleteSessionsOf, liveSessionsOf, passwordCheckSucceeded, takePasswordCheck } from '../../auth';
import { cityExists, cityNameSql, subCityIsIn, subCityNameSql } from '../../locations';
import { resellers } from '../reseller.table';
import { resellerApiKeys, resellerDeliveryCharges, resellerProfiles } from './portal.table';

/** The account pages of seed §2.3 that are not money: information, profile, company, colours, delivery charges, security, refer list. */

type Profile = typeof resellerProfiles.$inferSelect;

async function profileOf(db: Db, resellerId: number): Promise<Profile> {
  const [row] = await db.select().from(resellerProfiles).where(eq(resellerProfiles.resellerId, resellerId));
  if (row) return row;
  return {
    resellerId,
    address: '',
    about: '',
    companyName: '',
    companyPhone: '',
    companyEmail: '',
    companyAddress: '',
    tradeLicense: '',
    logo: null,
    facebookUrl: '',
    primaryColor: DEFAULT_RESELLER_COLORS.primary_color,
    secondaryColor: DEFAULT_RESELLER_COLORS.secondary_color,
    headerTextColor: DEFAULT_RESELLER_COLORS.header_text_color,
    updatedAt: new Date(0),
  };
}

async function saveProfile(
  { db, now }: Ctx,
  resellerId: number,
  values: Partial<Omit<Profile, 'resellerId' | 'updatedAt'>>,
): Promise<void> {
  await db
    .insert(resellerProfiles)
    .values({ resellerId, ...values, updatedAt: now })
    .onConflictDoUpdate({ target: resellerProfiles.resellerId, set: { ...values, updatedAt: now } });
}

/** What the audit log compares of a reseller's own account pages: their row's editable fields and their profile. */
async function auditedAccount(db: Db, resellerId: number): Promise<Record<string, unknown>> {
  const [reseller] = await db
    .select({ name: resellers.name, email: resellers.email, image: resellers.image, shop_name: resellers.shopName })
    .from(resellers)
    .where(eq(resellers.id, resellerId));
  const { resellerId: _id, updatedAt: _at, ...profile } = await profileOf(db, resellerId);
  return { ...reseller, ...Object.fromEntries(Object.entries(profile).map(([key, value]) => [snakeCase(key), value])) };
}

const snakeCase = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/**
 * Changes the reseller's own account in one transaction with its audit row (the reseller as actor,
 * the fields before → after); nothing changed writes no row.
 */
async function changeAccount(ctx: Ctx, resellerId: number, change: (tx: Ctx) => Promise<void>): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const before = await auditedAccount(tx.db, resellerId);
    await change(tx);
    const changes = diffChanges(before, await auditedAccount(tx.db, resellerId));
    if (Object.keys(changes).length) await recordAudit(tx, { action: 'update', entity: 'reseller', entityId: resellerId, changes });
  });
}

/** `/dropshipper/reseller/information` and `/dropshipper/profile`: who they are, their shop and referral code. */
export async function resellerInformation({ db }: Ctx, resellerId: number) {
  const [reseller] = await db.select().from(resellers).where(eq(resellers.id, resellerId));
  if (!reseller) throw notFound('The reseller');
  const profile = await profileOf(db, resellerId);
  const [referrer] = reseller.referredBy
    ? await db.select({ name: resellers.name, shopName: resellers.shopName }).from(resellers).where(eq(resellers.id, reseller.referredBy))
    : [];
  const [referred] = await db.select({ n: sql<number>`count(*)::int` }).from(resellers).where(eq(resellers.referredBy, resellerId));
  return {
    id: reseller.id,
    name: reseller.name,
    phone: reseller.phone,
    email: reseller.email,
    image: reseller.image,
    status: reseller.status,
    shop_name: reseller.shopName,
    slug: reseller.slug,
    storefront_path: `/shop/${reseller.slug}`,
    referral_code: reseller.referralCode,
    referred_by: referrer ? `${referrer.name} (${referrer.shopName})` : null,
    referral_count: referred?.n ?? 0,
    address: profile.address,
    about: profile.about,
    joined_at: reseller.createdAt.toISOString(),
  };
}

/** `/dropshipper/profile/edit`: name, email, picture, address, shop name, about; the phone is the login and stays. */
export async function updateResellerProfile(ctx: Ctx, resellerId: number, body: unknown) {
  const input = resellerProfileInput.parse(body);
  try {
    await changeAccount(ctx, resellerId, async (tx) => {
      await tx.db
        .update(resellers)
        .set({ name: input.name, email: input.email, image: input.image, shopName: input.shop_name, updatedAt: tx.now })
        .where(eq(resellers.id, resellerId));
      await saveProfile(tx, resellerId, { address: input.address, about: input.about });
    });
  } catch (error) {
    if (isUniqueViolation(error, 'resellers_email_unique')) throw invalid('email', 'Another account already uses this email address.');
    throw error;
  }
  return resellerInformation(ctx, resellerId);
}

const companyView = (profile: Profile) => ({
  company_name: profile.companyName,
  company_phone: profile.companyPhone,
  company_email: profile.companyEmail,
  company_address: profile.companyAddress,
  trade_license: profile.tradeLicense,
  logo: profile.logo,
  facebook_url: profile.facebookUrl,
});

/** `/dropshipper/company/info`. */
export async function resellerCompany({ db }: Ctx, resellerId: number) {
  return companyView(await profileOf(db, resellerId));
}

export async function updateResellerCompany(ctx: Ctx, resellerId: number, body: unknown) {
  const input = resellerCompanyInput.parse(body);
  await changeAccount(ctx, resellerId, (tx) =>
    saveProfile(tx, resellerId, {
      companyName: input.company_name,
      companyPhone: input.company_phone,
      companyEmail: input.company_email,
      companyAddress: input.company_address,
      tradeLicense: input.trade_license,
      logo: input.logo,
      facebookUrl: input.facebook_url,
    }),
  );
  return resellerCompany(ctx, resellerId);
}

/** `/dropshipper/color/setting`: their storefront's colours. */
export async function resellerColors({ db }: Ctx, resellerId: number) {
  const profile = await profileOf(db, resellerId);
  return { primary_color: profile.primaryColor, secondary_color: profile.secondaryColor, header_text_color: profile.headerTextColor };
}

export async function updateResellerColors(ctx: Ctx, resellerId: number, body: unknown) {
  const input = resellerColorInput.parse(body);
  await changeAccount(ctx, resellerId, (tx) =>
    saveProfile(tx, resellerId, {
      primaryColor: input.primary_color,
      secondaryColor: input.secondary_color,
      headerTextColor: input.header_text_color,
    }),
  );
  return resellerColors(ctx, resellerId);
}

// ---- Delivery charges of their storefront ------------------------------------------------------

/** `/dropshipper/delivery/charge`: their own charges, the one for everywhere else first. */
export async function resellerDeliveryChargeList({ db }: Ctx, resellerId: number) {
  const rows = await db
    .select({
      id: resellerDeliveryCharges.id,
      cityId: resellerDeliveryCharges.cityId,
      cityName: cityNameSql(resellerDeliveryCharges.cityId),
      subCityId: resellerDeliveryCharges.subCityId,
      subCityName: subCityNameSql(resellerDeliveryCharges.subCityId),
      charge: resellerDeliveryCharges.charge,
      updatedAt: resellerDeliveryCharges.updatedAt,
    })
    .from(resellerDeliveryCharges)
    .where(eq(resellerDeliveryCharges.resellerId, resellerId))
    .orderBy(
      sql`${resellerDeliveryCharges.cityId} nulls first`,
      asc(cityNameSql(resellerDeliveryCharges.cityId)),
      sql`${resellerDeliveryCharges.subCityId} nulls first`,
      asc(subCityNameSql(resellerDeliveryCharges.subCityId)),
    );
  return rows.map((row) => ({
    id: row.id,
    city_id: row.cityId,
    city_name: row.cityName,
    sub_city_id: row.subCityId,
    sub_city_name: row.subCityName,
    charge: row.charge,
    updated_at: row.updatedAt.toISOString(),
  }));
}

async function deliveryChargeValues(db: Db, body: unknown) {
  const input = resellerDeliveryChargeInput.parse(body);
  if (input.sub_city_id && !input.city_id) throw invalid('city_id', 'Choose the city of the area.');
  if (input.city_id) {
    if (!(await cityExists(db, input.city_id))) throw invalid('city_id', 'Choose a city from the list.');
  }
  if (input.sub_city_id) {
    if (!(await subCityIsIn(db, input.sub_city_id, input.city_id ?? 0))) throw invalid('sub_city_id', 'Choose an area of the chosen city.');
  }
  return { cityId: input.city_id, subCityId: input.sub_city_id, charge: input.charge };
}

const DUPLICATE_PLACE = 'You already have a delivery charge for this place; edit that one.';

export async function createResellerDeliveryCharge({ db }: Ctx, resellerId: number, body: unknown) {
  const values = await deliveryChargeValues(db, body);
  try {
    const [row] = await db
      .insert(resellerDeliveryCharges)
      .values({ resellerId, ...values })
      .returning({ id: resellerDeliveryCharges.id });
    return { id: row?.id };
  } catch (error) {
    if (isUniqueViolation(error, 'reseller_delivery_charges_place_unique')) throw invalid('city_id', DUPLICATE_PLACE);
    throw error;
  }
}

export async function updateResellerDeliveryCharge({ db, now }: Ctx, resellerId: number, id: number, body: unknown) {
  const values = await deliveryChargeValues(db, body);
  try {
    const updated = await db
      .update(resellerDeliveryCharges)
      .set({ ...values, updatedAt: now })
      .where(and(eq(resellerDeliveryCharges.id, id), eq(resellerDeliveryCharges.resellerId, resellerId)))
      .returning({ id: resellerDeliveryCharges.id });
    if (updated.length === 0) throw notFound('The delivery charge');
    return { id };
  } catch (error) {
    if (isUniqueViolation(error, 'reseller_delivery_charges_place_unique')) throw invalid('city_id', DUPLICATE_PLACE);
    throw error;
  }
}

export async function deleteResellerDeliveryCharge({ db }: Ctx, resellerId: number, id: number) {
  const deleted = await db
    .delete(resellerDeliveryCharges)
    .where(and(eq(resellerDeliveryCharges.id, id), eq(resellerDeliveryCharges.resellerId, resellerId)))
    .returning({ id: resellerDeliveryCharges.id });
  if (deleted.length === 0) throw notFound('The delivery charge');
}

// ---- Security ----------------------------------------------------------------------------------

/**
 * `/dropshipper/security/edit`: a new password needs the current one and ends every other session;
 * the audit row says only that the password changed.
 */
export async function changeResellerPassword(ctx: Ctx, resellerId: number, currentSessionId: string, body: unknown) {
  const input = resellerPasswordChangeInput.parse(body);
  await takePasswordCheck(ctx, `reseller:${resellerId}`, 'current_password');
  const [row] = await ctx.db.select({ passwordHash: resellers.passwordHash }).from(resellers).where(eq(resellers.id, resellerId));
  if (!row || !(await verifyPassword(row.passwordHash, input.current_password))) {
    throw invalid('current_password', 'Your current password is not right.');
  }
  await passwordCheckSucceeded(ctx, `reseller:${resellerId}`);
  const passwordHash = await hashPassword(input.password);
  await inTransaction(ctx, async (tx) => {
    await tx.db.update(resellers).set({ passwordHash, updatedAt: tx.now }).where(eq(resellers.id, resellerId));
    await deleteSessionsOf(tx.db, 'reseller', resellerId, currentSessionId);
    await recordAudit(tx, {
      action: 'password.change',
      entity: 'reseller',
      entityId: resellerId,
      changes: diffChanges({ password_hash: row.passwordHash }, { password_hash: passwordHash }),
    });
  });
  return { message: 'Your password is changed. You were signed out everywhere else.' };
}

export async function resellerSessions({ db, now }: Ctx, resellerId: number, currentSessionId: string): Promise<ResellerSessionView[]> {
  const rows = await liveSessionsOf(db, 'reseller', resellerId, now);
  return rows.map((row) => ({
    id: row.publicId,
    ip: row.ip,
    user_agent: row.userAgent,
    created_at: row.createdAt.toISOString(),
    last_seen_at: row.lastSeenAt.toISOString(),
    current: row.id === currentSessionId,
  }));
}

/** Signs out every other session of the reseller (this browser stays signed in). */
export async function endOtherResellerSessions({ db }: Ctx, resellerId: number, currentSessionId: string) {
  await deleteSessionsOf(db, 'reseller', resellerId, currentSessionId);
}

/** Signs out one other session, named by its public id; the reseller's own current one cannot be ended here. */
export async function endResellerSession({ db }: Ctx, resellerId: number, currentSessionId: string, publicId: string) {
  if (!(await deleteSessionByPublicId(db, 'reseller', resellerId, publicId, currentSessionId))) throw notFound('The session');
}

/** API keys are shown as "hk_" + 40 random characters once; only their SHA-256 is kept. */
export const API_KEY_PREFIX = 'hk_';
const MAX_ACTIVE_KEYS = 10;

const keyView = (row: typeof resellerApiKeys.$inferSelect): ResellerApiKeyView => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
  revoked_at: row.revokedAt?.toISOString() ?? null,
});

export async function resellerApiKeyList({ db }: Ctx, resellerId: number): Promise<ResellerApiKeyView[]> {
  const rows = await db.select().from(resellerApiKeys).where(eq(resellerApiKeys.resellerId, resellerId)).orderBy(desc(resellerApiKeys.id));
  return rows.map(keyView);
}

export async function createResellerApiKey({ db }: Ctx, resellerId: number, body: unknown): Promise<ResellerApiKeyView & { key: string }> {
  const input = resellerApiKeyInput.parse(body);
  const [active] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(resellerApiKeys)
    .where(and(eq(resellerApiKeys.resellerId, resellerId), isNull(resellerApiKeys.revokedAt)));
  if ((active?.n ?? 0) >= MAX_ACTIVE_KEYS) {
    throw new HttpError(422, `You can have at most ${MAX_ACTIVE_KEYS} keys in use. Revoke one you no longer need first.`);
  }
  const key = `${API_KEY_PREFIX}${randomToken(30)}`;
  const [row] = await db
    .insert(resellerApiKeys)
    .values({ resellerId, name: input.name, prefix: key.slice(0, 10), keyHash: sha256(key) })
    .returning();
  if (!row) throw new Error('the key was not written');
  return { ...keyView(row), key };
}

export async function revokeResellerApiKey({ db }: Ctx, resellerId: number, id: number): Promise<ResellerApiKeyView> {
  const [row] = await db
    .update(resellerApiKeys)
    .set({ revokedAt: sql`coalesce(${resellerApiKeys.revokedAt}, now())` })
    .where(and(eq(resellerApiKeys.id, id), eq(resellerApiKeys.resellerId, resellerId)))
    .returning();
  if (!row) throw notFound('The API key');
  return keyView(row);
}

/**
 * The reseller a bearer key belongs to, for the reseller REST API: null for an unknown or revoked
 * key or a reseller who may not sign in. Marks the key used (at most once a minute).
 */
export async function resellerForApiKey(db: Db, key: string): Promise<{ resellerId: number; keyId: number } | null> {
  if (!key.startsWith(API_KEY_PREFIX) || key.length > 100) return null;
  const [row] = await db
    .select({
      id: resellerApiKeys.id,
      resellerId: resellerApiKeys.resellerId,
      lastUsedAt: resellerApiKeys.lastUsedAt,
      status: resellers.status,
    })
    .from(resellerApiKeys)
    .innerJoin(resellers, eq(resellers.id, resellerApiKeys.resellerId))
    .where(and(eq(resellerApiKeys.keyHash, sha256(key)), isNull(resellerApiKeys.revokedAt)));
  if (row?.status !== 'active') return null;
  const now = new Date();
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > 60_000) {
    await db.update(resellerApiKeys).set({ lastUsedAt: now }).where(eq(resellerApiKeys.id, row.id));
  }
  return { resellerId: row.resellerId, keyId: row.id };
}
