import { hasPermission, type Permission, SETTING_PAGES } from '@haat/contracts';
import { RESOURCES } from '../resources/registry';
import { permissionFor } from '../resources/types';

/** A screen every signed-in staff member may open (their own profile, the dashboard's welcome). */
export const ANY_STAFF = 'any staff';
/** A screen open without sign-in (seed §6: the site configuration, the courier API's status). */
export const PUBLIC = 'public';

/** Who may open a back-office screen: the one permission it needs, or one of the two openings above. */
export type RouteAccess = Permission | typeof ANY_STAFF | typeof PUBLIC;

/**
 * The permission of every back-office screen, in one place (issue 17): the router's guard shows
 * "You don't have access to this page" before the screen, so no list, form or data call appears
 * to someone who may not open it. Keyed by the route's full path as the router declares it.
 * The declared resources' screens answer to their own permissions: the list to view, the add
 * screen to create, the edit screen to update. route-access.test.ts fails on a screen missing here.
 */
const SCREENS: Record<string, RouteAccess> = {
  '/admin/login': PUBLIC,
  '/admin/site/configuration': PUBLIC,
  '/admin/courier/api': PUBLIC,
  '/admin/order/print': 'order.view',
  '/admin/order/print/parcels': 'order.view',
  '/admin/order/scan/dispatch': 'order.scan.dispatch',
  '/admin/order/scan/return': 'order.scan.return',
  '/admin': ANY_STAFF,
  // Everyone lands on the dashboard after signing in; its figures follow dashboard.view and each card's own permission.
  '/admin/dashboard': ANY_STAFF,
  '/admin/admin/profile': ANY_STAFF,
  // One's own password (the API refuses another's).
  '/admin/admin/password/:id': ANY_STAFF,
  '/admin/search': ANY_STAFF,
  '/admin/*': ANY_STAFF,
  '/backend/*': ANY_STAFF,
  '/admin/assign/role/admin/:id': 'admin.update',
  '/admin/assign/admin/permission/:id': 'admin.update',
  '/admin/admin/password/reset/:id': 'admin.password.reset',
  '/admin/audit/log': 'audit.view',
  // Products and stock.
  '/admin/products': 'product.view',
  '/admin/report/product/stock': 'stock.report.view',
  // Fabrics and the stock analysis (issue 18).
  '/admin/addPurchase/fabrics': 'fabric.purchase.create',
  '/admin/purchase/manage/fabrics': 'fabric.purchase.view',
  '/admin/stock/and/create/analysis': 'stock.analysis.view',
  '/admin/product/stock/report': 'stock.report.view',
  '/admin/product/view/report': 'stock.report.view',
  // A page's sections and testimonials.
  '/admin/page/description/:slug': 'page.view',
  '/admin/description/add/:slug': 'page.update',
  '/admin/description/:slug/:descriptionId': 'page.update',
  '/admin/review/:slug': 'page.view',
  '/admin/review/add/:slug': 'page.update',
  '/admin/review/:slug/:reviewId': 'page.update',
  // Marketing.
  '/admin/campaign/manage/image/:id': 'campaign.view',
  '/admin/campaign/slider': 'campaign.view',
  '/admin/sms/campaign': 'sms.campaign.send',
  // Reports.
  '/admin/order/report': 'report.view',
  '/admin/order/processing/report': 'report.view',
  '/admin/order/processing/report/:id': 'report.view',
  '/admin/order/profit/report': 'report.view',
  // Order assignment (decision 057).
  '/admin/order/assignment': 'order.assignment.manage',
  '/admin/report/order/staff': 'report.view',
  // Courier remittances (decision 049).
  '/admin/courier/remittance': 'remittance.view',
  '/admin/courier/remittance/add': 'remittance.create',
  '/admin/courier/remittance/import': 'remittance.create',
  '/admin/courier/remittance/payments': 'remittance.create',
  '/admin/courier/remittance/:id': 'remittance.view',
  '/admin/courier/receivable': 'remittance.view',
  '/admin/courier/review': 'courier.review.manage',
  '/admin/courier/webhooks': 'courier.webhook.view',
  // Purchases and suppliers (decision 034).
  '/admin/supplier/:id/amount': 'supplier.view',
  '/admin/purchaseView/:id': 'purchase.view',
  '/admin/purchase/report': 'report.purchase',
  '/admin/supplier/report': 'report.supplier',
  // Accounts (decision 048): what is owed to us and the monthly report.
  '/admin/credit/due': 'credit.view',
  '/admin/accounts/monthly/report': 'accounts.report.view',
  // The team's salaries (decision 050).
  '/admin/team/salary/:id': 'salary.view',
  '/admin/team/salary/:id/:month': 'salary.view',
  // Loans, bills and opening balances (decision 051).
  '/admin/loaner/details/:id': 'loan.view',
  '/admin/bill/statement/details/:id': 'bill.view',
  '/admin/account/opening': 'accounts.opening.view',
  '/admin/account/report': 'accounts.report.view',
  '/admin/account/report/lines': 'accounts.report.view',
  '/admin/profit/report': 'accounts.report.view',
  // Counter sales (decision 036).
  '/admin/sale/office': 'sale.view',
  '/admin/sale/add': 'sale.create',
  '/admin/sale/view/:id': 'sale.view',
  '/admin/sale/edit/:id': 'sale.update',
  '/admin/sale/print/:id': 'sale.view',
  '/admin/office/sale/report': 'report.sale',
  // Company sales (decision 039).
  '/admin/sale/company': 'sale.view',
  '/admin/sale/add/company': 'sale.create',
  '/admin/company/sale/details/:id': 'company.view',
  '/admin/company/payment/details/:id': 'company.view',
  '/admin/supplier/purchase/from/us/:id': 'supplier.view',
  // Our own companies (decision 052).
  '/admin/company/investor/details/:id': 'investor.view',
  '/admin/director/payment/details/:id': 'director.view',
  // Exchanges and the sale profit report (decision 040).
  '/admin/sale/exchange/add': 'sale.create',
  '/admin/sale/profit/report': 'report.sale',
  // Resellers' money.
  '/admin/withdraw/request/by/resellers': 'reseller.payment.view',
  '/admin/withdraw/request/by/merchant': 'merchant.withdrawal.view',
  '/admin/merchant/statement/:id': 'merchant.statement.view',
  '/admin/un-paid/payment/reseller': 'reseller.payment.view',
  '/admin/paid/payment/reseller': 'reseller.payment.view',
  '/admin/reseller/payment/invoice': 'reseller.payment.view',
  '/admin/reseller/payment/invoice/:id': 'reseller.payment.view',
  '/admin/reseller/sale/add': 'order.create',
  // Orders.
  '/admin/add/order': 'order.create',
  '/admin/add/wholesale': 'order.create',
  '/admin/exchange/order/add': 'order.create',
  '/admin/orderEdit/:id': 'order.update',
  '/admin/order/process/:status/:type?': 'order.view',
  '/admin/view/order/:id': 'order.view',
  // Incomplete checkouts' call-back screen (decision 056).
  '/admin/incomplete/order/:id': 'order.incomplete.view',
  // Each settings group at its own path, with the permission its API reads.
  ...Object.fromEntries(SETTING_PAGES.filter((page) => page.group !== 'configuration').map((page) => [page.path, page.view])),
};

