import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../lib/lazy';
import type { RouteHandle } from '../../ui/Title';

const handle = (title: string): RouteHandle => ({ title });

/** The accounts' bespoke screens (decision 048); balances, purposes, transfers, money in and out are declared resources. */
export const accountsRoutes: RouteObject[] = [
  { path: 'credit/due', lazy: lazyRoute('credit-due', () => import('./CreditDue')), handle: handle('Credit due') },
  {
    path: 'accounts/monthly/report',
    lazy: lazyRoute('accounts-monthly-report', () => import('./MonthlyReport')),
    handle: handle('Monthly report'),
  },
  { path: 'account/opening', lazy: lazyRoute('opening-balances', () => import('./OpeningBalances')), handle: handle('Opening balances') },
  { path: 'account/report', lazy: lazyRoute('account-report', () => import('./AccountReport')), handle: handle('Account report') },
  { path: 'account/report/lines', lazy: lazyRoute('account-report-lines', () => import('./LedgerLines')), handle: handle('Entries') },
  { path: 'profit/report', lazy: lazyRoute('profit-report', () => import('./ProfitReport')), handle: handle('Profit report') },
];
