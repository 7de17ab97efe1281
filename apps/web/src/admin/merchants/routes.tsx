import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../lib/lazy';
import type { RouteHandle } from '../../ui/Title';

const handle = (title: string): RouteHandle => ({ title });

/** Merchants' money under /admin (decision 037); the merchant list itself comes from the registry. */
export const merchantAdminRoutes: RouteObject[] = [
  {
    path: 'withdraw/request/by/merchant',
    lazy: lazyRoute('merchant-withdraw-requests', () => import('./WithdrawRequests')),
    handle: handle('Merchant withdraw requests'),
  },
  {
    path: 'merchant/statement/:id',
    lazy: lazyRoute('merchant-statement', () => import('./Statement')),
    handle: handle('Merchant statement'),
  },
];
