/**
 * Printing and scanning parcels (decision 059): barcoded invoices and stickers, the dispatch desk
 * that hands processing orders to a courier by scanning them, and the returns check-in. Sits above
 * orders, couriers and resellers (it uses all three), so none of them depends on it.
 */
export { orderScanRoutes } from './order-scan.routes';
