import type { OrderView } from '@haat/contracts';

// Apart from pages/Thanks.tsx: checkout remembers the order without loading the confirmation page's code.
const STORAGE_KEY = 'haat_placed_order';

/** The order as the confirmation shows it: with its pay link while it awaits an online payment (decision 062). */
export type PlacedOrder = OrderView & { pay_url?: string | null };

/**
 * The order just placed, kept for this tab so the confirmation survives a reload — and the trip to the payment
 * gateway and back, which leaves the app.
 */
export function rememberPlacedOrder(order: OrderView, payUrl: string | null = null): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ ...order, pay_url: payUrl }));
  } catch {
    // Private modes may refuse storage: the confirmation still shows from the navigation.
  }
}

/** The order of the confirmation page: from the move that led there, else the one this tab remembers. */
export function placedOrder(number: string, fromNavigation: OrderView | undefined): PlacedOrder | null {
  const stored = storedOrder(number);
  if (fromNavigation?.number === number) return { ...fromNavigation, pay_url: stored?.pay_url ?? null };
  return stored;
}

function storedOrder(number: string): PlacedOrder | null {
  try {
    const stored = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null') as PlacedOrder | null;
    return stored?.number === number ? stored : null;
  } catch {
    return null;
  }
}
