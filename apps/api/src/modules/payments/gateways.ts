import type { PaymentSetting } from '@haat/contracts';
import { inArray } from 'drizzle-orm';
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
 * Calls the clients made that are not written yet, by database: a client's log is synchronous, so each call
 * waits here until the service that made it writes them (`writeGatewayCalls`) after the gateway answered.
 */
const pendingCalls = new WeakMap<Db, GatewayCall[]>();

/**
 * The client of gateway `code` as the payment settings configure it (secrets unsealed with the settings key,
 * the mode's base address), whose every call is kept for `payment_calls`. Refused (422 on `gateway`) when the
 * gateway is switched off. A client is cheap to make: bKash's token is cached by the client's module.
 */
export async function gatewayFor(config: GatewaysConfig, db: Db, code: GatewayCode): Promise<PaymentProvider> {
  const setting = await readSecretSetting({ db, config }, PAYMENT_GROUP);
  if (!setting[`${code}_enabled`])
    throw new HttpError(422, 'This way to pay is switched off', { gateway: ['This way to pay is switched off'] });
  const mode = setting[`${code}_mode`] as GatewayMode;
  try {
    return gatewayClient(code, gatewayCredentials(code, setting as unknown as Record<string, unknown>), {
      baseUrl: gatewayBaseUrl(code, mode, standinUrl(config)),
      log: (call) => queueCall(db, call),
    });
  } catch (error) {
    if (!(error instanceof PaymentGatewayError)) throw error;
    // Incomplete credentials: the shop's setup, not the shopper's choice, is wrong; staff see the message in the log.
    console.error(`Payment gateway ${code}: ${error.message}`);
    throw new HttpError(422, 'This way to pay is not available right now: choose another', {
      gateway: ['This way to pay is not available right now: choose another'],
    });
  }
}

function queueCall(db: Db, call: GatewayCall): void {
  let queue = pendingCalls.get(db);
  if (!queue) {
    queue = [];
    pendingCalls.set(db, queue);
  }
  queue.push(call);
}

/**
 * Writes the gateway calls made so far on `db` into `payment_calls`, each with its payment found by its invoice
 * (a token grant has none): the caller's payment is known, others are read. One insert (and a read when a call
 * is about another payment); nothing when no call is waiting.
 */
export async function writeGatewayCalls(db: Db, known?: { id: number; invoice: string }): Promise<void> {
  const queue = pendingCalls.get(db);
  if (!queue || queue.length === 0) return;
  const calls = queue.splice(0, queue.length);
  const ids = new Map<string, number>(known ? [[known.invoice, known.id]] : []);
  const invoices = [...new Set(calls.map((call) => call.invoice).filter((invoice): invoice is string => !!invoice && !ids.has(invoice)))];
  if (invoices.length > 0) {
    for (const row of await db
      .select({ id: payments.id, invoice: payments.invoice })
      .from(payments)
      .where(inArray(payments.invoice, invoices))) {
      ids.set(row.invoice, row.id);
    }
  }
  await db.insert(paymentCalls).values(
    calls.map((call) => ({
      paymentId: call.invoice ? (ids.get(call.invoice) ?? null) : null,
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
