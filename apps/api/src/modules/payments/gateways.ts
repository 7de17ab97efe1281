import type { PaymentSetting } from '@haat/contracts';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import { gatewayBaseUrl, gatewayClient, gatewayCredentials } from '../../integrations/payments/payment-gateways';
import {
  type GatewayCall,
  type GatewayCode,
  type GatewayMode,
  PaymentGatewayError,
  type PaymentProvider,
} from '../../integrations/payments/payment-provider';
import { readSecretSetting, readSetting, SETTING_GROUPS, type SettingGroup } from '../settings';
import { paymentCalls, payments } from './payment.table';

/** What the gateways need of the app's config: the settings key (sealed secrets), the port and the stand-in's address. */
export type GatewaysConfig = Pick<Config, 'settingsKey' | 'dataDir' | 'port'> & { paymentStandinUrl?: string | null };

const PAYMENT_GROUP = SETTING_GROUPS.payment as SettingGroup<PaymentSetting>;

/** Where the app's stand-in answers (decision 062): the config's `PAYMENT_STANDIN_URL`, else the app's own `/payment-standin`. */
export function standinUrl(config: GatewaysConfig): string {
  return config.paymentStandinUrl || `http://127.0.0.1:${config.port}/payment-standin`;
}

/** The payment settings (no secrets): which gateways are on, what they may take, their fees, the hold. */
export async function paymentSettings(db: Db): Promise<PaymentSetting> {
  return readSetting(db, PAYMENT_GROUP);
}

/** What each gateway may take by the settings: [] when it is off. */
export function gatewayPurposes(setting: PaymentSetting, code: GatewayCode): ('full' | 'delivery')[] {
  if (!setting[`${code}_enabled`]) return [];
  const purposes: ('full' | 'delivery')[] = [];
  if (setting[`${code}_full`]) purposes.push('full');
  if (setting[`${code}_delivery`]) purposes.push('delivery');
  return purposes;
}

/** The gateway's fee on `amount` (paisa) by the settings' basis points (bKash, Nagad); SSLCommerz says its own. */
export function settingFee(setting: PaymentSetting, code: GatewayCode, amount: number): number {
  if (code === 'sslcommerz') return 0;
  const bp = setting[`${code}_fee_bp`] ?? 0;
  return Math.round((amount * bp) / 10_000);
}

/**
 * The client of gateway `code` as the payment settings configure it (secrets unsealed with the settings key,
 * the mode's base address), whose every call is kept for `payment_calls`. Refused (422 on `gateway`) when the
 * gateway is switched off. A client is cheap to make: bKash's token is cached by the client's module.
 */
export async function gatewayFor(config: GatewaysConfig, db: Db, code: GatewayCode): Promise<PaymentProvider> {
  return (await gatewayAndSetting(config, db, code)).provider;
}

/** gatewayFor's client with the payment settings it was made from (a return's settle needs the fee: no second read). */
export async function gatewayAndSetting(
  config: GatewaysConfig,
  db: Db,
  code: GatewayCode,
): Promise<{ provider: PaymentProvider; setting: PaymentSetting }> {
  const setting = await readSecretSetting({ db, config }, PAYMENT_GROUP);
  if (!setting[`${code}_enabled`])
    throw new HttpError(422, 'This way to pay is switched off', { gateway: ['This way to pay is switched off'] });
  const mode = setting[`${code}_mode`] as GatewayMode;
  const calls: GatewayCall[] = [];
  try {
    const client = gatewayClient(code, gatewayCredentials(code, setting as unknown as Record<string, unknown>), {
      baseUrl: gatewayBaseUrl(code, mode, standinUrl(config)),
      log: (call) => calls.push(call),
    });
    return { provider: logged(client, db, calls), setting };
  } catch (error) {
    if (!(error instanceof PaymentGatewayError)) throw error;
    // Incomplete credentials: the shop's setup, not the shopper's choice, is wrong; staff see the message in the log.
    console.error(`Payment gateway ${code}: ${error.message}`);
    throw new HttpError(422, 'This way to pay is not available right now: choose another', {
      gateway: ['This way to pay is not available right now: choose another'],
    });
  }
}

/**
 * Writes calls into `payment_calls` in one insert, each with its payment found by its invoice inside the insert
 * (a token grant has none).
 */
async function writeCalls(db: Db, calls: GatewayCall[]): Promise<void> {
  if (calls.length === 0) return;
  await db.insert(paymentCalls).values(
    calls.map((call) => ({
      paymentId: call.invoice ? sql<number>`(select ${payments.id} from ${payments} where ${payments.invoice} = ${call.invoice})` : null,
      gateway: call.gateway,
      operation: call.operation,
      method: call.method,
      url: call.url,
      request: call.request ?? null,
      status: call.status,
      response: call.response ?? null,
      ms: Math.max(0, Math.round(call.ms)),
    })),
  );
}

/**
 * The client with its call log: whatever it is asked (start, complete, query, refund, the credentials' test),
 * the calls it made are written as soon as it answers or fails, so no caller has to remember to.
 */
function logged(client: PaymentProvider, db: Db, calls: GatewayCall[]): PaymentProvider {
  const after = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } finally {
      await writeCalls(db, calls.splice(0, calls.length));
    }
  };
  return {
    code: client.code,
    name: client.name,
    start: (request) => after(() => client.start(request)),
    complete: (payment, params) => after(() => client.complete(payment, params)),
    query: (payment) => after(() => client.query(payment)),
    refund: (request) => after(() => client.refund(request)),
    testConnection: () => after(() => client.testConnection()),
  };
}
