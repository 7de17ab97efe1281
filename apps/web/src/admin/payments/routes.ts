import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../lib/lazy';
import type { RouteHandle } from '../../ui/Title';

const handle = (title: string): RouteHandle => ({ title });

/** Online payments' own screens (decision 062); the payments list is a declared resource (registry.ts). */
export const paymentRoutes: RouteObject[] = [
  {
    path: 'payment/reconciliation',
    lazy: lazyRoute('payment-reconciliation', () => import('./PaymentReconciliation')),
    handle: handle('Payment reconciliation'),
  },
];
