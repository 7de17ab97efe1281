import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../lib/lazy';
import type { RouteHandle } from '../../ui/Title';

/** One bill's periods and payments (decision 051); the statement and the bill's form are a declared resource. */
export const billRoutes: RouteObject[] = [
  {
    path: 'bill/statement/details/:id',
    lazy: lazyRoute('bill-details', () => import('./BillDetails')),
    handle: { title: 'Bill details' } satisfies RouteHandle,
  },
];
