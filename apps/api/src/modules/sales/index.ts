/** Sales at the shop's counter (decision 036): point of sale, receipts, the office sale report. */
export { counterSaleNumber } from './counter-sale.service';
export { salesRoutes } from './sale.routes';
