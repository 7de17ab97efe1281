import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../../lib/lazy';
import type { RouteHandle } from '../../../ui/Title';

const handle = (title: string): RouteHandle => ({ title });

/** Courier remittances and what couriers still owe (decision 049). */
export const remittanceRoutes: RouteObject[] = [
  {
    path: 'courier/remittance',
    lazy: lazyRoute('remittance-list', () => import('./RemittanceList')),
    handle: handle('Courier remittances'),
  },
  { path: 'courier/remittance/add', lazy: lazyRoute('remittance-add', () => import('./RemittanceForm')), handle: handle('Add remittance') },
  {
    path: 'courier/remittance/import',
    lazy: lazyRoute('remittance-import', () => import('./RemittanceImport')),
    handle: handle('Import payment sheet'),
  },
  {
    path: 'courier/remittance/payments',
    lazy: lazyRoute('remittance-payments', () => import('./RemittancePayments')),
    handle: handle('Read payments from the courier'),
  },
  {
    path: 'courier/remittance/:id',
    lazy: lazyRoute('remittance-view', () => import('./RemittanceView')),
    handle: handle('Courier remittance'),
  },
  {
    path: 'courier/receivable',
    lazy: lazyRoute('courier-receivable', () => import('./CourierReceivable')),
    handle: handle('Still owed by couriers'),
  },
];
