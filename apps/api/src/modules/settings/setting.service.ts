import {
  type CheckoutPaymentMethod,
  type FraudSetting,
  GATEWAY_CODES,
  GATEWAY_NAMES,
  type GeneralSetting,
  isMaskedSecret,
  maskSecret,
  PAYABLE_AT_CHECKOUT,
  type PaymentPurpose,
  type PublicSiteInfo,
  SECRET_MASK,
  SETTING_GROUP_CONTRACTS,
  type SettingGroupContract,
  type SettingGroupKey,
  type SiteConfiguration,
  secretFieldNames,
} from '@haat/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { adminIdOf, type Ctx, inTransaction } from '../../context';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import { SecretBox, secretBoxFor } from '../../lib/secret-box';
import { diffChanges, recordAudit } from '../audit';
import { settings } from './setting.table';

type Values = Record<string, unknown>;

/** A settings group as the server uses it: its row key, contract schema, defaults and secret fields. */
export interface SettingGroup<T> {
  key: SettingGroupKey;
  title: string;
  schema: z.ZodType<T>;
  defaults: T;
  secrets: readonly string[];
}

function serverGroup<Contract extends SettingGroupContract>(contract: Contract): SettingGroup<z.output<Contract['schema']>> {
  return {
    key: contract.key,
    title: contract.title,
    schema: contract.schema as z.ZodType<z.output<Contract['schema']>>,
    defaults: contract.defaults as z.output<Contract['schema']>,
    secrets: secretFieldNames(contract),
  };
}

const C = SETTING_GROUP_CONTRACTS;

/** Every group, keyed as in the contracts (and as stored: one `settings` row per group). */
export const SETTING_GROUPS = {
  general: serverGroup(C.general) as SettingGroup<GeneralSetting>,
  header: serverGroup(C.header),
  footer: serverGroup(C.footer),
  marketing: serverGroup(C.marketing),
  theme: serverGroup(C.theme),
  configuration: serverGroup(C.configuration) as SettingGroup<SiteConfiguration>,
  payment: serverGroup(C.payment),
  social: serverGroup(C.social),
  sms: serverGroup(C.sms),
  services: serverGroup(C.services),
  email: serverGroup(C.email),
  incomplete: serverGroup(C.incomplete),
  fraud: serverGroup(C.fraud) as SettingGroup<FraudSetting>,
} satisfies Record<SettingGroupKey, { key: SettingGroupKey }>;

export function findSettingGroup(key: string): SettingGroup<Values> | undefined {
  return Object.hasOwn(SETTING_GROUPS, key) ? (SETTING_GROUPS[key as SettingGroupKey] as SettingGroup<Values>) : undefined;
}

/** Where the key that seals secrets comes from (the app's config). */
export interface SettingsConfig {
  settingsKey?: string;
  dataDir: string;
}

/**
 * What the secret readers (readSecretSetting, sendSms, sendEmail) need: a database and the key's
 * config. A service holding a ctx takes `(ctx, config, …)` and passes `secretsIn(ctx, config)`.
 */
export interface SettingsContext {
  db: Db;
  config: SettingsConfig;
}

/** The secret readers' context on the ctx's database (its transaction, if any). */
export function secretsIn(ctx: Ctx, config: SettingsConfig): SettingsContext {
  return { db: ctx.db, config };
}

/** Associated data binding a sealed secret to its group and field. */
const secretContext = (group: SettingGroup<unknown>, field: string) => `settings:${group.key}:${field}`;

interface Stored<T> {
  /** The group's values; each secret field holds SECRET_MASK when set, '' when not. */
  values: T;
  /** Each secret field as stored: sealed text, or ''. */
  sealed: Record<string, string>;
}

/**
 * A stored group merged over its defaults, so a field added later has a value at once. A field that
 * no longer passes the contract falls back to its default rather than losing the whole group.
 */
function fromRaw<T>(group: SettingGroup<T>, raw: unknown): Stored<T> {
  const stored = raw && typeof raw === 'object' ? (raw as Values) : {};
  let candidate: Values = { ...(group.defaults as Values), ...stored };
  const sealed: Record<string, string> = {};
  for (const name of group.secrets) {
    const value = stored[name];
    sealed[name] = typeof value === 'string' ? value : '';
    // Ciphertext is longer than the secret's limit: the contract checks a stand-in instead.
    candidate[name] = sealed[name] ? SECRET_MASK : '';
  }
  for (let attempt = 0; attempt < 3; attempt++) {
    const parsed = group.schema.safeParse(candidate);
    if (parsed.success) return { values: parsed.data, sealed };
    const fields = new Set(parsed.error.issues.map((issue) => String(issue.path[0] ?? '')));
    if (fields.has('')) break;
    candidate = { ...candidate, ...Object.fromEntries([...fields].map((field) => [field, (group.defaults as Values)[field]])) };
  }
  return { values: group.defaults, sealed };
}

/** A database's groups as last read, valid while its settings epoch is unchanged. */
interface SettingsCache {
  epoch: () => number;
  at: number | null;
  groups: Map<string, Stored<unknown>>;
}

