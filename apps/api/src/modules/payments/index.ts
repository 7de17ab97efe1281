/** Online payments (decision 062): attempts, gateways, refunds, reconciliation. */
export { isPayKey, payKey, payPath } from './pay-link';
