import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../lib/lazy';
import type { RouteHandle } from '../../ui/Title';

/** Titles are i18n keys, so the tab reads in the admin's language. */
const handle = (title: string): RouteHandle => ({ title });

/** The order reports (issue 6 item 7) at seed §2.4's paths under /admin. */
export const reportRoutes: RouteObject[] = [
  { path: 'order/report', lazy: lazyRoute('order-report', () => import('./OrderReport')), handle: handle('reports.orderReport') },
  {
    path: 'order/processing/report',
    lazy: lazyRoute('order-processing-report', () => import('./ProcessingReport')),
    handle: handle('reports.processingReport'),
  },
  {
    path: 'order/processing/report/:id',
    lazy: lazyRoute('order-staff-moves', () => import('./StaffMovesReport')),
    handle: handle('reports.staffMovesLoading'),
  },
  {
    path: 'order/profit/report',
    lazy: lazyRoute('order-profit-report', () => import('./ProfitReport')),
    handle: handle('reports.profitReport'),
  },
];