const caches = new WeakMap<Db, SettingsCache>();

/**
 * Keeps the groups read through `db` (the app's database, never a transaction) while
 * `settingsEpoch` is unchanged: every write of the `settings` table moves it (migration 0027's
 * trigger, counted by the PGlite client in this process), so a read answers from memory — without
 * a statement or the contract's check — until a group is saved. Reads inside a transaction, and
 * locked reads, always read the row.
 */
export function cacheSettingsBy(db: Db, settingsEpoch: () => number): void {
  caches.set(db, { epoch: settingsEpoch, at: null, groups: new Map() });
}

async function readStored<T>(db: Db, group: SettingGroup<T>, lock = false): Promise<Stored<T>> {
  const cache = lock ? undefined : caches.get(db);
  if (!cache) return readStoredRow(db, group, lock);
  const epoch = cache.epoch();
  if (epoch !== cache.at) {
    cache.groups.clear();
    cache.at = epoch;
  }
  let stored = cache.groups.get(group.key) as Stored<T> | undefined;
  if (!stored) {
    // Read after the epoch: a change committed in between is in the row, and moves the epoch for the next read.
    stored = await readStoredRow(db, group, false);
    if (cache.at === epoch) cache.groups.set(group.key, stored);
  }
  // A copy: callers may change what they are given.
  return structuredClone(stored);
}

async function readStoredRow<T>(db: Db, group: SettingGroup<T>, lock: boolean): Promise<Stored<T>> {
  const query = db.select({ value: settings.value }).from(settings).where(eq(settings.key, group.key));
  const [row] = lock ? await query.for('update') : await query;
  return fromRaw(group, row?.value);
}

function plainSecrets<T>(group: SettingGroup<T>, stored: Stored<T>, box: SecretBox | null): T {
  if (group.secrets.length === 0) return stored.values;
  if (!box) throw new Error(`The ${group.key} settings hold secrets: read them with a settings context.`);
  const values = { ...(stored.values as Values) };
  for (const name of group.secrets) {
    const sealed = stored.sealed[name] ?? '';
    // A secret sealed with another key (the key was lost or replaced) reads as not set.
    values[name] = SecretBox.isSealed(sealed) ? (box.open(sealed, secretContext(group, name)) ?? '') : sealed;
  }
  return values as T;
}

function masked<T>(group: SettingGroup<T>, plain: T): T {
  const values = { ...(plain as Values) };
  for (const name of group.secrets) values[name] = maskSecret(String(values[name] ?? ''));
  return values as T;
}

/**
 * A group's values for any code and any reader: secret fields hold only "••••" (set) or "" (not
 * set). Server code that needs a secret reads it with readSecretSetting.
 */
export async function readSetting<T>(db: Db, group: SettingGroup<T>): Promise<T> {
  return (await readStored(db, group)).values;
}

/** The group with its secrets in plain text: for server code only, never for an answer. */
export async function readSecretSetting<T>(context: SettingsContext, group: SettingGroup<T>): Promise<T> {
  return plainSecrets(group, await readStored(context.db, group), secretBoxFor(context.config));
}

/** What the back office sees: each secret as "••••" and its last 4 characters. */
export async function readMaskedSetting<T>(context: SettingsContext, group: SettingGroup<T>): Promise<T> {
  return masked(group, await readSecretSetting(context, group));
}

/** Writes a group's plain values (secrets sealed) and the audit row of what changed, in the ctx's transaction. */
async function persist<T>(ctx: Ctx, group: SettingGroup<T>, before: T, after: T, box: SecretBox | null) {
  const stored = { ...(after as Values) };
  for (const name of group.secrets) {
    const plain = String(stored[name] ?? '');
    if (!plain) continue;
    if (!box) throw new Error(`The ${group.key} settings hold secrets: write them with a settings context.`);
    stored[name] = box.seal(plain, secretContext(group, name));
  }
  const updatedBy = adminIdOf(ctx);
  await ctx.db
    .insert(settings)
    .values({ key: group.key, value: stored, updatedBy })
    .onConflictDoUpdate({ target: settings.key, set: { value: stored, updatedBy, updatedAt: ctx.now } });
  const changes = diffChanges(before as Values, after as Values, { secrets: group.secrets });
  if (Object.keys(changes).length > 0) {
    await recordAudit(ctx, { action: 'update', entity: 'setting', entityId: group.key, changes });
  }
}

/**
 * Replaces a group with complete plain values (first start, server code), recording the change in
 * the audit log. A group with secrets needs `config` to seal them.
 */
export async function writeSetting<T>(ctx: Ctx, group: SettingGroup<T>, value: T, options: { config?: SettingsConfig } = {}): Promise<T> {
  const valid = group.schema.parse(value);
  const box = options.config ? secretBoxFor(options.config) : null;
  await inTransaction(ctx, async (tx) => {
    const stored = await readStored(tx.db, group, true);
    const before = group.secrets.length && box ? plainSecrets(group, stored, box) : stored.values;
    await persist(tx, group, before, valid, box);
  });
  return valid;
}

