import { CART_LINE_LIMIT, type CartContent, type CartLine, type CartProblem, cartAddInput, cartQuantityInput } from '@haat/contracts';
import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { type Ctx, inTransaction } from '../../context';
import type { Db } from '../../db/client';
import { invalid, notFound } from '../../http/errors';
import { sha256 } from '../../lib/tokens';
import { lineName, type SellingPrice, sellingPrices, stockMessage, unavailableMessage } from '../orders';
import { variantSaleStates } from '../products';
import { cartItems, carts } from './cart.table';

/** Whose cart: a signed-in customer's, or a guest's by the token in the `haat_cart` cookie. */
export type CartOwner = { customerId: number } | { token: string };

/** Guest carts nobody came back to for this long are removed (a few at a time, when new ones are made). */
const GUEST_CART_DAYS = 60;

function ownerWhere(owner: CartOwner) {
  return 'customerId' in owner ? eq(carts.customerId, owner.customerId) : eq(carts.tokenHash, sha256(owner.token));
}

/** The owner's cart id, or null when they have none yet. */
export async function findCart({ db }: Ctx, owner: CartOwner): Promise<number | null> {
  const [row] = await db.select({ id: carts.id }).from(carts).where(ownerWhere(owner));
  return row?.id ?? null;
}

/** The owner's cart, made on first use. */
export async function ensureCart(ctx: Ctx, owner: CartOwner): Promise<number> {
  const { db } = ctx;
  const existing = await findCart(ctx, owner);
  if (existing) return existing;
  const values = 'customerId' in owner ? { customerId: owner.customerId } : { tokenHash: sha256(owner.token) };
  await db.insert(carts).values(values).onConflictDoNothing();
  if ('token' in owner) await removeAbandonedGuestCarts(ctx);
  const made = await findCart(ctx, owner);
  if (!made) throw new Error('the cart was neither found nor made');
  return made;
}

async function removeAbandonedGuestCarts({ db, now }: Ctx) {
  const cutoff = new Date(now.getTime() - GUEST_CART_DAYS * 24 * 3600_000);
  const stale = db
    .select({ id: carts.id })
    .from(carts)
    .where(and(isNull(carts.customerId), lt(carts.updatedAt, cutoff)))
    .limit(100);
  await db.delete(carts).where(inArray(carts.id, stale));
}

interface ReadLine {
  variantId: number;
  quantity: number;
  price: SellingPrice;
  problem: CartProblem | null;
}

/** How many of a variant a line may hold now. */
const maxQuantity = (price: SellingPrice) => Math.max(0, Math.min(price.stock, CART_LINE_LIMIT));

/** A cart's stored lines, oldest first. */
async function storedLines(db: Db, cartId: number): Promise<{ variantId: number; quantity: number }[]> {
  return db
    .select({ variantId: cartItems.variantId, quantity: cartItems.quantity })
    .from(cartItems)
    .where(eq(cartItems.cartId, cartId))
    .orderBy(asc(cartItems.addedAt), asc(cartItems.variantId));
}

/**
 * A cart's lines with today's prices and stock, oldest first. A line holding more than is left keeps its
 * quantity and is marked `over_stock`: the shopper lowers it (the checkout refuses it as it stands).
 */
export async function readCart(ctx: Ctx, cartId: number | null): Promise<ReadLine[]> {
  if (!cartId) return [];
  const items = await storedLines(ctx.db, cartId);
  if (items.length === 0) return [];
  const prices = await sellingPrices(
    ctx.db,
    items.map((item) => item.variantId),
    { now: ctx.now, thumbnails: true },
  );
  return pricedLines(items, prices);
}

/** The lines priced with prices read already, each with what stops it being bought as it stands. */
function pricedLines(items: { variantId: number; quantity: number }[], prices: Map<number, SellingPrice>): ReadLine[] {
  const lines: ReadLine[] = [];
  for (const item of items) {
    const price = prices.get(item.variantId);
    if (!price) continue;
    let problem: CartProblem | null = null;
    if (!price.published) problem = 'unavailable';
    else if (price.stock <= 0) problem = 'out_of_stock';
    else if (item.quantity > maxQuantity(price)) problem = 'over_stock';
    lines.push({ variantId: item.variantId, quantity: item.quantity, price, problem });
  }
  return lines;
}

/** Whether a line can be bought as it stands. */
export const buyable = (line: { problem: CartProblem | null }) => line.problem === null;

/** `GET /_public/cartToContent` and the answer of every change: seed §7's names, prices of this moment. */
export async function cartContent(ctx: Ctx, cartId: number | null): Promise<CartContent> {
  return contentOf(await readCart(ctx, cartId));
}

