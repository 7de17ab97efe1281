import type { Config } from '../../config';
import { secretBoxFor } from '../../lib/secret-box';
import { safeEqual } from '../../lib/tokens';

type KeyConfig = Pick<Config, 'settingsKey' | 'dataDir'>;

/**
 * The key of an order's pay link (decision 062): a digest of its id and number under the settings key, so
 * a pay link opens its own order only and needs no table. 22 characters (132 bits).
 */
export function payKey(config: KeyConfig, order: { id: number; number: string }): string {
  return secretBoxFor(config).sign(`${order.id}:${order.number}`, 'pay-link').slice(0, 22);
}

export function isPayKey(config: KeyConfig, order: { id: number; number: string }, key: string): boolean {
  return safeEqual(payKey(config, order), key);
}

/** The path of an order's pay page on the storefront (a reseller's shop serves the same path on its host). */
export function payPath(config: KeyConfig, order: { id: number; number: string }): string {
  return `/pay/${encodeURIComponent(order.number)}?key=${payKey(config, order)}`;
}
