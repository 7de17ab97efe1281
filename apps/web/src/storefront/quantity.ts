import { CART_LINE_LIMIT } from '@haat/contracts';

/**
 * What is wrong with a quantity asked for, said at its field (the product page's and the cart's): more than is left
 * ("Only 3 left") or more than one line may hold; null when it can be bought. The server refuses the same (the cart
 * API), so this only says it before the round trip.
 */
export function quantityProblem(
  quantity: number,
  stock: number,
  phrase: (text: string, values?: Record<string, number>) => string,
): string | null {
  if (quantity > CART_LINE_LIMIT && stock > CART_LINE_LIMIT) return phrase('You can buy at most {{n}} of one item', { n: CART_LINE_LIMIT });
  if (stock > 0 && quantity > stock) return phrase('Only {{n}} left', { n: stock });
  return null;
}