function contentOf(lines: ReadLine[]): CartContent {
  const content: CartLine[] = lines.map(({ variantId, quantity, price, problem }) => ({
    variant_id: variantId,
    product_id: price.productId,
    name: price.productName,
    slug: price.slug,
    variant_label: price.variantLabel,
    sku: price.sku,
    thumbnail: price.thumbnail,
    unit_price: price.unitPrice,
    regular_price: price.regularPrice,
    quantity,
    line_total: price.unitPrice * quantity,
    stock: price.stock,
    max_quantity: maxQuantity(price),
    problem,
  }));
  return {
    cart_content: content,
    cart_total: content.filter(buyable).reduce((sum, line) => sum + line.line_total, 0),
    item_count: content.reduce((sum, line) => sum + line.quantity, 0),
  };
}

const isAre = (n: number) => (n === 1 ? 'is' : 'are');

/** The stock check of a line's new quantity, said on the `quantity` field. */
function assertQuantityFits(price: SellingPrice, quantity: number, alreadyInCart: number) {
  const name = lineName(price);
  if (!price.published) throw invalid('variant_id', `${name} is no longer for sale.`);
  if (price.stock <= 0) throw invalid('quantity', `${name} is out of stock.`);
  if (quantity > CART_LINE_LIMIT) {
    throw invalid('quantity', `You can buy at most ${CART_LINE_LIMIT} of one item; ${alreadyInCart} ${isAre(alreadyInCart)} in your cart.`);
  }
  if (quantity > price.stock) {
    const left = `Only ${price.stock} of ${name} ${isAre(price.stock)} left`;
    throw invalid(
      'quantity',
      alreadyInCart > 0
        ? `${left} and ${alreadyInCart} ${isAre(alreadyInCart)} already in your cart: you can add ${Math.max(0, price.stock - alreadyInCart)} more.`
        : `${left}; you asked for ${quantity}.`,
    );
  }
}

/**
 * Locks the cart's row and marks it used now, in one statement (an UPDATE takes the row lock as
 * `SELECT … FOR UPDATE` does): one cart's changes take turns, and wait for its checkout.
 */
export async function lockCart(tx: Db, cartId: number, now: Date): Promise<void> {
  await tx.update(carts).set({ updatedAt: now }).where(eq(carts.id, cartId));
}

/** Runs `work` with the cart's row locked, so one cart's changes take turns (and wait for its checkout). */
async function withCart<T>(ctx: Ctx, cartId: number, work: (tx: Db, txCtx: Ctx) => Promise<T>): Promise<T> {
  return inTransaction(ctx, async (txCtx) => {
    await lockCart(txCtx.db, cartId, txCtx.now);
    return work(txCtx.db, txCtx);
  });
}

async function priceOf(db: Db, variantId: number): Promise<SellingPrice> {
  const price = (await sellingPrices(db, [variantId])).get(variantId);
  if (!price) throw invalid('variant_id', 'This product option does not exist; reload the page.');
  return price;
}

async function quantityInCart(db: Db, cartId: number, variantId: number): Promise<number> {
  const [row] = await db
    .select({ quantity: cartItems.quantity })
    .from(cartItems)
    .where(and(eq(cartItems.cartId, cartId), eq(cartItems.variantId, variantId)));
  return row?.quantity ?? 0;
}

/**
 * `POST /_public/cart`: adds to what the owner's cart holds of the variant, within the stock, and
 * answers the cart. A new cart is made in the add's own transaction, after the input is checked, so a
 * refused add (no such option, out of stock) leaves no empty cart behind. The cart's lines and their
 * prices (the new variant's with them) are read once, under the cart's lock, and the answer is made
 * from them.
 */
export async function addToCart(ctx: Ctx, owner: CartOwner, body: unknown): Promise<CartContent> {
  const input = cartAddInput.parse(body);
  return inTransaction(ctx, async (txCtx) => {
    const cartId = await ensureCart(txCtx, owner);
    const { db: tx, now } = txCtx;
    await lockCart(tx, cartId, now);
    const items = await storedLines(tx, cartId);
    const prices = await sellingPrices(tx, [...items.map((item) => item.variantId), input.variant_id], { now, thumbnails: true });
    const price = prices.get(input.variant_id);
    if (!price) throw invalid('variant_id', 'This product option does not exist; reload the page.');
    const line = items.find((item) => item.variantId === input.variant_id);
    const existing = line?.quantity ?? 0;
    assertQuantityFits(price, existing + input.quantity, existing);
    await tx
      .insert(cartItems)
      .values({ cartId, variantId: input.variant_id, quantity: input.quantity })
      .onConflictDoUpdate({
        target: [cartItems.cartId, cartItems.variantId],
        set: { quantity: sql`${cartItems.quantity} + excluded.quantity` },
      });
    // The cart as stored now: a new line is the newest.
    if (line) line.quantity += input.quantity;
    else items.push({ variantId: input.variant_id, quantity: input.quantity });
    return contentOf(pricedLines(items, prices));
  });
}

