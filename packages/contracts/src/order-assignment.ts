import { z } from 'zod';
import { idSchema } from './fields';
import { ORDER_TYPES, type OrderType } from './order-status';
import type { Paginator } from './pagination';
import type { ReportChartPoint, ReportRange } from './reports';

/**
 * Order assignment (issue 20 item 4, decision 057): new orders handed to the staff who take orders,
 * in turn (round-robin) or to the person who had the phone's last order (sticky by phone, a new phone
 * in turn); each staff member's own queue; bulk reassign; a per-staff report.
 */

export const ASSIGNMENT_MODES = ['round_robin', 'sticky_phone'] as const;
export type AssignmentMode = (typeof ASSIGNMENT_MODES)[number];

/** The most staff members in the rotation, and the most orders one reassignment moves. */
export const ASSIGNMENT_STAFF_LIMIT = 50;
export const REASSIGN_LIMIT = 500;

const typeList = z
  .array(z.enum(ORDER_TYPES, { error: `Choose among: ${ORDER_TYPES.join(', ')}` }), { error: 'Choose the order types' })
  .max(ORDER_TYPES.length)
  .transform((types) => [...new Set(types)]);

/** `PUT /api/admin/order-assignment/settings`: the settings screen's form. */
export const orderAssignmentSettingsInput = z
  .object({
    enabled: z.boolean({ error: 'Say whether orders are assigned' }),
    mode: z.enum(ASSIGNMENT_MODES, { error: 'Choose round-robin or sticky by phone' }),
    /** The staff members new orders go to, in the order of their turns. */
    admin_ids: z
      .array(idSchema, { error: 'Choose the staff who take orders' })
      .max(ASSIGNMENT_STAFF_LIMIT, `Choose at most ${ASSIGNMENT_STAFF_LIMIT} staff members`)
      .transform((ids) => [...new Set(ids)]),
    /** Which channels' orders are assigned when placed. */
    order_types: typeList,
    /** An order a staff member in the rotation enters (a phone order) goes to them. */
    staff_orders_to_creator: z.boolean({ error: 'Say whether staff keep the orders they enter' }),
  })
  .refine((input) => !input.enabled || input.admin_ids.length > 0, {
    path: ['admin_ids'],
    message: 'Choose at least one staff member to take orders, or switch assignment off',
  })
  .refine((input) => !input.enabled || input.order_types.length > 0 || input.staff_orders_to_creator, {
    path: ['order_types'],
    message: 'Choose at least one order type to assign, or switch assignment off',
  });
export type OrderAssignmentSettingsInput = z.input<typeof orderAssignmentSettingsInput>;

/** A staff member who may be given orders: active, holding order.status.update (or a super admin). */
export interface AssigneeOption {
  id: number;
  name: string;
  email: string;
  /** In the rotation: new orders come to them. */
  takes_orders: boolean;
}

export interface OrderAssignmentSettings {
  enabled: boolean;
  mode: AssignmentMode;
  admin_ids: number[];
  order_types: OrderType[];
  staff_orders_to_creator: boolean;
  updated_at: string | null;
}

/** `GET /api/admin/order-assignment/settings`. */
export interface OrderAssignmentSettingsAnswer {
  data: OrderAssignmentSettings;
  /** Everyone who could be chosen. */
  candidates: AssigneeOption[];
}

/** `GET /api/admin/order-assignment/assignees`: who orders may go to, and whether the reader takes orders. */
export interface AssigneesAnswer {
  data: AssigneeOption[];
  enabled: boolean;
  /** The reader is in the rotation: their own queue is their default view. */
  me_takes_orders: boolean;
}

/** `POST /api/admin/orders/assign`: give these orders to a staff member, or to nobody (`admin_id: null`). */
export const reassignOrdersInput = z.object({
  ids: z
    .array(idSchema, { error: 'Choose the orders' })
    .min(1, 'Choose at least one order')
    .max(REASSIGN_LIMIT, `Reassign at most ${REASSIGN_LIMIT} orders at once`)
    .transform((ids) => [...new Set(ids)]),
  admin_id: idSchema.nullable(),
  note: z.string().trim().max(300, 'Use at most 300 characters').default(''),
});
export type ReassignOrdersInput = z.input<typeof reassignOrdersInput>;

export interface ReassignOrdersAnswer {
  message: string;
  /** The orders whose assignee changed (those already with that person are left as they were). */
  changed: number[];
  unchanged: number[];
}

/** How an order came to its assignee. */
export const ASSIGNMENT_REASONS = ['round_robin', 'sticky_phone', 'creator', 'manual'] as const;
export type AssignmentReason = (typeof ASSIGNMENT_REASONS)[number];

export interface OrderAssignmentChange {
  from_admin_id: number | null;
  from_admin_name: string | null;
  to_admin_id: number | null;
  to_admin_name: string | null;
  reason: AssignmentReason;
  by_admin_id: number | null;
  by_admin_name: string | null;
  note: string;
  at: string;
}

/** `GET /api/admin/orders/:id/assignment`: the order's assignee and how it got there. */
export interface OrderAssignmentAnswer {
  data: {
    order_id: number;
    assigned_admin_id: number | null;
    assigned_admin_name: string | null;
    assigned_at: string | null;
    history: OrderAssignmentChange[];
  };
}

/** The list filter `filter[assignee]`: a staff member's id, or `none` for orders nobody has. */
export const assigneeFilter = z.union([z.literal('none'), idSchema], { error: 'Use a staff member id or none' });

// ---- Per-staff report (`/admin/report/order/staff`) ---------------------------------------------

export interface StaffOrderReportRow {
  /** Null: orders nobody was assigned. */
  admin_id: number | null;
  admin_name: string;
  /** Orders placed in the range and assigned to them (now). */
  handled: number;
  /** Of those, confirmed at some time (moved to confirmed). */
  confirmed: number;
  cancelled: number;
  delivered: number;
  returned: number;
  /** Delivered ÷ (delivered + returned), 0–1; null before any came to an end. */
  delivered_ratio: number | null;
  /** Average minutes from placement to the first confirmation; null when none was confirmed. */
  average_confirm_minutes: number | null;
}

export interface StaffOrderReportAnswer extends Paginator<StaffOrderReportRow> {
  range: ReportRange;
  totals: Omit<StaffOrderReportRow, 'admin_id' | 'admin_name'>;
  /** Orders assigned per day of placement. */
  chart: ReportChartPoint[];
}
