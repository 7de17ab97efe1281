import type { DashboardContribution } from '../dashboard';
import { openIncompleteCount } from './incomplete-checkout.service';

/** The storefront's cart, kept on the server, and its checkout into an order. */
export { CART_COOKIE, cartRoutes, mergeCartOnSignIn } from './cart.routes';
export { type CartOwner, cartContent, findCart, mergeGuestCart } from './cart.service';
export { checkout, checkoutQuote } from './checkout.service';
/** Incomplete checkouts, kept for a call back (decision 056). */
export { incompleteCheckoutRoutes } from './incomplete-checkout.routes';
export {
  closeShopDraft,
  placeShopDraftsWith,
  purgeIncompleteCheckouts,
  readShopNamesWith,
  type ShopDraftOrder,
  type ShopDraftPlacer,
  type ShopDraftPricer,
  saveShopCheckoutDraft,
} from './incomplete-checkout.service';

/** The open incomplete checkouts waiting for a call back, on the dashboard. */
export const incompleteCheckoutDashboard: DashboardContribution = {
  permission: 'order.incomplete.view',
  async cards({ db }) {
    return [
      {
        id: 'incomplete-open',
        label: 'Incomplete orders to call',
        value: await openIncompleteCount(db),
        format: 'count',
        link: '/admin/incomplete/order?filter[status]=open',
      },
    ];
  },
};