const MODES = { list: 'view', add: 'create', edit: 'update' } as const;

/** Every declared resource's list, add and edit screens with their permissions. */
const RESOURCE_SCREENS: Record<string, RouteAccess> = Object.fromEntries(
  RESOURCES.flatMap((entry) =>
    (Object.keys(MODES) as (keyof typeof MODES)[]).flatMap((mode) => {
      const path = entry.routes[mode];
      return path ? [[path, permissionFor(entry, MODES[mode])] as const] : [];
    }),
  ),
);

/** Every back-office screen's access, by full path. */
export const ROUTE_ACCESS: Readonly<Record<string, RouteAccess>> = { ...RESOURCE_SCREENS, ...SCREENS };

/**
 * The access a screen needs; a screen nobody declared opens only to super admins (safe by default;
 * route-access.test.ts names it).
 */
export function routeAccess(fullPath: string): RouteAccess | undefined {
  return ROUTE_ACCESS[fullPath];
}

/** Whether someone holding `granted` may open a screen needing `access` (an undeclared screen: only a super admin). */
export function mayOpen(granted: readonly string[] | undefined, access: RouteAccess | undefined): boolean {
  if (access === PUBLIC || access === ANY_STAFF) return true;
  if (!access) return Boolean(granted?.includes('*'));
  return hasPermission(granted, access);
}
