import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../lib/lazy';
import type { RouteHandle } from '../../ui/Title';

/** An incomplete checkout's call-back screen (decision 056); the list is a declared resource (resources/registry.ts). */
export const incompleteRoutes: RouteObject[] = [
  {
    path: 'incomplete/order/:id',
    lazy: lazyRoute('incomplete-order-view', () => import('./IncompleteView')),
    handle: { title: 'Incomplete order' } satisfies RouteHandle,
  },
];
