import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../lib/lazy';
import type { RouteHandle } from '../../ui/Title';

const handle = (title: string): RouteHandle => ({ title });

/** Resellers' money at seed §2.4's paths under /admin (the reseller, customer and user lists come from the registry). */
export const resellerAdminRoutes: RouteObject[] = [
  {
    path: 'withdraw/request/by/resellers',
    lazy: lazyRoute('reseller-withdraw-requests', () => import('./WithdrawRequests')),
    handle: handle('Reseller withdraw requests'),
  },
  {
    path: 'un-paid/payment/reseller',
    lazy: lazyRoute('reseller-unpaid-payments', () => import('./UnpaidPayments')),
    handle: handle('Unpaid reseller payments'),
  },
  {
    path: 'paid/payment/reseller',
    lazy: lazyRoute('reseller-paid-payments', () => import('./PaidPayments')),
    handle: handle('Paid reseller payments'),
  },
  {
    path: 'reseller/payment/invoice',
    lazy: lazyRoute('reseller-payment-invoices', () => import('./PaymentInvoices')),
    handle: handle('Reseller payment invoices'),
  },
  {
    path: 'reseller/payment/invoice/:id',
    lazy: lazyRoute('reseller-payment-invoice', () => import('./Invoice')),
    handle: handle('Payment invoice'),
  },
  { path: 'reseller/sale/add', lazy: lazyRoute('reseller-sale', () => import('./ResellerSale')), handle: handle('Add a reseller sale') },
];
