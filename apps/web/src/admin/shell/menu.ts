import type { Permission } from '@haat/contracts';
import { RESOURCES } from '../resources/registry';
import { listPath, permissionFor, type ResourceEntry } from '../resources/types';

export interface MenuItem {
  /** English, shown through `phrase`; `{{thing}}` is filled with `thing`, itself a phrase ("Add {{thing}}"). */
  label: string;
  thing?: string;
  to: string;
  permission: Permission;
}

export interface MenuGroup {
  label: string;
  items: MenuItem[];
}

const entryNamed = (name: string): ResourceEntry => {
  const entry = RESOURCES.find((each) => each.name === name);
  if (!entry) throw new Error(`No declared resource "${name}"`);
  return entry;
};

/** A declared resource's list in the menu: its title, path and view permission come from its descriptor. */
const listOf = (name: string): MenuItem => {
  const entry = entryNamed(name);
  return { label: entry.title, to: listPath(entry), permission: permissionFor(entry, 'view') };
};

/** A declared resource's add screen in the menu. */
const addOf = (name: string): MenuItem => {
  const entry = entryNamed(name);
  return {
    label: 'Add {{thing}}',
    thing: entry.singular,
    to: entry.routes.add ?? listPath(entry),
    permission: permissionFor(entry, 'create'),
  };
};

/**
 * The side menu: the back-office areas of PRODUCT.md §6 at the paths of seed §2.4 that have their
 * screens (menu.test.ts fails on an item that opens "Page not found"; sales, purchases, accounts,
 * companies and the team come with their screens). Each item shows only to admins holding its
 * permission; a group with no visible item is hidden.
 */