/** `PUT /_public/cart/{variant_id}`: the line's new quantity, within the stock; 0 removes it. */
export async function setCartQuantity(ctx: Ctx, cartId: number, variantId: number, body: unknown): Promise<void> {
  const input = cartQuantityInput.parse(body);
  await withCart(ctx, cartId, async (tx) => {
    const existing = await quantityInCart(tx, cartId, variantId);
    if (!existing) throw notFound('This item in your cart');
    if (input.quantity === 0) {
      await tx.delete(cartItems).where(and(eq(cartItems.cartId, cartId), eq(cartItems.variantId, variantId)));
      return;
    }
    // Any quantity asked for must fit the stock, a lowered one too (a line the stock fell below stays
    // refused until it fits): the answer says how many are left, the line is never lowered for the shopper.
    assertQuantityFits(await priceOf(tx, variantId), input.quantity, 0);
    await tx
      .update(cartItems)
      .set({ quantity: input.quantity })
      .where(and(eq(cartItems.cartId, cartId), eq(cartItems.variantId, variantId)));
  });
}

/** `DELETE /_public/cart/{variant_id}`. */
export async function removeFromCart(ctx: Ctx, cartId: number, variantId: number): Promise<void> {
  await withCart(ctx, cartId, async (tx) => {
    const removed = await tx
      .delete(cartItems)
      .where(and(eq(cartItems.cartId, cartId), eq(cartItems.variantId, variantId)))
      .returning({ variantId: cartItems.variantId });
    if (removed.length === 0) throw notFound('This item in your cart');
  });
}

/**
 * Moves a guest's cart into the customer's on sign-in or registration: quantities of the same
 * variant are added (up to the line limit; the next read marks a line above the stock), and the guest
 * cart is removed. Both carts are locked in id order.
 */
export async function mergeGuestCart(ctx: Ctx, token: string, customerId: number): Promise<void> {
  const guestId = await findCart(ctx, { token });
  if (!guestId) return;
  const customerCartId = await ensureCart(ctx, { customerId });
  await inTransaction(ctx, async ({ db: tx, now }) => {
    const locked = await tx
      .select({ id: carts.id })
      .from(carts)
      .where(inArray(carts.id, [guestId, customerCartId]))
      .orderBy(asc(carts.id))
      .for('update');
    if (!locked.some((row) => row.id === guestId)) return;
    await tx.execute(sql`
      insert into ${cartItems} (cart_id, variant_id, quantity, added_at)
      select ${customerCartId}::int, variant_id, least(quantity, ${CART_LINE_LIMIT}::int), added_at
        from ${cartItems} where cart_id = ${guestId}::int
      on conflict (cart_id, variant_id)
        do update set quantity = least(${cartItems}.quantity + excluded.quantity, ${CART_LINE_LIMIT}::int)`);
    await tx.delete(carts).where(eq(carts.id, guestId));
    await tx.update(carts).set({ updatedAt: now }).where(eq(carts.id, customerCartId));
  });
}

/**
 * Whether the cart is empty, and its lines that cannot be ordered as they stand — fewer left than it
 * holds, or no longer for sale — by their checkout field (`cart.{variant_id}`), in one read without
 * locks (and without prices or lowering quantities), so a checkout for what has sold out is refused
 * at once; the order's transaction checks again under its locks.
 */
export async function cartShortages({ db }: Ctx, cartId: number): Promise<{ empty: boolean; shortages: Record<string, string[]> }> {
  const variant = variantSaleStates(db);
  const rows = await db
    .select({
      variantId: cartItems.variantId,
      quantity: cartItems.quantity,
      stock: variant.stock,
      productName: variant.productName,
      variantLabel: variant.variantLabel,
      status: variant.status,
    })
    .from(cartItems)
    .innerJoin(variant, eq(variant.variantId, cartItems.variantId))
    .where(eq(cartItems.cartId, cartId));
  const shortages: Record<string, string[]> = {};
  for (const row of rows) {
    if (row.status === 1 && row.stock >= row.quantity) continue;
    const name = lineName(row);
    shortages[`cart.${row.variantId}`] = [row.status !== 1 ? unavailableMessage(name) : stockMessage(name, row.stock, row.quantity)];
  }
  return { empty: rows.length === 0, shortages };
}

/**
 * The checkout's lines, read with the cart locked (and marked used) inside the order's
 * transaction.
 */
export async function lockedCartLines(tx: Db, cartId: number, now: Date): Promise<{ variantId: number; quantity: number }[]> {
  await lockCart(tx, cartId, now);
  return storedLines(tx, cartId);
}

/** Empties what the order took from the cart (in the order's transaction). */
export async function removeOrderedLines(tx: Db, cartId: number, variantIds: number[]): Promise<void> {
  if (variantIds.length === 0) return;
  // The cart's row was marked used when lockedCartLines locked it.
  await tx.delete(cartItems).where(and(eq(cartItems.cartId, cartId), inArray(cartItems.variantId, variantIds)));
}
