import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../lib/lazy';
import type { RouteHandle } from '../../ui/Title';

const handle = (title: string): RouteHandle => ({ title });

/** The counter's screens at seed §2.4's paths under /admin (decision 036). */
export const salesRoutes: RouteObject[] = [
  // The lists and their add screens (/admin/sale/office, /admin/sale/add, /admin/sale/company,
  // /admin/sale/add/company) are declared resources: resources/registry.ts.
  { path: 'sale/view/:id', lazy: lazyRoute('counter-sale-view', () => import('./SaleView')), handle: handle('Counter sale') },
  { path: 'sale/edit/:id', lazy: lazyRoute('counter-sale-edit', () => import('./SaleEdit')), handle: handle('Edit counter sale') },
  // Company sales, buyers' statements, a supplier buying from us (decision 039).
  {
    path: 'company/sale/details/:id',
    lazy: lazyRoute('company-statement', () => import('./CompanyStatement')),
    handle: handle('Company statement'),
  },
  {
    path: 'company/payment/details/:id',
    lazy: lazyRoute('company-statement', () => import('./CompanyStatement')),
    handle: handle('Company statement'),
  },
  {
    path: 'supplier/purchase/from/us/:id',
    lazy: lazyRoute('supplier-sales-from-us', () => import('./SupplierSalesFromUs')),
    handle: handle('What a supplier bought from us'),
  },
  // Exchanges and the sale profit report (decision 040).
  { path: 'sale/exchange/add', lazy: lazyRoute('counter-exchange', () => import('./Exchange')), handle: handle('Exchange at the counter') },
  {
    path: 'sale/profit/report',
    lazy: lazyRoute('sale-profit-report', () => import('./SaleProfitReport')),
    handle: handle('Sale profit report'),
  },
  {
    path: 'office/sale/report',
    lazy: lazyRoute('office-sale-report', () => import('./OfficeSaleReport')),
    handle: handle('Office sale report'),
  },
];

/** A counter sale on paper (80 mm receipt or A4 invoice): its own page, without the menu. */
export const salePrintRoute: RouteObject = {
  path: '/admin/sale/print/:id',
  lazy: lazyRoute('counter-sale-print', () => import('./SalePrint')),
  handle: handle('Print sale'),
};
