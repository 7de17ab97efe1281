import { SETTING_PAGES } from '@haat/contracts';
import { Navigate, type RouteObject } from 'react-router';
import { accountsRoutes } from './admin/accounts/routes';
import { billRoutes } from './admin/bills/routes';
import { ownCompanyRoutes } from './admin/companies/routes';
import { remittanceRoutes } from './admin/couriers/remittances/routes';
import { courierWebhookRoutes } from './admin/couriers/webhooks/routes';
import { fabricRoutes } from './admin/fabrics/routes';
import { incompleteRoutes } from './admin/incomplete/routes';
import { inventoryRoutes } from './admin/inventory/routes';
import { loanRoutes } from './admin/loans/routes';
import { merchantAdminRoutes } from './admin/merchants/routes';
import { orderAssignmentRoutes } from './admin/orders/assignment/routes';
import { orderEntryRoutes } from './admin/orders/entry/routes';
import { parcelPrintRoute } from './admin/orders/print/routes';
import { orderPrintRoute, orderWorkflowRoutes } from './admin/orders/routes';
import { orderScanRoutes } from './admin/orders/scan/routes';
import { purchasingRoutes } from './admin/purchasing/routes';
import { reportRoutes } from './admin/reports/routes';
import { resellerAdminRoutes } from './admin/resellers/routes';
import { RESOURCES } from './admin/resources/registry';
import { salePrintRoute, salesRoutes } from './admin/sales/routes';
import { pageChildRoutes } from './admin/screens/content/routes';
import { marketingRoutes } from './admin/screens/marketing/routes';
import { guardAdminRoutes } from './admin/shell/route-guard';
import { teamRoutes } from './admin/team/routes';
import { lazyRoute, loadChunk } from './lib/lazy';
import { merchantPortalRoutes, merchantPublicRoutes } from './merchant/routes';
import { Root } from './Root';
import { resellerAccountRoutes, resellerPublicRoutes } from './reseller/account/routes';
import { resellerApiDocsRoutes } from './reseller/api-docs/routes';
import { resellerMoneyRoutes } from './reseller/money/routes';
import { resellerOrderRoutes } from './reseller/orders/routes';
import { resellerProductRoutes } from './reseller/products/routes';
import { resellerSmsRoutes } from './reseller/sms/routes';
import { resellerShopSettingRoutes } from './reseller/storefront/routes';
import { storefrontRoutes } from './storefront/routes';
import { NotFound } from './ui/NotFound';
import { InitialLoading } from './ui/ProgressBar';
import { RouteError } from './ui/RouteError';
import type { RouteHandle } from './ui/Title';

const handle = (title: RouteHandle['title']): RouteHandle => ({ title });

/** The list, add and edit routes of every declared resource whose path starts with `prefix`. */
function resourceRoutes(prefix: string): RouteObject[] {
  return RESOURCES.flatMap((entry) => {
    const screen = (mode: 'list' | 'add' | 'edit') => async () => {
      if (mode !== 'list' && entry.form) {
        // A bespoke add/edit screen in its own chunk.
        const { default: Form } = await loadChunk(`${entry.name}-form`, entry.form);
        return { Component: () => <Form entry={entry} mode={mode} /> };
      }
      const [screens, { default: resource }] = await Promise.all([
        loadChunk('resource-screens', () => import('./ui/resource/screens')),
        loadChunk(entry.name, entry.load),
      ]);
      // Made once per route when its code arrives, so React sees one stable component.
      return { Component: () => screens.resourceScreen(entry, resource, mode) };
    };
    const titles = { list: entry.title, add: `Add ${entry.singular}`, edit: `Edit ${entry.singular}` };
    return (['list', 'add', 'edit'] as const).flatMap((mode) => {
      const path = entry.routes[mode];
      return path?.startsWith(`${prefix}/`)
        ? [{ path: path.slice(prefix.length + 1), lazy: screen(mode), handle: handle(titles[mode]) }]
        : [];
    });
  });
}

/** Products and stock (seed §2.4) beyond the list and form the resource machinery makes. */
const productRoutes: RouteObject[] = [
  { path: 'products', element: <Navigate to="/admin/products/1" replace /> },
  {
    path: 'report/product/stock',
    lazy: lazyRoute('stock-report', () => import('./admin/screens/products/StockReport')),
    handle: handle('Stock report'),
  },
  {
    // The same report, opening by variant.
    path: 'product/stock/report',
    lazy: lazyRoute('stock-report', () => import('./admin/screens/products/StockReport')),
    handle: handle('Product stock report'),
  },
  {
    path: 'product/view/report',
    lazy: lazyRoute('product-view-report', () => import('./admin/screens/products/ProductViewReport')),
    handle: handle('Product views'),
  },
];

/**
 * One generic screen for every settings group, at the group's seed path. The site configuration
 * is not here: it stays open without sign-in (seed §6), below.
 */
const settingRoutes: RouteObject[] = [
  ...SETTING_PAGES.filter((page) => page.group !== 'configuration').map((page) => ({
    path: page.path.slice('/admin/'.length),
    lazy: async () => {
      const { SettingsScreen } = await loadChunk('settings', () => import('./admin/settings/SettingsScreen'));
      return { Component: () => <SettingsScreen group={page.group} /> };
    },
    handle: handle(page.title),
  })),
  { path: 'audit/log', lazy: lazyRoute('audit-log', () => import('./admin/screens/AuditLog')), handle: handle('Audit log') },
];

