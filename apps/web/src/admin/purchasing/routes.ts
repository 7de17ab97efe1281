import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../lib/lazy';
import type { RouteHandle } from '../../ui/Title';

const handle = (title: string): RouteHandle => ({ title });

/** Purchasing's bespoke screens (decision 034); the supplier and purchase lists and forms are declared resources. */
export const purchasingRoutes: RouteObject[] = [
  {
    path: 'supplier/:id/amount',
    lazy: lazyRoute('supplier-statement', () => import('./SupplierStatement')),
    handle: handle('Supplier statement'),
  },
  { path: 'purchaseView/:id', lazy: lazyRoute('purchase-view', () => import('./PurchaseView')), handle: handle('Purchase') },
  { path: 'purchase/report', lazy: lazyRoute('purchase-report', () => import('./PurchaseReport')), handle: handle('Purchase report') },
  { path: 'supplier/report', lazy: lazyRoute('supplier-report', () => import('./SupplierReport')), handle: handle('Supplier report') },
];
