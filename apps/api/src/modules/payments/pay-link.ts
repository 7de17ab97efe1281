import type { Config } from '../../config';
import { secretBoxFor } from '../../lib/secret-box';
import { safeEqual } from '../../lib/tokens';
import type { ResellerShopHome } from '../resellers';

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

/**
 * The pay link a customer is given: the storefront's pay page, or for an order of a reseller's shop that shop's
 * own pay page (a reseller's customer never lands on the wholesale shop's storefront) — on the reseller's host
 * name when they have one, else under `/shop/{slug}`. `origin` (the shop's address) goes in front when given.
 */
export function payLinkFor(config: KeyConfig, order: { id: number; number: string }, shop: ResellerShopHome | null, origin = ''): string {
  const base = origin.replace(/\/+$/, '');
  const path = payPath(config, order);
  if (!shop) return `${base}${path}`;
  if (shop.customHost) return `${base.startsWith('http:') ? 'http:' : 'https:'}//${shop.customHost}${path}`;
  return `${base}${shop.path}${path}`;
}
