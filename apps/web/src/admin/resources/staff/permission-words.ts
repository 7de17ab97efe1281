import { PERMISSIONS, type Permission } from '@haat/contracts';

/**
 * Each permission in a staff member's words, as the role form's checkboxes and the "no access"
 * screen name it (never `role.view`). English here; the Bengali is in staff.phrases.bn.ts and a
 * test makes sure every label has it.
 */

/** The things whose permissions are view, create, update and delete: their plural in a sentence. */
const THINGS: Record<string, string> = {
  category: 'categories',
  subcategory: 'subcategories',
  subsubcategory: 'sub-subcategories',
  brand: 'brands',
  banner: 'banners',
  slider: 'sliders',
  attribute: 'attributes',
  variant: 'variants',
  product: 'products',
  combo: 'combo products',
  fabric: 'fabrics',
  reseller: 'resellers',
  merchant: 'merchants',
  city: 'cities',
  subcity: 'sub cities',
  courier: 'couriers',
  offer: 'offers',
  coupon: 'coupon codes',
  campaign: 'campaigns',
  'landing.page': 'landing pages',
  role: 'roles',
  admin: 'staff accounts',
  page: 'pages',
  comment: 'comments',
  template: 'templates',
  factory: 'factories',
  supplier: 'suppliers',
  purchase: 'purchases',
  company: 'companies',
  balance: 'balances',
  credit: 'money received',
  debit: 'money paid out',
  'account.purpose': 'account purposes',
  'team.member': 'team members',
  asset: 'assets',
  investment: 'investments',
  director: 'directors',
  blocklist: 'blocklist entries',
};

const ACTIONS: Record<string, string> = { view: 'See', create: 'Add', update: 'Edit', delete: 'Delete' };

/** Permissions that are not one of a thing's four actions. */
const OTHERS: Partial<Record<Permission, string>> = {
  'dashboard.view': 'See the dashboard',
  'stock.adjust': 'Adjust stock',
  'stock.report.view': 'See stock reports',
  'product.import': 'Import products',
  'product.export': 'Export products',
  'order.view': 'See orders',
  'order.create': 'Add orders',
  'order.update': 'Edit orders',
  'order.status.update': 'Move orders between statuses',
  'fabric.purchase.view': 'See fabric purchases',
  'fabric.purchase.create': 'Add fabric purchases',
  'fabric.issue': 'Issue fabric to factories',
  'stock.analysis.view': 'See the stock analysis',
  'order.source.manage': 'Manage order sources',
  'order.export': 'Export orders',
  'order.refund': 'Refund or keep what an order owes its customer',
  'payment.view': 'See online payments and their gateway calls',
  'payment.refund': 'Refund online payments through the gateway',
  'payment.reconcile': 'Reconcile online payments with the gateways',
  'complaint.view': 'See complaints and return cases',
  'complaint.create': 'Open complaints and return cases',
  'complaint.update': 'Work on complaints: notes, owner, status',
  'complaint.delete': 'Delete complaints',
  'order.scan.dispatch': 'Hand orders to couriers by scanning',
  'order.scan.return': 'Check in returned parcels by scanning',
  'order.assign': 'Reassign orders to staff',
  'order.assignment.manage': 'Choose who takes new orders and how',
  'reseller.payment.view': 'See reseller payments',
  'reseller.payment.pay': 'Pay resellers',
  'merchant.withdrawal.view': 'See merchant withdraw requests',
  'merchant.withdrawal.pay': 'Pay or reject merchant withdraw requests',
  'merchant.statement.view': 'See merchant statements',
  'customer.view': 'See customers',
  'user.view': 'See users',
  'delivery.charge.manage': 'Manage delivery charges',
  'courier.api.manage': 'Manage courier API keys',
  'remittance.view': 'See courier remittances and what couriers owe',
  'remittance.create': 'Record courier remittances',
  'courier.webhook.view': 'See courier webhooks and the status mapping',
  'courier.review.manage': 'Decide courier statuses awaiting review',
  'courier.status.map.manage': 'Change the courier status mapping',
  'sms.campaign.send': 'Send SMS campaigns',
  'admin.password.reset': "Reset staff members' passwords",
  'report.view': 'See reports',
  'investor.view': 'See investors',
  'investor.update': 'Edit investors’ details and correct or reverse their payouts',
  'investor.pay': 'Pay investors their profit share or money back',
  'director.pay': 'Record payments to and from directors',
  'setting.view': 'See settings',
  'setting.update': 'Change settings',
  'payment.setup.manage': 'Manage payment setup',
  'sms.api.manage': 'Manage the SMS API',
  'sms.gateway.pay': 'Pay the SMS gateway',
  'audit.view': 'See the audit log',
  'review.moderate': 'Moderate product reviews',
  'contact.message.manage': 'Manage contact messages',
  'supplier.pay': 'Pay suppliers',
  'purchase.receive': 'Receive purchased goods into stock',
  'purchase.return': 'Return goods to suppliers',
  'purchase.credit': 'Record supplier credit notes',
  'report.purchase': 'See purchase reports',
  'report.supplier': 'See supplier reports',
  'sale.view': 'See counter and company sales',
  'sale.create': 'Sell at the counter and to companies',
  'sale.update': 'Edit sales and receive company payments',
  'report.sale': 'See the office sale report',
  'fund.transfer.view': 'See fund transfers',
  'fund.transfer.create': 'Transfer money between balances',
  'accounts.report.view': 'See the monthly accounts report',
  'salary.view': 'See salaries and advances',
  'salary.pay': 'Pay salaries and give advances',
  'accounts.opening.view': 'See the opening balances',
  'accounts.opening.update': 'Save the opening balances',
  'loan.view': 'See loans, lenders and borrowers',
  'loan.create': 'Record loans taken and given',
  'loan.update': 'Edit lenders’ and borrowers’ details',
  'loan.delete': 'Delete lenders and borrowers without loans',
  'loan.repay': 'Record loan repayments',
  'bill.view': 'See the bill statement',
  'bill.create': 'Add recurring bills',
  'bill.update': 'Edit bills and record a month’s bill',
  'bill.delete': 'Delete bills never recorded',
  'bill.pay': 'Pay bills',
  // Incomplete checkouts (decision 056).
  'order.incomplete.view': 'See incomplete orders',
  'order.incomplete.update': 'Call back incomplete orders and correct them',
  'order.incomplete.convert': 'Convert incomplete orders into orders',
  'fraud.setting.view': 'See the fraud controls',
  'fraud.setting.update': 'Change the fraud controls',
  'fraud.log.view': 'See refused checkouts',
};

/** A permission in words: "See roles", "Move orders between statuses" (English; pass it through `phrase`). */
export function permissionLabel(permission: Permission): string {
  const own = OTHERS[permission];
  if (own) return own;
  const dot = permission.lastIndexOf('.');
  const thing = THINGS[permission.slice(0, dot)];
  const action = ACTIONS[permission.slice(dot + 1)];
  // Every permission of the list has words (permission-words.test.ts); a new one reads as itself until it does.
  return thing && action ? `${action} ${thing}` : permission;
}

/** Every permission's words, for the phrasebook's test. */
export const PERMISSION_LABELS: readonly string[] = PERMISSIONS.map(permissionLabel);
