import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../../lib/lazy';
import { declaredRoutes } from '../../resource/declared-routes';
import type { RouteHandle } from '../../Title';

const handle = (title: string): RouteHandle => ({ title });

/**
 * The money pages every payee's portal has, at the same paths under its base (`/dropshipper`,
 * `/merchant`): request a withdrawal, the withdraw history, bank accounts and mobile banking. The
 * pages read the portal (its API, its words) from the address; `portal` only names the chunks.
 */
export function portalMoneyRoutes(portal: 'reseller' | 'merchant', base: string): RouteObject[] {
  return [
    {
      path: 'payment/withdraw/request',
      lazy: lazyRoute(`${portal}-withdraw-request`, () => import('./WithdrawRequest')),
      handle: handle('Request a withdrawal'),
    },
    ...declaredRoutes(
      `${portal}-withdraw-history`,
      base,
      { list: 'payment/withdraw/history' },
      { list: 'Withdraw history' },
      () => import('./withdrawals.resource'),
    ),
    { path: 'bank/account', lazy: lazyRoute(`${portal}-bank-accounts`, () => import('./BankAccounts')), handle: handle('Bank accounts') },
    {
      path: 'mobile/banking',
      lazy: lazyRoute(`${portal}-mobile-banking`, () => import('./MobileBanking')),
      handle: handle('Mobile banking'),
    },
  ];
}
