import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../lib/lazy';
import type { RouteHandle } from '../../ui/Title';

const handle = (title: string): RouteHandle => ({ title });

/** The stock and create analysis (issue 18 item 6) at seed §2.4's path under /admin. */
export const inventoryRoutes: RouteObject[] = [
  {
    path: 'stock/and/create/analysis',
    lazy: lazyRoute('stock-analysis', () => import('./StockAnalysis')),
    handle: handle('Stock and create analysis'),
  },
];
