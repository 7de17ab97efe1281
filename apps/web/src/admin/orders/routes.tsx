import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../lib/lazy';
import type { RouteHandle } from '../../ui/Title';

const handle = (title: string): RouteHandle => ({ title });

/** The order workflow's screens inside the admin shell (paths under /admin). */
export const orderWorkflowRoutes: RouteObject[] = [
  {
    path: 'order/process/:status/:type?',
    lazy: lazyRoute('order-process', () => import('./OrderProcess')),
    handle: handle('Orders'),
  },
  { path: 'view/order/:id', lazy: lazyRoute('order-view', () => import('./OrderView')), handle: handle('Order') },
];

/** The print sheet of invoices or labels: its own page, without the menu, for paper. */
export const orderPrintRoute: RouteObject = {
  path: '/admin/order/print',
  lazy: lazyRoute('order-print', () => import('./OrderPrint')),
  handle: handle('Print orders'),
};
