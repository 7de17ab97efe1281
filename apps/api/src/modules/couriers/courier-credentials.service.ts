import {
  COURIER_CREDENTIALS,
  COURIER_PROVIDERS,
  type CourierConnection,
  type CourierProviderCode,
  isMaskedSecret,
  maskSecret,
  type PathaoCredentials,
  type SteadfastCredentials,
} from '@haat/contracts';
import { type Ctx, inTransaction } from '../../context';
import { HttpError, invalid } from '../../http/errors';
import type { CourierProvider } from '../../integrations/couriers/courier-provider';
import { pathaoProvider } from '../../integrations/couriers/pathao';
import { steadfastProvider } from '../../integrations/couriers/steadfast';
import { SecretBox, secretBoxFor } from '../../lib/secret-box';
import { diffChanges, recordAudit } from '../audit';
import { lockSettingRow, mergeIntoSettingRow, readSettingRow, type SettingsConfig } from '../settings';

/** The settings row holding every courier's credentials, keyed by provider code. */
export const COURIER_API_SETTING = 'courier_api';

export interface CourierCredentialsMap {
  steadfast: SteadfastCredentials;
  pathao: PathaoCredentials;
}

type Values = Record<string, unknown>;

export const PROVIDER_CODES = COURIER_PROVIDERS.map((provider) => provider.code);

export function isProviderCode(code: string): code is CourierProviderCode {
  return (PROVIDER_CODES as string[]).includes(code);
}

const providerName = (code: CourierProviderCode) => COURIER_PROVIDERS.find((provider) => provider.code === code)?.name ?? code;

/** Associated data binding a sealed secret to its provider and field (like the settings module's). */
const secretContext = (code: CourierProviderCode, field: string) => `settings:${COURIER_API_SETTING}:${code}:${field}`;

/** The stored credentials by provider code; `lock` locks the row (made first when missing) in the ctx's transaction. */
async function readRaw(ctx: Ctx, lock = false): Promise<Record<string, Values>> {
  const value = lock ? await lockSettingRow(ctx, COURIER_API_SETTING) : await readSettingRow(ctx, COURIER_API_SETTING);
  return value && typeof value === 'object' ? (value as Record<string, Values>) : {};
}

/** One provider's stored values over its defaults; a value that no longer passes the contract reads as the default. */
function fromRaw<Code extends CourierProviderCode>(code: Code, raw: Values | undefined): CourierCredentialsMap[Code] {
  const spec = COURIER_CREDENTIALS[code];
  const defaults = spec.schema.parse({}) as Values;
  const candidate: Values = { ...defaults };
  for (const [key, value] of Object.entries(raw ?? {})) {
    if (!(key in defaults)) continue;
    // Sealed secrets are longer than a field's limit: the contract checks the plain value elsewhere.
    if ((spec.secrets as readonly string[]).includes(key)) continue;
    const single = spec.schema.shape[key as keyof typeof spec.schema.shape];
    const parsed = single?.safeParse(value);
    if (parsed?.success) candidate[key] = parsed.data;
  }
  for (const key of spec.secrets) candidate[key] = typeof raw?.[key] === 'string' ? raw[key] : '';
  return candidate as CourierCredentialsMap[Code];
}

function open<Code extends CourierProviderCode>(
  code: Code,
  stored: CourierCredentialsMap[Code],
  box: SecretBox,
): CourierCredentialsMap[Code] {
  const values = { ...(stored as Values) };
  for (const key of COURIER_CREDENTIALS[code].secrets) {
    const sealed = String(values[key] ?? '');
    // A secret sealed with another key (the key was lost or replaced) reads as not set.
    values[key] = SecretBox.isSealed(sealed) ? (box.open(sealed, secretContext(code, key)) ?? '') : sealed;
  }
  return values as CourierCredentialsMap[Code];
}

function masked<Code extends CourierProviderCode>(code: Code, plain: CourierCredentialsMap[Code]): CourierCredentialsMap[Code] {
  const values = { ...(plain as Values) };
  for (const key of COURIER_CREDENTIALS[code].secrets) values[key] = maskSecret(String(values[key] ?? ''));
  return values as CourierCredentialsMap[Code];
}

/** Switched on with every required field set: bookings and tracking go through its API. */
function isConnected(code: CourierProviderCode, values: Values): boolean {
  return values.enabled === true && COURIER_CREDENTIALS[code].required.every((key) => String(values[key] ?? '') !== '');
}

/** `GET /api/courier/api`: anyone may know which couriers are connected, never how. */
export async function courierConnections(ctx: Ctx): Promise<CourierConnection[]> {
  const raw = await readRaw(ctx);
  return COURIER_PROVIDERS.map((provider) => ({
    code: provider.code,
    name: provider.name,
    connected: isConnected(provider.code, fromRaw(provider.code, raw[provider.code]) as Values),
  }));
}

/** One provider's credentials in plain text, for server code only (never an answer). */
export async function readCredentials<Code extends CourierProviderCode>(
  ctx: Ctx,
  config: SettingsConfig,
  code: Code,
): Promise<CourierCredentialsMap[Code]> {
  const raw = await readRaw(ctx);
  return open(code, fromRaw(code, raw[code]), secretBoxFor(config));
}

