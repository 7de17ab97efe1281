import { z } from 'zod';
import { COURIER_KINDS, type CourierKind, courierInput } from '../couriers';
import { assigneeFilter } from '../order-assignment';
import { orderSourceInput } from '../order-entry';
import { orderStatusCode, orderTypeField } from '../orders';
import { defineResourceDescriptor, idFilter, managedBy, statusFilter, viewOf } from './descriptor';

type Stamped = { id: number; created_at: string; updated_at: string };
const day = z.iso.date({ error: 'Use a date like 2025-03-01' });

export type OrderListView = {
  id: number;
  number: string;
  type: string;
  type_label: string;
  status: number;
  status_label: string;
  customer_id: number | null;
  reseller_id: number | null;
  customer_name: string;
  phone: string;
  address: string;
  city_id: number;
  city_name: string | null;
  sub_city_id: number | null;
  sub_city_name: string | null;
  item_count: number;
  subtotal: number;
  delivery_charge: number;
  discount: number;
  coupon_code: string | null;
  advance_paid: number;
  total: number;
  payment_method: string;
  payment_status: string;
  source: string | null;
  note: string;
  placed_at: string;
  updated_at: string;
  /** The staff member the order is with (order assignment, decision 057). */
  assigned_admin_id: number | null;
  assigned_admin_name: string | null;
};

/**
 * The back office's order list: search by number, phone or name; filters by status, type,
 * customer, payment method and placing dates (shop time zone). Orders are made by placeOrder and
 * moved by the order workflow, never saved through this resource.
 */
export const orderDescriptor = defineResourceDescriptor({
  name: 'order',
  label: 'order',
  title: 'Orders',
  path: '/api/admin/orders',
  permission: 'order',
  input: z.object({}),
  view: viewOf<OrderListView>(),
  sort: ['id', 'placed_at', 'total', 'number', 'status'],
  // Newest first: by the time of placing (the id breaks ties); back-dated or imported orders sit where they belong.
  defaultSort: '-placed_at',
  filters: {
    status: orderStatusCode,
    type: orderTypeField,
    customer_id: idFilter,
    payment_method: z.string().trim().min(1).max(40),
    placed_from: day,
    placed_to: day,
    /** A staff member's id, or `none`: the orders nobody has (decision 057). */
    assignee: assigneeFilter,
  },
});

export type OrderSourceView = Stamped & { name: string; sort_order: number; status: number; orders_count: number };

/** Where orders come from; orders keep the source's name, and renaming a source renames it on its orders. */
export const orderSourceDescriptor = defineResourceDescriptor({
  name: 'order-source',
  label: 'order source',
  title: 'Order sources',
  path: '/api/admin/order-sources',
  permission: 'order.source',
  permissions: managedBy('order.source.manage'),
  input: orderSourceInput,
  view: viewOf<OrderSourceView>(),
  sort: ['id', 'name', 'sort_order', 'created_at'],
  defaultSort: 'sort_order',
  filters: { status: statusFilter },
});

export type CourierView = Stamped & {
  name: string;
  provider: CourierKind;
  phone: string;
  tracking_url: string;
  status: number;
  /** Booked through its API: its provider is connected at /admin/courier/api. */
  api_connected: boolean;
};

/** The couriers orders can be handed to. One used by orders cannot be deleted. */
export const courierDescriptor = defineResourceDescriptor({
  name: 'courier',
  label: 'courier',
  title: 'Couriers',
  path: '/api/admin/couriers',
  permission: 'courier',
  input: courierInput,
  view: viewOf<CourierView>(),
  sort: ['id', 'name', 'provider', 'created_at'],
  defaultSort: 'name',
  filters: { status: statusFilter, provider: z.enum(COURIER_KINDS) },
});
