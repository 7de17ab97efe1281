/** The storefront's cart, kept on the server, and its checkout into an order. */
export { CART_COOKIE, cartRoutes, mergeCartOnSignIn } from './cart.routes';
export { type CartOwner, cartContent, findCart, mergeGuestCart } from './cart.service';
export { checkout, checkoutQuote } from './checkout.service';
