import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../lib/lazy';
import { declaredRoutes } from '../../ui/resource/declared-routes';
import type { RouteHandle } from '../../ui/Title';

const handle = (title: string): RouteHandle => ({ title });

/** Password reset by phone (seed §2.3, public): outside the portal's shell. */
export const resellerPublicRoutes: RouteObject[] = [
  {
    path: '/dropshipper/password/reset',
    lazy: lazyRoute('reseller-password-reset', () => import('./PasswordReset')),
    handle: handle('Reset password'),
  },
  {
    path: '/dropshipper/code/verify/:phone',
    lazy: lazyRoute('reseller-code-verify', () => import('./CodeVerify')),
    handle: handle('Enter the code'),
  },
  {
    path: '/dropshipper/set/new/password/:phone',
    lazy: lazyRoute('reseller-new-password', () => import('./SetNewPassword')),
    handle: handle('Set new password'),
  },
];

/** The account pages of seed §2.3 that are not money, under /dropshipper. */
export const resellerAccountRoutes: RouteObject[] = [
  {
    path: 'reseller/information',
    lazy: lazyRoute('reseller-information', () => import('./Information')),
    handle: handle('Reseller information'),
  },
  { path: 'profile', lazy: lazyRoute('reseller-profile', () => import('./Profile')), handle: handle('Profile') },
  { path: 'profile/edit', lazy: lazyRoute('reseller-profile-edit', () => import('./ProfileEdit')), handle: handle('Edit profile') },
  { path: 'company/info', lazy: lazyRoute('reseller-company', () => import('./CompanyInfo')), handle: handle('Company information') },
  { path: 'color/setting', lazy: lazyRoute('reseller-colors', () => import('./ColorSetting')), handle: handle('Colour setting') },
  {
    path: 'delivery/charge',
    lazy: lazyRoute('reseller-delivery-charge', () => import('./DeliveryCharge')),
    handle: handle('Delivery charge'),
  },
  { path: 'security/edit', lazy: lazyRoute('reseller-security', () => import('./Security')), handle: handle('Security') },
  ...declaredRoutes(
    'reseller-customers',
    '/dropshipper',
    { list: 'customer' },
    { list: 'Customers' },
    () => import('./customers.resource'),
  ),
  ...declaredRoutes(
    'reseller-refer-list',
    '/dropshipper',
    { list: 'refer/list' },
    { list: 'Refer list' },
    () => import('./refer.resource'),
  ),
];
