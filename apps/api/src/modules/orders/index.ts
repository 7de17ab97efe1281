import type { DashboardContribution } from '../dashboard/dashboard.service';
import { orderFigures } from './order.resource';

/**
 * Orders of every channel: placeOrder (prices, delivery, coupon, stock reservation, idempotency),
 * the order views, the back office's order reads and the storefront's tracking.
 */
export { customerOrder, customerOrders, trackOrder } from './customer-order.service';
export { landingOrderRoutes, placeLandingOrder } from './landing-order';
export { orderRoutes } from './order.routes';
export {
  assertTakingOrders,
  findIdempotentOrder,
  hasReceivedProduct,
  isFirstOrder,
  orderView,
  type PlacedOrder,
  type PlaceOrderContext,
  type PlaceOrderInput,
  type PlaceOrderLine,
  placeOrder,
  stockMessage,
  unavailableMessage,
} from './order.service';
export { ORDER_NUMBER_PREFIX, orderLines, orderStatusHistory, orders } from './order.table';
export { lineName, type SellingPrice, sellingPrices } from './pricing.service';

export const orderDashboard: DashboardContribution = {
  permission: 'order.view',
  async cards({ db, timeZone }) {
    const figures = await orderFigures(db, timeZone);
    return [
      { id: 'orders-today', label: 'Orders today', value: figures.today, format: 'count', link: '/admin/order/process/1' },
      { id: 'orders-pending', label: 'Pending orders', value: figures.pending, format: 'count', link: '/admin/order/process/1' },
    ];
  },
};
