import { bkashProvider } from './bkash';
import { nagadProvider } from './nagad';
import {
  type GatewayClientOptions,
  type GatewayCode,
  type GatewayMode,
  PaymentGatewayError,
  type PaymentProvider,
} from './payment-provider';
import { sslcommerzProvider } from './sslcommerz';

/** The gateways' own addresses (decision 062); the stand-in's is the app's `paymentStandinUrl` followed by the gateway's code. */
const ADDRESSES: Record<GatewayCode, Record<'sandbox' | 'live', string>> = {
  bkash: {
    sandbox: 'https://tokenized.sandbox.bka.sh/v1.2.0-beta/tokenized/checkout',
    live: 'https://tokenized.pay.bka.sh/v1.2.0-beta/tokenized/checkout',
  },
  nagad: {
    sandbox: 'http://sandbox.mynagad.com:10080/remote-payment-gateway-1.0/api/dfs',
    live: 'https://api.mynagad.com/api/dfs',
  },
  sslcommerz: {
    sandbox: 'https://sandbox.sslcommerz.com',
    live: 'https://securepay.sslcommerz.com',
  },
};

/** Where a gateway's client sends its calls in a mode: `gatewayBaseUrl('bkash', 'standin', 'http://127.0.0.1:3000/payment-standin')` → `…/payment-standin/bkash`. */
export function gatewayBaseUrl(code: GatewayCode, mode: GatewayMode, standinUrl: string): string {
  if (mode === 'standin') return `${standinUrl.replace(/\/+$/, '')}/${code}`;
  return ADDRESSES[code][mode];
}

/**
 * A gateway's credentials as payment setup keeps them, without the gateway's prefix: bKash `app_key`, `app_secret`,
 * `username`, `password`; Nagad `merchant_id`, `public_key` (Nagad's PEM), `private_key` (the merchant's PEM);
 * SSLCommerz `store_id`, `store_password`.
 */
export type GatewayCredentials = Record<string, string | null | undefined>;

/** The credentials of `code` out of the payment settings (`bkash_app_key` → `app_key`). */
export function gatewayCredentials(code: GatewayCode, settings: Record<string, unknown>): GatewayCredentials {
  const prefix = `${code}_`;
  const out: GatewayCredentials = {};
  for (const [key, value] of Object.entries(settings)) {
    if (key.startsWith(prefix) && (typeof value === 'string' || value === null)) out[key.slice(prefix.length)] = value;
  }
  return out;
}

function required(code: GatewayCode, credentials: GatewayCredentials, keys: string[]): Record<string, string> {
  const missing = keys.filter((key) => !credentials[key]?.trim());
  if (missing.length)
    throw new PaymentGatewayError(`The ${code} credentials are incomplete: ${missing.join(', ').replaceAll('_', ' ')} missing.`);
  return Object.fromEntries(keys.map((key) => [key, (credentials[key] as string).trim()]));
}

/** The client of a gateway made with its credentials; throws a PaymentGatewayError naming what is missing. */
export function gatewayClient(code: GatewayCode, credentials: GatewayCredentials, options: GatewayClientOptions): PaymentProvider {
  switch (code) {
    case 'bkash': {
      const c = required(code, credentials, ['app_key', 'app_secret', 'username', 'password']);
      return bkashProvider(
        { appKey: c.app_key as string, appSecret: c.app_secret as string, username: c.username as string, password: c.password as string },
        options,
      );
    }
    case 'sslcommerz': {
      const c = required(code, credentials, ['store_id', 'store_password']);
      return sslcommerzProvider({ storeId: c.store_id as string, storePassword: c.store_password as string }, options);
    }
    case 'nagad': {
      const c = required(code, credentials, ['merchant_id', 'public_key', 'private_key']);
      return nagadProvider(
        { merchantId: c.merchant_id as string, pgPublicKey: c.public_key as string, merchantPrivateKey: c.private_key as string },
        options,
      );
    }
  }
}