/** Every screen loads on demand (seed §2). Admin screens declare their title in `handle`. */
const adminRoutes: RouteObject[] = [
  { path: '/admin/login', lazy: lazyRoute('admin-login', () => import('./admin/screens/Login')), handle: handle('Admin sign in') },
  // Open without sign-in (seed §6).
  {
    path: '/admin/site/configuration',
    lazy: lazyRoute('site-configuration', () => import('./admin/screens/SiteConfiguration')),
    handle: handle('Site configuration'),
  },
  orderPrintRoute,
  parcelPrintRoute,
  salePrintRoute,
  {
    path: '/admin/courier/api',
    lazy: lazyRoute('courier-api', () => import('./admin/screens/CourierApi')),
    handle: handle('Courier API'),
  },
  {
    path: '/admin',
    lazy: lazyRoute('admin-shell', () => import('./admin/shell/AdminShell')),
    children: [
      { index: true, lazy: lazyRoute('admin-home', () => import('./admin/screens/AdminHome')) },
      { path: 'dashboard', lazy: lazyRoute('admin-dashboard', () => import('./admin/screens/Dashboard')), handle: handle('Dashboard') },
      { path: 'admin/profile', lazy: lazyRoute('admin-profile', () => import('./admin/screens/Profile')), handle: handle('Profile') },
      {
        path: 'admin/password/:id',
        lazy: lazyRoute('admin-password', () => import('./admin/screens/ChangePassword')),
        handle: handle('Change password'),
      },
      { path: 'search', lazy: lazyRoute('admin-search', () => import('./admin/screens/MenuSearch')), handle: handle('Search') },
      ...resourceRoutes('/admin'),
      {
        path: 'assign/role/admin/:id',
        lazy: lazyRoute('assign-roles', () => import('./admin/screens/staff/AssignRoles')),
        handle: handle('Assign roles'),
      },
      {
        path: 'assign/admin/permission/:id',
        lazy: lazyRoute('assign-permissions', () => import('./admin/screens/staff/AssignPermissions')),
        handle: handle('Assign permissions'),
      },
      {
        path: 'admin/password/reset/:id',
        lazy: lazyRoute('password-reset', () => import('./admin/screens/staff/PasswordReset')),
        handle: handle('Reset password'),
      },
      ...settingRoutes,
      ...productRoutes,
      ...pageChildRoutes,
      ...marketingRoutes,
      ...reportRoutes,
      ...purchasingRoutes,
      ...remittanceRoutes,
      ...courierWebhookRoutes,
      ...accountsRoutes,
      ...teamRoutes,
      ...loanRoutes,
      ...billRoutes,
      ...salesRoutes,
      ...ownCompanyRoutes,
      ...fabricRoutes,
      ...inventoryRoutes,
      ...resellerAdminRoutes,
      ...merchantAdminRoutes,
      ...orderEntryRoutes,
      ...orderWorkflowRoutes,
      ...orderScanRoutes,
      ...orderAssignmentRoutes,
      ...incompleteRoutes,
      { path: '*', element: <NotFound home="/admin/dashboard" inShell />, handle: handle('Page not found') },
    ],
  },
];

// Seed §2.4 puts one attribute screen under /backend; it shares the admin shell.
adminRoutes.push({
  path: '/backend',
  lazy: lazyRoute('admin-shell', () => import('./admin/shell/AdminShell')),
  children: [...resourceRoutes('/backend'), { path: '*', element: <NotFound home="/admin/dashboard" inShell /> }],
});

const resellerRoutes: RouteObject[] = [
  {
    path: '/dropshipper/login',
    lazy: lazyRoute('reseller-login', () => import('./reseller/Login')),
    handle: handle('Reseller sign in'),
  },
  ...resellerPublicRoutes,
  {
    path: '/dropshipper',
    lazy: lazyRoute('reseller-shell', () => import('./reseller/ResellerShell')),
    children: [
      {
        path: 'dashboard',
        lazy: lazyRoute('reseller-dashboard', () => import('./reseller/Dashboard')),
        handle: handle('Reseller dashboard'),
      },
      ...resellerProductRoutes,
      ...resellerOrderRoutes,
      ...resellerAccountRoutes,
      ...resellerMoneyRoutes,
      ...resellerSmsRoutes,
      ...resellerApiDocsRoutes,
      ...resellerShopSettingRoutes,
      { path: '*', element: <NotFound home="/dropshipper/dashboard" inShell />, handle: handle('Page not found') },
    ],
  },
];

const merchantRoutes: RouteObject[] = [
  { path: '/merchant/login', lazy: lazyRoute('merchant-login', () => import('./merchant/Login')), handle: handle('Merchant sign in') },
  ...merchantPublicRoutes,
  {
    path: '/merchant',
    lazy: lazyRoute('merchant-shell', () => import('./merchant/MerchantShell')),
    children: [
      {
        path: 'dashboard',
        lazy: lazyRoute('merchant-dashboard', () => import('./merchant/Dashboard')),
        handle: handle('Merchant dashboard'),
      },
      ...merchantPortalRoutes,
      { path: '*', element: <NotFound home="/merchant/dashboard" inShell />, handle: handle('Page not found') },
    ],
  },
];

/** Every screen of the app, as the router matches them (exported for the menu's test). */
export const appRoutes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <InitialLoading />,
    children: [
      // The back office and the portals are built with Mantine: its frame loads with them, never on the storefront.
      {
        lazy: lazyRoute('mantine-frame', () => import('./ui/MantineFrame')),
        // Every back-office screen behind its permission (admin/shell/route-access.ts).
        children: [...guardAdminRoutes(adminRoutes), ...resellerRoutes, ...merchantRoutes],
      },
      ...storefrontRoutes,
      { path: '*', element: <NotFound /> },
    ],
  },
];
