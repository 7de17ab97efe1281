import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { currentSession } from '../../http/auth';
import { notFound, pathId } from '../../http/errors';
import { requestCtx, setActor } from '../../http/request-context';
import { randomToken } from '../../lib/tokens';
import { customerAccounts } from '../customers';
import { awaitingPayUrl, type CheckoutRouteOptions } from '../orders';
import { addToCart, type CartOwner, cartContent, findCart, mergeGuestCart, removeFromCart, setCartQuantity } from './cart.service';
import { checkout, checkoutQuote } from './checkout.service';

/** The guest cart's cookie: a random token; the server keeps only its hash. */
export const CART_COOKIE = 'haat_cart';
const CART_COOKIE_DAYS = 60;

type WithVariant = { Params: { variant_id: string } };

function setCartCookie(request: FastifyRequest, reply: FastifyReply, token: string) {
  reply.setCookie(CART_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.server.config.cookieSecure,
    expires: new Date(Date.now() + CART_COOKIE_DAYS * 24 * 3600_000),
  });
}

/** The signed-in customer, if any. */
export async function signedInCustomer(request: FastifyRequest) {
  const account = (await currentSession(request, customerAccounts))?.account ?? null;
  if (account) setActor(request, { kind: 'customer', id: account.id, name: account.name });
  return account;
}

/** Whose cart this request works on: the signed-in customer's, else the guest cookie's (null: none yet). */
export async function cartOwner(request: FastifyRequest): Promise<CartOwner | null> {
  const customer = await signedInCustomer(request);
  if (customer) return { customerId: customer.id };
  const token = request.cookies[CART_COOKIE];
  return token && token.length >= 32 && token.length <= 100 ? { token } : null;
}

async function existingCart(request: FastifyRequest): Promise<number | null> {
  const owner = await cartOwner(request);
  return owner ? findCart(requestCtx(request), owner) : null;
}

/**
 * Moves this browser's guest cart into the customer's, and forgets the guest cookie: called right
 * after a shopper signs in or registers.
 */
export async function mergeCartOnSignIn(request: FastifyRequest, reply: FastifyReply, customerId: number): Promise<void> {
  const token = request.cookies[CART_COOKIE];
  if (!token) return;
  await mergeGuestCart(requestCtx(request), token, customerId);
  reply.clearCookie(CART_COOKIE, { path: '/' });
}

/** The storefront's cart (seed §7 `cartToContent`) and checkout. */
export async function cartRoutes(app: FastifyInstance, { payUrl }: CheckoutRouteOptions) {
  app.get('/_public/cartToContent', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return cartContent(requestCtx(request), await existingCart(request));
  });

  app.post('/_public/cart', async (request, reply) => {
    // The cart (and a guest's cookie) is made only by an add that is accepted.
    const known = await cartOwner(request);
    const token = known ? null : randomToken(32);
    const content = await addToCart(requestCtx(request), known ?? { token: token as string }, request.body);
    if (token) setCartCookie(request, reply, token);
    return content;
  });

  app.put<WithVariant>('/_public/cart/:variant_id', async (request) => {
    const variantId = pathId(request.params.variant_id, 'This item in your cart');
    const cartId = await existingCart(request);
    if (!cartId) throw notFound('This item in your cart');
    await setCartQuantity(requestCtx(request), cartId, variantId, request.body);
    return cartContent(requestCtx(request), cartId);
  });

  app.delete<WithVariant>('/_public/cart/:variant_id', async (request) => {
    const variantId = pathId(request.params.variant_id, 'This item in your cart');
    const cartId = await existingCart(request);
    if (!cartId) throw notFound('This item in your cart');
    await removeFromCart(requestCtx(request), cartId, variantId);
    return cartContent(requestCtx(request), cartId);
  });

  app.post('/_public/checkout/quote', async (request) => {
    return checkoutQuote(requestCtx(request), await cartOwner(request), await signedInCustomer(request), request.body);
  });

  app.post('/_public/checkout', async (request, reply) => {
    const placed = await checkout(requestCtx(request), await cartOwner(request), await signedInCustomer(request), request.body, request.ip);
    // Paid online (decision 062): the pay page the shopper goes on to, this answer and any repeat of it alike.
    return reply.status(placed.created ? 201 : 200).send({ order: placed.order, pay_url: awaitingPayUrl(placed.order, payUrl) });
  });
}
