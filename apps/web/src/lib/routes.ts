/** Named routes used for redirects (seed §2.2). */
export const NAMED_ROUTES = {
  adminLogin: '/admin/login',
  admin_login: '/admin/login',
  backend_login: '/admin/login',
  merchant_login: '/merchant/login',
  reseller_login: '/dropshipper/login',
  adminProfile: '/admin/admin/profile',
  adminDashboard: '/admin/dashboard',
} as const;

export type RouteName = keyof typeof NAMED_ROUTES;

export function route(name: RouteName): string {
  return NAMED_ROUTES[name];
}