/** What the credentials screen shows: each provider's values with secrets as "••••" (and, if long, their last 4 characters). */
export async function maskedCredentials(ctx: Ctx, config: SettingsConfig) {
  const raw = await readRaw(ctx);
  const box = secretBoxFor(config);
  const answer = {} as { [Code in CourierProviderCode]: CourierCredentialsMap[Code] & { connected: boolean } };
  for (const code of PROVIDER_CODES) {
    const plain = open(code, fromRaw(code, raw[code]), box);
    Object.assign(answer, { [code]: { ...masked(code, plain), connected: isConnected(code, plain as Values) } });
  }
  return answer;
}

/**
 * The credentials a form sent, completed with the stored ones: a secret sent back masked (or left
 * out) keeps the stored secret, an empty one clears it. Checked as the contract says.
 */
function merged<Code extends CourierProviderCode>(
  code: Code,
  current: CourierCredentialsMap[Code],
  body: unknown,
): CourierCredentialsMap[Code] {
  if (body !== undefined && (!body || typeof body !== 'object' || Array.isArray(body))) {
    throw new HttpError(422, 'Send the credentials as a JSON object.');
  }
  const spec = COURIER_CREDENTIALS[code];
  const sent = { ...(masked(code, current) as Values), ...((body ?? {}) as Values) };
  const parsed = spec.schema.parse(sent) as Values;
  for (const key of spec.secrets) {
    if (isMaskedSecret(parsed[key])) parsed[key] = (current as Values)[key];
  }
  return parsed as CourierCredentialsMap[Code];
}

function assertComplete(code: CourierProviderCode, values: Values) {
  if (!values.enabled) return;
  for (const field of COURIER_CREDENTIALS[code].fields) {
    if ((COURIER_CREDENTIALS[code].required as readonly string[]).includes(field.name) && !String(values[field.name] ?? '')) {
      throw invalid(field.name, `Enter the ${field.label} to connect ${providerName(code)}.`);
    }
  }
}

/**
 * Saves one provider's credentials from the form: secrets sealed with AES-GCM like the settings
 * module's, the change recorded in the audit log (secrets only as "changed"). Answers them masked.
 */
export async function updateCredentials<Code extends CourierProviderCode>(
  ctx: Ctx,
  config: SettingsConfig,
  code: Code,
  body: unknown,
): Promise<CourierCredentialsMap[Code] & { connected: boolean }> {
  const box = secretBoxFor(config);
  return inTransaction(ctx, async (txCtx) => {
    // The row exists before it is locked, so two saves of different providers do not overwrite each other.
    const raw = await readRaw(txCtx, true);
    const current = open(code, fromRaw(code, raw[code]), box);
    const next = merged(code, current, body);
    assertComplete(code, next as Values);
    const stored = { ...(next as Values) };
    for (const key of COURIER_CREDENTIALS[code].secrets) {
      const plain = String(stored[key] ?? '');
      stored[key] = plain ? box.seal(plain, secretContext(code, key)) : '';
    }
    await mergeIntoSettingRow(txCtx, COURIER_API_SETTING, { [code]: stored });
    const changes = diffChanges(current as Values, next as Values, { secrets: COURIER_CREDENTIALS[code].secrets });
    if (Object.keys(changes).length > 0) {
      await recordAudit(txCtx, {
        action: 'update',
        entity: 'setting',
        entityId: `${COURIER_API_SETTING}.${code}`,
        changes,
      });
    }
    return { ...masked(code, next), connected: isConnected(code, next as Values) };
  });
}

/** The provider's HTTP client for a set of plain credentials. */
export function providerFor(code: CourierProviderCode, values: Values, timeoutMs?: number): CourierProvider {
  if (code === 'steadfast') {
    return steadfastProvider({
      baseUrl: String(values.base_url),
      apiKey: String(values.api_key),
      secretKey: String(values.secret_key),
      timeoutMs,
    });
  }
  return pathaoProvider({
    baseUrl: String(values.base_url),
    clientId: String(values.client_id),
    clientSecret: String(values.client_secret),
    username: String(values.username),
    password: String(values.password),
    storeId: String(values.store_id),
    timeoutMs,
  });
}

/** The provider's client when its API is connected; null when it is not (the courier is booked by hand). */
export async function connectedProvider(
  ctx: Ctx,
  config: SettingsConfig,
  code: CourierProviderCode,
  timeoutMs?: number,
): Promise<CourierProvider | null> {
  const values = (await readCredentials(ctx, config, code)) as Values;
  return isConnected(code, values) ? providerFor(code, values, timeoutMs) : null;
}

/**
 * "Test connection": the form's values (masked secrets meaning the stored ones) tried with a
 * harmless call. Nothing is saved.
 */
export async function testCredentials(
  ctx: Ctx,
  config: SettingsConfig,
  code: CourierProviderCode,
  body: unknown,
  timeoutMs?: number,
): Promise<string> {
  const current = await readCredentials(ctx, config, code);
  const values = merged(code, current, body) as Values;
  for (const field of COURIER_CREDENTIALS[code].fields) {
    if ((COURIER_CREDENTIALS[code].required as readonly string[]).includes(field.name) && !String(values[field.name] ?? '')) {
      throw invalid(field.name, `Enter the ${field.label} to test the connection.`);
    }
  }
  return providerFor(code, values, timeoutMs).testConnection();
}
