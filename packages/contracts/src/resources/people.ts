import { z } from 'zod';
import { merchantInput } from '../merchants';
import type { Permission } from '../permissions';
import { RESELLER_STATUSES, type ResellerStatus, resellerAdminInput } from '../reseller-money';
import { adminInput, roleInput } from '../staff';
import { defineResourceDescriptor, idFilter, statusFilter, viewOf } from './descriptor';

type Stamped = { id: number; created_at: string; updated_at: string };

export type RoleView = Stamped & { name: string; description: string; permissions: string[]; admins_count: number };

export const roleDescriptor = defineResourceDescriptor({
  name: 'role',
  label: 'role',
  title: 'Roles',
  path: '/api/admin/roles',
  permission: 'role',
  input: roleInput,
  view: viewOf<RoleView>(),
  sort: ['id', 'name', 'created_at'],
  defaultSort: 'name',
});

export type StaffAdminView = Stamped & {
  name: string;
  email: string;
  phone: string;
  image: string | null;
  is_super: boolean;
  status: number;
  role_ids: number[];
  roles: string;
  permissions: string[];
};

export const adminDescriptor = defineResourceDescriptor({
  name: 'admin',
  label: 'admin',
  title: 'Admins',
  path: '/api/admin/admins',
  permission: 'admin',
  input: adminInput,
  view: viewOf<StaffAdminView>(),
  sort: ['id', 'name', 'email', 'created_at'],
  defaultSort: 'name',
  filters: { status: statusFilter, role_id: idFilter },
});

export type MerchantView = Stamped & {
  name: string;
  phone: string;
  email: string;
  company_name: string;
  status: number;
  products_count: number;
};

/** Suppliers who sell through the shop; they sign in at /merchant/login. */
export const merchantDescriptor = defineResourceDescriptor({
  name: 'merchant',
  label: 'merchant',
  title: 'Merchants',
  path: '/api/admin/merchants',
  permission: 'merchant',
  input: merchantInput,
  view: viewOf<MerchantView>(),
  sort: ['id', 'name', 'company_name', 'created_at'],
  defaultSort: 'name',
  filters: { status: statusFilter },
});

export type ResellerView = Stamped & {
  name: string;
  phone: string;
  email: string;
  shop_name: string;
  slug: string;
  referral_code: string;
  referred_by: string | null;
  status: ResellerStatus;
  status_label: string;
  sms_quota: number | null;
  custom_host: string;
  orders_count: number;
  available_balance: number;
};

/** The shop's resellers with their orders and available balance; approve or suspend, alone or in bulk. */
export const resellerDescriptor = defineResourceDescriptor({
  name: 'reseller',
  label: 'reseller',
  title: 'Resellers',
  path: '/api/admin/resellers',
  permission: 'reseller',
  input: resellerAdminInput,
  view: viewOf<ResellerView>(),
  sort: ['id', 'name', 'shop_name', 'created_at', 'status'],
  defaultSort: '-created_at',
  filters: { status: z.enum(RESELLER_STATUSES) },
});

export type CustomerView = {
  id: number;
  name: string;
  phone: string;
  email: string;
  has_account: boolean;
  status: 'active' | 'blocked';
  orders_count: number;
  delivered_total: number;
  last_order_at: string | null;
  created_at: string;
};

/** Shoppers are made by orders and sign-ups, not typed in: lists, CSV and detail only. */
const peopleList = (name: string, title: string, path: string, view: Permission) =>
  defineResourceDescriptor({
    name,
    label: name,
    title,
    path,
    permission: name,
    permissions: { view },
    input: z.object({}),
    view: viewOf<CustomerView>(),
    sort: ['id', 'name', 'created_at'],
    defaultSort: '-created_at',
    filters: { status: z.enum(['active', 'blocked']) },
    readOnly: true,
  });

/** Everyone who ordered or signed up, with their orders and delivered spend. */
export const customerDescriptor = peopleList('customer', 'Customers', '/api/admin/customers', 'customer.view');
/** The storefront's registered users (those who can sign in with a password). */
export const userDescriptor = peopleList('user', 'Users', '/api/admin/users', 'user.view');