export const MENU: MenuGroup[] = [
  {
    label: 'Dashboard',
    items: [
      { label: 'Overview', to: '/admin/dashboard', permission: 'dashboard.view' },
      { label: 'Reports', to: '/admin/order/report', permission: 'report.view' },
    ],
  },
  {
    label: 'Catalogue',
    items: RESOURCES.filter((entry) => entry.menuGroup === 'Catalogue').map((entry) => listOf(entry.name)),
  },
  {
    label: 'Products and stock',
    items: [
      listOf('product'),
      addOf('product'),
      listOf('combo'),
      { label: 'Stock report', to: '/admin/report/product/stock', permission: 'stock.report.view' },
      { label: 'Product stock report', to: '/admin/product/stock/report', permission: 'stock.report.view' },
      { label: 'Product views', to: '/admin/product/view/report', permission: 'stock.report.view' },
      { label: 'Stock and create analysis', to: '/admin/stock/and/create/analysis', permission: 'stock.analysis.view' },
    ],
  },
  {
    label: 'Fabrics',
    items: [
      { label: 'Fabric purchases', to: '/admin/purchase/manage/fabrics', permission: 'fabric.purchase.view' },
      { label: 'Add fabric purchase', to: '/admin/addPurchase/fabrics', permission: 'fabric.purchase.create' },
      listOf('fabric'),
    ],
  },
  {
    label: 'Orders',
    items: [
      { label: 'All orders', to: '/admin/order/process/1', permission: 'order.view' },
      { label: 'Add order', to: '/admin/add/order', permission: 'order.create' },
      { label: 'Exchange order', to: '/admin/exchange/order/add', permission: 'order.create' },
      { label: 'Wholesale order', to: '/admin/add/wholesale', permission: 'order.create' },
      { label: 'Order assignment', to: '/admin/order/assignment', permission: 'order.assignment.manage' },
      listOf('order-source'),
      { label: 'Dispatch scan', to: '/admin/order/scan/dispatch', permission: 'order.scan.dispatch' },
      { label: 'Returns check-in', to: '/admin/order/scan/return', permission: 'order.scan.return' },
      listOf('incomplete-checkout'),
      // Online payments (decision 062): the attempts at the gateways, and their reconciliation with the gateways' records.
      listOf('payment'),
      listOf('payment-reconciliation'),
      listOf('payment-reconciliation-item'),
    ],
  },
  {
    label: 'Resellers and merchants',
    items: [
      listOf('reseller'),
      addOf('reseller'),
      { label: 'Reseller withdraw requests', to: '/admin/withdraw/request/by/resellers', permission: 'reseller.payment.view' },
      { label: 'Merchant withdraw requests', to: '/admin/withdraw/request/by/merchant', permission: 'merchant.withdrawal.view' },
      { label: 'Unpaid reseller payments', to: '/admin/un-paid/payment/reseller', permission: 'reseller.payment.view' },
      { label: 'Paid reseller payments', to: '/admin/paid/payment/reseller', permission: 'reseller.payment.view' },
      { label: 'Reseller payment invoices', to: '/admin/reseller/payment/invoice', permission: 'reseller.payment.view' },
      { label: 'Add reseller sale', to: '/admin/reseller/sale/add', permission: 'order.create' },
      listOf('merchant'),
      listOf('customer'),
      listOf('user'),
    ],
  },
  {
    label: 'Purchases and suppliers',
    items: [
      listOf('purchase'),
      addOf('purchase'),
      listOf('supplier'),
      addOf('supplier'),
      listOf('fabric-supplier'),
      { label: 'Purchase report', to: '/admin/purchase/report', permission: 'report.purchase' },
      { label: 'Supplier report', to: '/admin/supplier/report', permission: 'report.supplier' },
    ],
  },
  {
    label: 'Accounts',
    items: [
      listOf('credit'),
      addOf('credit'),
      { label: 'Credit due', to: '/admin/credit/due', permission: 'credit.view' },
      listOf('debit'),
      addOf('debit'),
      { label: 'Monthly report', to: '/admin/accounts/monthly/report', permission: 'accounts.report.view' },
      { label: 'Account report', to: '/admin/account/report', permission: 'accounts.report.view' },
      { label: 'Profit report', to: '/admin/profit/report', permission: 'accounts.report.view' },
      listOf('balance'),
      addOf('balance'),
      listOf('fund-transfer'),
      addOf('fund-transfer'),
      listOf('account-purpose'),
      listOf('loan'),
      addOf('loan'),
      listOf('loaner'),
      listOf('bill'),
      addOf('bill'),
      { label: 'Opening balances', to: '/admin/account/opening', permission: 'accounts.opening.view' },
    ],
  },
  {
    label: 'Locations and delivery',
    items: [
      listOf('city'),
      listOf('subcity'),
      listOf('delivery-charge'),
      listOf('courier'),
      { label: 'Courier API', to: '/admin/courier/api', permission: 'courier.api.manage' },
      { label: 'Courier remittances', to: '/admin/courier/remittance', permission: 'remittance.view' },
      { label: 'Still owed by couriers', to: '/admin/courier/receivable', permission: 'remittance.view' },
      { label: 'Courier statuses to review', to: '/admin/courier/review', permission: 'courier.review.manage' },
      { label: 'Courier webhooks', to: '/admin/courier/webhooks', permission: 'courier.webhook.view' },
    ],
  },
  {
    label: 'Fraud and risk',
    items: [
      { label: 'Fraud controls', to: '/admin/fraud/setting', permission: 'fraud.setting.view' },
      listOf('blocklist'),
      listOf('fraud-refusal'),
    ],
  },
  {
    label: 'Offers and marketing',
    items: [
      listOf('offer'),
      listOf('coupon'),
      listOf('campaign'),
      { label: 'Campaign slider', to: '/admin/campaign/slider', permission: 'campaign.view' },
      listOf('landing-page'),
      { label: 'SMS campaign', to: '/admin/sms/campaign', permission: 'sms.campaign.send' },
    ],
  },
  {
    label: 'Sales',
    items: [
      { label: 'New counter sale', to: '/admin/sale/add', permission: 'sale.create' },
      { label: 'Counter sales', to: '/admin/sale/office', permission: 'sale.view' },
      { label: 'New company sale', to: '/admin/sale/add/company', permission: 'sale.create' },
      { label: 'Company sales', to: '/admin/sale/company', permission: 'sale.view' },
      listOf('company'),
      { label: 'Exchange at the counter', to: '/admin/sale/exchange/add', permission: 'sale.create' },
    ],
  },
  {
    label: 'Team and salaries',
    items: [listOf('team-member'), addOf('team-member')],
  },
  {
    label: 'Companies and investment',
    items: [listOf('asset'), addOf('asset'), listOf('investment'), addOf('investment'), listOf('director'), addOf('director')],
  },
  {
    label: 'Staff and roles',
    items: [listOf('admin'), listOf('role')],
  },
  {
    label: 'Reports',
    items: [
      { label: 'Order report', to: '/admin/order/report', permission: 'report.view' },
      { label: 'Order processing report', to: '/admin/order/processing/report', permission: 'report.view' },
      { label: 'Order profit report', to: '/admin/order/profit/report', permission: 'report.view' },
      { label: 'Orders per staff member', to: '/admin/report/order/staff', permission: 'report.view' },
      { label: 'Office sale report', to: '/admin/office/sale/report', permission: 'report.sale' },
      { label: 'Sale profit report', to: '/admin/sale/profit/report', permission: 'report.sale' },
    ],
  },
  {
    label: 'Settings and content',
    items: [
      { label: 'General settings', to: '/admin/general/setting', permission: 'setting.view' },
      { label: 'Header', to: '/admin/header/setting', permission: 'setting.view' },
      { label: 'Footer info', to: '/admin/footer/info', permission: 'setting.view' },
      { label: 'Marketing', to: '/admin/marketing/setting', permission: 'setting.view' },
      { label: 'Theme', to: '/admin/theme/setting', permission: 'setting.view' },
      { label: 'Storefront services', to: '/admin/services/setting', permission: 'setting.view' },
      { label: 'Site configuration', to: '/admin/site/configuration', permission: 'setting.view' },
      { label: 'Payment setup', to: '/admin/payment/setup', permission: 'payment.setup.manage' },
      { label: 'Social login', to: '/admin/social/login', permission: 'setting.view' },
      { label: 'SMS API', to: '/admin/sms/api', permission: 'sms.api.manage' },
      { label: 'E-mail (SMTP)', to: '/admin/email/smtp', permission: 'setting.view' },
      { label: 'Incomplete orders', to: '/admin/incomplete/setting', permission: 'setting.view' },
      { label: 'Audit log', to: '/admin/audit/log', permission: 'audit.view' },
      listOf('template'),
      listOf('page'),
      listOf('comment'),
      listOf('product-review'),
      listOf('contact-message'),
      listOf('factory'),
    ],
  },
];

/** Words in a language: `phrase`, or the identity for English. */
export type Words = (text: string, values?: Record<string, string>) => string;

const english: Words = (text, values) => text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values?.[name] ?? '');

/** An item's label in the reader's words ("Add product", "পণ্য যোগ করুন"). */
export function itemLabel(item: MenuItem, words: Words): string {
  return words(item.label, item.thing ? { thing: words(item.thing) } : undefined);
}

/**
 * The menu as one admin sees it, matching `query` against each label in English and in the reader's
 * words (someone reading Bengali may type either).
 */
export function visibleMenu(can: (permission: Permission) => boolean, query = '', words: Words = english): MenuGroup[] {
  const needle = query.trim().toLocaleLowerCase();
  const matches = (texts: string[]) => texts.some((text) => text.toLocaleLowerCase().includes(needle));
  return MENU.map((group) => {
    const groupMatches = !needle || matches([group.label, words(group.label)]);
    return {
      label: group.label,
      items: group.items.filter(
        (item) => can(item.permission) && (groupMatches || matches([itemLabel(item, english), itemLabel(item, words)])),
      ),
    };
  }).filter((group) => group.items.length > 0);
}
