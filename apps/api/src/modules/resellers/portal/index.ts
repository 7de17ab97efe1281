/** The dropshipper portal's own calls (seed §2.3): password reset, products, orders, customers, account. */
export { resellerForApiKey } from './account.service';
export { requireReseller } from './guard';
export { placeResellerOrder, resellerOrder, withProfit } from './order.service';
export { resellerPortalRoutes } from './portal.routes';
export { resellerApiKeys, resellerDeliveryCharges, resellerPasswordResets, resellerProductPrices, resellerProfiles } from './portal.table';
