import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../../lib/lazy';
import type { RouteHandle } from '../../../ui/Title';

/** The dispatch desk and the returns check-in (decision 059), inside the admin shell (paths under /admin). */
export const orderScanRoutes: RouteObject[] = [
  {
    path: 'order/scan/dispatch',
    lazy: lazyRoute('order-scan-dispatch', () => import('./DispatchScan')),
    handle: { title: 'Dispatch scan' } satisfies RouteHandle,
  },
  {
    path: 'order/scan/return',
    lazy: lazyRoute('order-scan-return', () => import('./ReturnScan')),
    handle: { title: 'Returns check-in' } satisfies RouteHandle,
  },
];
