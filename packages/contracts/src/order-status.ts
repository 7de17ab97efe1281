/** Order status codes and the moves between them (PRODUCT.md §3). */

export const ORDER_STATUSES = {
  1: 'pending',
  2: 'confirmed',
  3: 'processing',
  4: 'shipped',
  5: 'delivered',
  6: 'returned',
  7: 'cancelled',
  8: 'hold',
} as const;

export type OrderStatusCode = keyof typeof ORDER_STATUSES;
export type OrderStatus = (typeof ORDER_STATUSES)[OrderStatusCode];

export const ORDER_MOVES: Record<OrderStatusCode, readonly OrderStatusCode[]> = {
  1: [2, 7, 8],
  8: [1, 2, 7],
  2: [3, 7, 8],
  3: [4, 7, 8],
  4: [5, 6],
  5: [6],
  6: [],
  7: [],
};

export const ORDER_TYPES = ['website', 'reseller', 'phone', 'wholesale', 'exchange', 'landing'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];

export function canMoveOrder(from: OrderStatusCode, to: OrderStatusCode): boolean {
  return ORDER_MOVES[from].includes(to);
}
