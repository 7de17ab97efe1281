import type { RouteObject } from 'react-router';
import { lazyRoute, loadChunk } from '../../lib/lazy';
import type { RouteHandle } from '../../ui/Title';

const handle = (title: string): RouteHandle => ({ title });

/** The reseller's order pages of seed §2.3, under /dropshipper. */
export const resellerOrderRoutes: RouteObject[] = [
  {
    path: 'add/new/order',
    lazy: async () => ({ Component: (await loadChunk('reseller-order-form', () => import('./OrderForm'))).AddOrder }),
    handle: handle('Add new order'),
  },
  { path: 'order/summary/:id', lazy: lazyRoute('reseller-order-summary', () => import('./OrderSummary')), handle: handle('Order summary') },
  { path: 'order/view/:id', lazy: lazyRoute('reseller-order-view', () => import('./OrderView')), handle: handle('Order') },
  {
    path: 'order/edit/:id',
    lazy: async () => ({ Component: (await loadChunk('reseller-order-form', () => import('./OrderForm'))).EditOrder }),
    handle: handle('Edit order'),
  },
  { path: 'order/:status_code', lazy: lazyRoute('reseller-orders', () => import('./OrderList')), handle: handle('Orders') },
];
