import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../../lib/lazy';
import type { RouteHandle } from '../../../ui/Title';

const handle = (title: string): RouteHandle => ({ title });

/** Order assignment's screens (decision 057): its settings and the per-staff report. */
export const orderAssignmentRoutes: RouteObject[] = [
  {
    path: 'order/assignment',
    lazy: lazyRoute('order-assignment', () => import('./AssignmentSettings')),
    handle: handle('Order assignment'),
  },
  {
    path: 'report/order/staff',
    lazy: lazyRoute('order-staff-report', () => import('./StaffOrderReport')),
    handle: handle('Orders per staff member'),
  },
];
