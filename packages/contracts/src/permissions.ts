/**
 * Every named permission of the back office, grouped by area. The API guard, the side menu and
 * the buttons all read this one list (STYLE.md §5). A permission is listed only when a route checks
 * it (apps/api/src/http/permissions.test.ts): the areas still to be built (sales, purchases and
 * suppliers, accounts, companies, the team and salaries, merchant payouts) add theirs with their
 * routes.
 */

const CRUD = ['view', 'create', 'update', 'delete'] as const;

function crud<T extends string>(thing: T) {
  return CRUD.map((action) => `${thing}.${action}` as const);
}

export const PERMISSION_GROUPS = [
  { area: 'dashboard', label: 'Dashboard', permissions: ['dashboard.view'] },
  {
    area: 'catalog',
    label: 'Catalogue',
    permissions: [
      ...crud('category'),
      ...crud('subcategory'),
      ...crud('subsubcategory'),
      ...crud('brand'),
      ...crud('banner'),
      ...crud('slider'),
      ...crud('attribute'),
      ...crud('variant'),
    ],
  },
  {
    area: 'products',
    label: 'Products and stock',
    permissions: [...crud('product'), ...crud('combo'), 'stock.adjust', 'stock.report.view', 'product.import', 'product.export'],
  },
  {
    area: 'fabrics',
    label: 'Fabrics and stock analysis',
    permissions: [...crud('fabric'), 'fabric.purchase.view', 'fabric.purchase.create', 'fabric.issue', 'stock.analysis.view'],
  },
  {
    area: 'orders',
    label: 'Orders',
    // Orders are cancelled, never deleted: there is no order.delete.
    permissions: [
      'order.view',
      'order.create',
      'order.update',
      'order.status.update',
      'order.source.manage',
      'order.export',
      'order.refund',
      // Online payments (decision 062): the attempts and their gateway calls, refunds through the gateway, reconciliation.
      'payment.view',
      'payment.refund',
      'payment.reconcile',
      ...crud('complaint'),
      'order.scan.dispatch',
      'order.scan.return',
      // Order assignment (decision 057): reassign orders; choose who takes orders and how.
      'order.assign',
      'order.assignment.manage',
    ],
  },
  {
    area: 'incomplete-orders',
    label: 'Incomplete orders',
    // Issue 20: what shoppers typed at the checkout, called back and converted (decision 056).
    permissions: ['order.incomplete.view', 'order.incomplete.update', 'order.incomplete.convert'],
  },
  {
    area: 'resellers',
    label: 'Resellers and merchants',
    permissions: [
      ...crud('reseller'),
      'reseller.payment.view',
      'reseller.payment.pay',
      ...crud('merchant'),
      'customer.view',
      'user.view',
      'merchant.withdrawal.view',
      'merchant.withdrawal.pay',
      'merchant.statement.view',
    ],
  },
  {
    area: 'locations',
    label: 'Locations and delivery',
    permissions: [
      ...crud('city'),
      ...crud('subcity'),
      'delivery.charge.manage',
      ...crud('courier'),
      'courier.api.manage',
      // Couriers, both ways (decision 058): the webhook history and mapping, the review queue, the shop's mapping.
      'courier.webhook.view',
      'courier.review.manage',
      'courier.status.map.manage',
      'remittance.view',
      'remittance.create',
    ],
  },
  {
    area: 'marketing',
    label: 'Offers and marketing',
    permissions: [...crud('offer'), ...crud('coupon'), ...crud('campaign'), ...crud('landing.page'), 'sms.campaign.send'],
  },
  {
    area: 'staff',
    label: 'Staff and roles',
    permissions: [...crud('role'), ...crud('admin'), 'admin.password.reset'],
  },
  {
    area: 'purchases',
    label: 'Purchases and suppliers',
    permissions: [
      ...crud('supplier'),
      'supplier.pay',
      ...crud('purchase'),
      'purchase.receive',
      'purchase.return',
      'purchase.credit',
      'report.purchase',
      'report.supplier',
    ],
  },
  { area: 'sales', label: 'Sales', permissions: ['sale.view', 'sale.create', 'sale.update', 'report.sale', ...crud('company')] },
  {
    area: 'accounts',
    label: 'Accounts',
    permissions: [
      ...crud('balance'),
      'fund.transfer.view',
      'fund.transfer.create',
      ...crud('account.purpose'),
      ...crud('credit'),
      ...crud('debit'),
      'accounts.report.view',
      'accounts.opening.view',
      'accounts.opening.update',
      ...crud('loan'),
      'loan.repay',
      ...crud('bill'),
      'bill.pay',
    ],
  },
  { area: 'team', label: 'Team and salaries', permissions: [...crud('team.member'), 'salary.view', 'salary.pay'] },
  {
    area: 'companies',
    label: 'Companies and investment',
    permissions: [
      ...crud('asset'),
      ...crud('investment'),
      'investor.view',
      'investor.update',
      'investor.pay',
      ...crud('director'),
      'director.pay',
    ],
  },
  { area: 'reports', label: 'Reports', permissions: ['report.view'] },
  {
    area: 'settings',
    label: 'Settings and content',
    permissions: [
      'setting.view',
      'setting.update',
      'payment.setup.manage',
      'sms.api.manage',
      'sms.gateway.pay',
      'audit.view',
      ...crud('page'),
      ...crud('comment'),
      'review.moderate',
      'contact.message.manage',
      ...crud('template'),
      ...crud('factory'),
    ],
  },
  // Cash-on-delivery risk (decision 055).
  {
    area: 'fraud',
    label: 'Fraud and risk',
    permissions: ['fraud.setting.view', 'fraud.setting.update', ...crud('blocklist'), 'fraud.log.view'],
  },
] as const;

export type PermissionGroup = (typeof PERMISSION_GROUPS)[number];
export type Permission = PermissionGroup['permissions'][number];

export const PERMISSIONS: readonly Permission[] = PERMISSION_GROUPS.flatMap((group): readonly Permission[] => group.permissions);

const known = new Set<string>(PERMISSIONS);

export function isPermission(value: string): value is Permission {
  return known.has(value);
}

/**
 * The helper of seed §6: whether a named permission is present in a permission list.
 * A super admin's list is the wildcard `*`.
 */
export function hasPermission(granted: readonly string[] | undefined | null, permission: Permission): boolean {
  if (!granted) return false;
  return granted.includes('*') || granted.includes(permission);
}