/**
 * Saves what the settings screen sent: fields left out keep their value, a secret sent back masked
 * keeps the stored secret, an empty secret clears it. Answers the saved group, masked.
 */
export async function updateSetting<T>(ctx: Ctx, config: SettingsConfig, group: SettingGroup<T>, body: unknown): Promise<T> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    throw new HttpError(422, 'Send the settings as a JSON object.');
  }
  const box = secretBoxFor(config);
  return inTransaction(ctx, async (tx) => {
    const current = plainSecrets(group, await readStored(tx.db, group, true), box);
    // Checked as sent (a masked secret stands in for the stored one), so errors name what the form shows.
    const sent = group.schema.parse({ ...(masked(group, current) as Values), ...(body as Values) }) as Values;
    for (const name of group.secrets) {
      if (isMaskedSecret(sent[name])) sent[name] = (current as Values)[name];
    }
    // Checked again with the real secrets: a switch that needs a key sees the stored one.
    const next = group.schema.parse(sent);
    await persist(tx, group, current, next, box);
    return masked(group, next);
  });
}

/** Several groups in one query, for the public site information. */
async function readGroups<Key extends SettingGroupKey>(db: Db, keys: readonly Key[]) {
  const rows = await db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(inArray(settings.key, [...keys]));
  const byKey = new Map(rows.map((row) => [row.key, row.value]));
  return <K extends Key>(key: K) => fromRaw(SETTING_GROUPS[key] as SettingGroup<z.output<(typeof C)[K]['schema']>>, byKey.get(key)).values;
}

type PaymentSetting = z.output<(typeof C)['payment']['schema']>;

/**
 * The payment methods checkout offers (decision 062): cash on delivery when on, then each gateway switched
 * on with the purposes its switches allow (`full`, `delivery`). Labels only: never a key or a mode.
 */
function paymentMethodsOf(payment: PaymentSetting): CheckoutPaymentMethod[] {
  const methods: CheckoutPaymentMethod[] = [];
  if (payment.cod_enabled && PAYABLE_AT_CHECKOUT.includes('cod')) methods.push({ code: 'cod', label: payment.cod_label, purposes: [] });
  for (const code of GATEWAY_CODES) {
    if (!payment[`${code}_enabled`] || !PAYABLE_AT_CHECKOUT.includes(code)) continue;
    const purposes: PaymentPurpose[] = [];
    if (payment[`${code}_full`]) purposes.push('full');
    if (payment[`${code}_delivery`]) purposes.push('delivery');
    if (purposes.length > 0) methods.push({ code, label: GATEWAY_NAMES[code], purposes });
  }
  return methods;
}

/** The payment methods checkout offers (as publicSiteInfo lists them), from the payment group alone. */
export async function checkoutPaymentMethods(db: Db): Promise<CheckoutPaymentMethod[]> {
  return (await checkoutPaymentOptions(db)).methods;
}

/** What a checkout decides its payment by: the methods offered, and how long an online payment's stock is held. */
export async function checkoutPaymentOptions(db: Db): Promise<{ methods: CheckoutPaymentMethod[]; holdMinutes: number }> {
  const payment = await readSetting(db, SETTING_GROUPS.payment as SettingGroup<PaymentSetting>);
  return { methods: paymentMethodsOf(payment), holdMinutes: payment.hold_minutes };
}

/** The marketing settings a page may know: the tags' ids and when a purchase counts, never the Conversions API token. */
function publicMarketing(marketing: z.output<(typeof C)['marketing']['schema']>): PublicSiteInfo['marketing_setting'] {
  const { facebook_pixel_id, google_tag_id, gtm_container_id, purchase_moment } = marketing;
  return { facebook_pixel_id, google_tag_id, gtm_container_id, purchase_moment };
}

/** `GET /api/get/site/info`: what every page may know. Secrets never leave through here. */
export async function publicSiteInfo(db: Db): Promise<PublicSiteInfo> {
  const read = await readGroups(db, ['general', 'header', 'footer', 'theme', 'marketing', 'social', 'payment'] as const);
  const social = read('social');
  const methods = paymentMethodsOf(read('payment'));
  const socialLogin: PublicSiteInfo['social_login'] = [];
  // A secret reads here as the mask when it is set: a button shows only with both id and secret saved.
  if (social.google_enabled && social.google_client_id && social.google_client_secret) {
    socialLogin.push({ provider: 'google', client_id: social.google_client_id, start_url: '/auth/google/start' });
  }
  if (social.facebook_enabled && social.facebook_app_id && social.facebook_app_secret) {
    socialLogin.push({ provider: 'facebook', client_id: social.facebook_app_id, start_url: '/auth/facebook/start' });
  }
  return {
    general_setting: read('general') as GeneralSetting,
    header_setting: read('header'),
    footer_setting: read('footer'),
    theme_setting: read('theme'),
    marketing_setting: publicMarketing(read('marketing')),
    social_login: socialLogin,
    payment_methods: methods,
  };
}
