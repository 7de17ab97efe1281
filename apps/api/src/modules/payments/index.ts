/** Online payments (decision 062): attempts, gateways, refunds, reconciliation. */
export { isPayKey, payKey, payPath } from './pay-link';
export { paymentAdminRoutes } from './payment-admin.routes';
export { paymentRefundsOf, refundPayment, refundsOfOrders } from './payment-refund.service';
export { reconcile, reconcileReport } from './reconciliation.service';
