import type { RouteObject } from 'react-router';
import { lazyRoute } from '../lib/lazy';
import { portalMoneyRoutes } from '../ui/portal/money/routes';
import { declaredRoutes } from '../ui/resource/declared-routes';
import type { RouteHandle } from '../ui/Title';

const handle = (title: string): RouteHandle => ({ title });
const BASE = '/merchant';

/** The merchant portal's pages under /merchant (decision 037); the money pages are the shared ones of ui/portal/money. */
export const merchantPortalRoutes: RouteObject[] = [
  ...declaredRoutes('merchant-products', BASE, { list: 'products' }, { list: 'My products' }, () => import('./products.resource')),
  ...declaredRoutes('merchant-order-lines', BASE, { list: 'orders' }, { list: 'Order lines' }, () => import('./orders.resource')),
  ...declaredRoutes('merchant-earnings', BASE, { list: 'earnings' }, { list: 'Earnings' }, () => import('./earnings.resource')),
  ...portalMoneyRoutes('merchant', BASE),
  { path: 'profile', lazy: lazyRoute('merchant-profile', () => import('./Profile')), handle: handle('Profile and password') },
];

/** Password reset by SMS code: the reseller's pages, which read the portal from the address. */
export const merchantPublicRoutes: RouteObject[] = [
  {
    path: '/merchant/password/reset',
    lazy: lazyRoute('merchant-password-reset', () => import('../reseller/account/PasswordReset')),
    handle: handle('Reset password'),
  },
  {
    path: '/merchant/code/verify/:phone',
    lazy: lazyRoute('merchant-code-verify', () => import('../reseller/account/CodeVerify')),
    handle: handle('Enter the code'),
  },
  {
    path: '/merchant/set/new/password/:phone',
    lazy: lazyRoute('merchant-new-password', () => import('../reseller/account/SetNewPassword')),
    handle: handle('Set new password'),
  },
];
