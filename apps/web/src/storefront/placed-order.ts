import type { OrderView } from '@haat/contracts';

// Apart from pages/Thanks.tsx: checkout remembers the order without loading the confirmation page's code.
const STORAGE_KEY = 'haat_placed_order';

/** The order just placed, kept for this tab so the confirmation survives a reload. */
export function rememberPlacedOrder(order: OrderView): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(order));
  } catch {
    // Private modes may refuse storage: the confirmation still shows from the navigation.
  }
}

/** The order of the confirmation page: from the move that led there, else the one this tab remembers. */
export function placedOrder(number: string, fromNavigation: OrderView | undefined): OrderView | null {
  if (fromNavigation?.number === number) return fromNavigation;
  try {
    const stored = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null') as OrderView | null;
    return stored?.number === number ? stored : null;
  } catch {
    return null;
  }
}
