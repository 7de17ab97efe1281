import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../lib/lazy';
import type { RouteHandle } from '../../ui/Title';

const handle = (title: string): RouteHandle => ({ title });

/** The portal's money pages at seed §2.3's paths under /dropshipper. */
export const resellerMoneyRoutes: RouteObject[] = [
  { path: 'cashbook/income', lazy: lazyRoute('reseller-income', () => import('./CashbookIncome')), handle: handle('Cashbook: income') },
  { path: 'cashbook/pay/off', lazy: lazyRoute('reseller-pay-off', () => import('./PayOff')), handle: handle('Cashbook: pay off') },
  {
    path: 'payment/withdraw/request',
    lazy: lazyRoute('reseller-withdraw-request', () => import('./WithdrawRequest')),
    handle: handle('Request a withdrawal'),
  },
  {
    path: 'payment/withdraw/history',
    lazy: lazyRoute('reseller-withdraw-history', () => import('./WithdrawHistory')),
    handle: handle('Withdraw history'),
  },
  { path: 'bank/account', lazy: lazyRoute('reseller-bank-accounts', () => import('./BankAccounts')), handle: handle('Bank accounts') },
  { path: 'mobile/banking', lazy: lazyRoute('reseller-mobile-banking', () => import('./MobileBanking')), handle: handle('Mobile banking') },
];

/** The side menu's money links. */
export const resellerMoneyLinks = [
  { label: 'Cashbook: income', to: '/dropshipper/cashbook/income' },
  { label: 'Cashbook: pay off', to: '/dropshipper/cashbook/pay/off' },
  { label: 'Withdraw request', to: '/dropshipper/payment/withdraw/request' },
  { label: 'Withdraw history', to: '/dropshipper/payment/withdraw/history' },
  { label: 'Bank accounts', to: '/dropshipper/bank/account' },
  { label: 'Mobile banking', to: '/dropshipper/mobile/banking' },
];
