/** Online payments (decision 062): attempts, gateways, refunds, reconciliation. */
export { type GatewaysConfig, gatewayFor, gatewayPurposes, paymentSettings, settingFee, standinUrl } from './gateways';
export { isPayKey, payKey, payPath } from './pay-link';
export { EXPIRED_NOTE, type ExpiryResult, expireOverduePayments, PAYMENT_EXPIRY_JOB } from './payment.job';
export { paymentRoutes } from './payment.routes';
export {
  amountDueOnline,
  checkPayment,
  completeReturn,
  findPayment,
  gatewayName,
  type PaymentRow,
  paymentRef,
  payPage,
  type SettleResult,
  settlePayment,
  startPayment,
} from './payment.service';
export { paymentAdminRoutes } from './payment-admin.routes';
export { paymentRefundsOf, refundPayment, refundsOfOrders } from './payment-refund.service';
export { orderPayments, paymentCallsOf, paymentView, sendPayLinkSms } from './payment-views';
export { reconcile, reconcileReport } from './reconciliation.service';
