import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../../lib/lazy';
import type { RouteHandle } from '../../../ui/Title';

const handle = (title: string): RouteHandle => ({ title });

/** The staff's order entry screens at seed §2.4's paths under /admin (order sources come from the registry). */
export const orderEntryRoutes: RouteObject[] = [
  { path: 'add/order', lazy: lazyRoute('order-entry-phone', () => import('./AddOrder')), handle: handle('Add order') },
  { path: 'add/wholesale', lazy: lazyRoute('order-entry-wholesale', () => import('./AddWholesale')), handle: handle('Wholesale order') },
  {
    path: 'exchange/order/add',
    lazy: lazyRoute('order-entry-exchange', () => import('./AddExchange')),
    handle: handle('Exchange order'),
  },
  { path: 'orderEdit/:id', lazy: lazyRoute('order-entry-edit', () => import('./EditOrder')), handle: handle('Edit order') },
];
