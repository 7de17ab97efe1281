import type { DashboardContribution } from '../dashboard';
import { orderDashboardCards, orderDashboardCharts } from './order-dashboard';

export {
  awaitingPayUrl,
  type CheckoutPayment,
  type CheckoutRouteOptions,
  checkoutPayment,
  type PayUrl,
} from './checkout-payment';
/**
 * Orders of every channel: placeOrder (prices, delivery, coupon, stock reservation, idempotency),
 * the order views, the back office's order reads and the storefront's tracking.
 */
export { customerOrderRoutes } from './customer-order.routes';
export { customerOrder, customerOrders, trackOrder } from './customer-order.service';
export { landingOrderRoutes, placeLandingOrder } from './landing-order';
export { orderRoutes } from './order.routes';
export {
  assertTakingOrders,
  findIdempotentOrder,
  hasReceivedProduct,
  isFirstOrder,
  orderLineRow,
  orderParcel,
  orderView,
  orderViews,
  type PlacedOrder,
  type PlaceOrderContext,
  type PlaceOrderInput,
  type PlaceOrderLine,
  type PlaceOrderRequest,
  placeOrder,
  placeOrders,
  stockMessage,
  unavailableMessage,
} from './order.service';
export { ORDER_NUMBER_PREFIX } from './order.table';
export { placeOrderInBatch } from './order-batch';
export {
  type CourierSheetOrder,
  findOrder,
  firstOrdersInStatus,
  type OrderCourierFields,
  ordersForCourierSheet,
  orderWithConsignment,
  setOrderConsignment,
  shippedOrdersWith,
  shippedOrdersWithoutConsignment,
  updateOrderCourier,
} from './order-courier.service';
export { assignDispatchCourier, findOrderByNumber, findParcel, type ParcelRow, undoShipment } from './order-dispatch.service';
export { orderEntryRoutes } from './order-entry.routes';
export { unitsReturnedByExchange } from './order-entry.service';
export {
  afterOrderMoved,
  afterOrdersPlaced,
  type OrderMovedEvent,
  type OrderRow,
  type OrdersMovingListener,
  onOrderMoved,
  onOrdersMoving,
  type ShipmentBooker,
  type ShipmentOutcome,
  setShipmentBooker,
  settleAfterCommitWork,
  shipmentBooker,
} from './order-events';
export { type OrderSummary, orderSummaries } from './order-lookup.service';
export {
  applyOnlinePayment,
  type ConfirmedOnlinePayment,
  cancelUnpaidOrder,
  findPayableOrder,
  overdueOnlineOrders,
} from './order-payment.service';
export {
  lockOrderForRefund,
  onRefundHolds,
  orderRefundState,
  type RefundableOrder,
  recordGatewayRefund,
} from './order-refund.service';
export {
  EXPORT_ROW_LIMIT,
  orderReport,
  parseReportRange,
  processingReport,
  profitReport,
  profitTotalsIn,
  type ReportMode,
  staffMovesReport,
  type Window,
} from './order-report.service';
export {
  isSettleable,
  markOrdersPaid,
  ordersByReference,
  type SettlementOrder,
  settlementOrders,
  type UnsettledOrder,
  unsettledCodOrders,
} from './order-settlement.service';
export { sendOrderSms } from './order-sms';
export { type MoveOrderStatusInput, type MoveOrderStatusResult, moveOrderStatus } from './order-status.service';
export { adminOrderView, orderStatusCountsOf } from './order-workflow.service';
export { lineName, type SellingPrice, sellingPrices } from './pricing.service';

/** Orders today and this month by status, pending and on hold, the month's sales and profit, 30 days of charts. */
export const orderDashboard: DashboardContribution = {
  permission: 'order.view',
  // The month's sales and profit and the sales chart: for those who read the profit report (an accountant too).
  figurePermissions: ['report.view'],
  cards: orderDashboardCards,
  charts: orderDashboardCharts,
};
export { courierOrderCount } from './courier-order-count.service';
export { type CustomerOrderFigures, orderFiguresByCustomer } from './customer-order-figures';
export {
  ORDER_PROFIT_LINES_LIMIT,
  type OrderProfitDay,
  type OrderProfitLine,
  type OrderProfitLinesQuery,
  type OrderProfitRange,
  type OrderProfitTotals,
  orderProfitLines,
  orderProfitPerDay,
  orderProfitTotals,
} from './order-profit.service';
// Cash-on-delivery risk (decision 055): a phone's orders, and the guard public orders pass through.
export { orderPhone, type PhoneStatusCounts, phoneRecentOrders, phoneStatusCounts } from './phone-orders.service';
export {
  orderLineQuantities,
  type ProductLineRow,
  productLineStatusCounts,
  productLinesPage,
} from './product-lines.service';
export {
  guardPublicOrdersWith,
  joinPlaceContexts,
  type PublicOrderGuard,
  type PublicShopper,
  placePublicOrder,
} from './public-order-guard';
export {
  type ResellerCustomerRow,
  resellerCustomerContacts,
  resellerCustomerCount,
  resellerCustomerOrders,
  resellerCustomerPage,
  resellerCustomersAmong,
} from './reseller-customer.service';
export {
  isResellerOrder,
  lineWholesalePrices,
  orderCountsByReseller,
  orderNumberSql,
  orderWholesaleTotal,
  type ResellerOrderFilter,
  resellerOrderPage,
  resellerStatusCounts,
  setOrderCouponCode,
} from './reseller-order.service';
export { assertAtLeastWholesale, editResellerOrder } from './reseller-order-edit.service';
export { variantSalesMismatches, variantSalesSql } from './variant-sales.service';
