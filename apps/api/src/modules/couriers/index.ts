/**
 * Couriers: the shop's list (`/admin/courier`), their API credentials (`/admin/courier/api`),
 * booking consignments when orders ship, and following them until delivered or returned.
 */

export { courierRoutes } from './courier.routes';
export { seedCouriers } from './courier.seed';
export { bookShipment, orderCourier, refreshOrderTracking, trackShippedOrders } from './courier.service';
export { COURIER_API_SETTING, courierConnections, readCredentials } from './courier-credentials.service';
