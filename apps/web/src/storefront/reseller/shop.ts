import type { ResellerShopInfo } from '@haat/contracts';
import { useOutletContext } from 'react-router';

/** One line of a reseller shop's cart: kept in this browser, priced by the server on every read. */
export interface ShopCartLine {
  variant_id: number;
  quantity: number;
}

export interface ShopContext {
  shop: ResellerShopInfo;
  /** `/shop/{slug}` and what follows it: every link of the shop stays inside it. */
  path: (rest?: string) => string;
  cart: ShopCartLine[];
  setCart: (lines: ShopCartLine[]) => void;
}

export const useShop = () => useOutletContext<ShopContext>();

const cartKey = (slug: string) => `haat_shop_cart:${slug}`;

export function readShopCart(slug: string): ShopCartLine[] {
  try {
    const stored = JSON.parse(localStorage.getItem(cartKey(slug)) ?? '[]') as unknown;
    if (!Array.isArray(stored)) return [];
    return stored
      .filter((line): line is ShopCartLine => Number.isInteger(line?.variant_id) && Number.isInteger(line?.quantity) && line.quantity > 0)
      .slice(0, 50);
  } catch {
    return [];
  }
}

export function writeShopCart(slug: string, lines: ShopCartLine[]): void {
  try {
    if (lines.length === 0) localStorage.removeItem(cartKey(slug));
    else localStorage.setItem(cartKey(slug), JSON.stringify(lines));
  } catch {
    // Private mode without storage: the cart lives as long as the page.
  }
}

/** The cart with `quantity` more of a variant (at most 1000 of one). */
export function addLine(lines: ShopCartLine[], variantId: number, quantity: number): ShopCartLine[] {
  const found = lines.find((line) => line.variant_id === variantId);
  if (!found) return [...lines, { variant_id: variantId, quantity }];
  return lines.map((line) => (line.variant_id === variantId ? { ...line, quantity: Math.min(1000, line.quantity + quantity) } : line));
}
