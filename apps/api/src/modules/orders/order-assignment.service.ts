import {
  type AssigneeOption,
  type AssigneesAnswer,
  type AssignmentReason,
  type OrderAssignmentAnswer,
  type OrderAssignmentSettings,
  type OrderAssignmentSettingsAnswer,
  type OrderType,
  orderAssignmentSettingsInput,
  type Permission,
  type ReassignOrdersAnswer,
  reassignOrdersInput,
} from '@haat/contracts';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { adminIdOf, type Ctx, inTransaction } from '../../context';
import { type Db, rowsOf } from '../../db/client';
import { invalid, notFound } from '../../http/errors';
import { diffChanges, recordAudit } from '../audit';
import { adminNames, adminsHolding, adminsHoldingSql } from '../staff';
import { orders } from './order.table';
import { orderAssignmentHistory, orderAssignmentSettings, orderPhoneOwners } from './order-assignment.table';

/** Who may be given orders: whoever may confirm them. */
export const ORDER_TAKER_PERMISSION: Permission = 'order.status.update';

/** Array parameters as PostgreSQL array literals (one parameter each, as the stock ledger passes them). */
const intList = (values: readonly number[]) => `{${values.map((value) => Math.trunc(value)).join(',')}}`;
const textList = (values: readonly string[]) => `{${values.map((value) => `"${value.replace(/[\\"]/g, '\\$&')}"`).join(',')}}`;

type SettingsRow = typeof orderAssignmentSettings.$inferSelect;

const DEFAULTS: Omit<SettingsRow, 'id'> = {
  enabled: false,
  mode: 'round_robin',
  adminIds: [],
  orderTypes: ['website', 'landing', 'reseller'],
  staffOrdersToCreator: true,
  nextTurn: 0,
  updatedBy: null,
  updatedAt: null,
};

async function readSettingsRow(db: Db): Promise<Omit<SettingsRow, 'id'>> {
  const [row] = await db.select().from(orderAssignmentSettings).where(eq(orderAssignmentSettings.id, 1));
  return row ?? DEFAULTS;
}

function settingsView(row: Omit<SettingsRow, 'id'>): OrderAssignmentSettings {
  return {
    enabled: row.enabled,
    mode: row.mode,
    admin_ids: [...row.adminIds],
    order_types: [...row.orderTypes],
    staff_orders_to_creator: row.staffOrdersToCreator,
    updated_at: row.updatedAt ? row.updatedAt.toISOString() : null,
  };
}

/** The settings screen: the settings and everyone who could take orders. */
export async function orderAssignmentSettingsOf({ db }: Ctx): Promise<OrderAssignmentSettingsAnswer> {
  const row = await readSettingsRow(db);
  const holders = await adminsHolding(db, ORDER_TAKER_PERMISSION);
  const chosen = new Set(row.adminIds);
  return {
    data: settingsView(row),
    candidates: holders.map((admin) => ({ ...admin, takes_orders: row.enabled && chosen.has(admin.id) })),
  };
}

/**
 * Saves the settings (audited). Every staff member chosen must be active and hold order.status.update;
 * the round-robin cursor carries on where it was.
 */
export async function saveOrderAssignmentSettings(ctx: Ctx, body: unknown): Promise<OrderAssignmentSettings> {
  const input = orderAssignmentSettingsInput.parse(body);
  return inTransaction(ctx, async (tx) => {
    const holders = await adminsHolding(tx.db, ORDER_TAKER_PERMISSION, input.admin_ids);
    const allowed = new Set(holders.map((admin) => admin.id));
    const refused = input.admin_ids.filter((id) => !allowed.has(id));
    if (refused.length > 0) {
      throw invalid(
        'admin_ids',
        `Staff member ${refused.map((id) => `#${id}`).join(', ')} cannot take orders: choose active staff who may confirm orders.`,
      );
    }
    const [before] = await tx.db.select().from(orderAssignmentSettings).where(eq(orderAssignmentSettings.id, 1)).for('update');
    const values = {
      enabled: input.enabled,
      mode: input.mode,
      adminIds: input.admin_ids,
      orderTypes: input.order_types,
      staffOrdersToCreator: input.staff_orders_to_creator,
      updatedBy: adminIdOf(tx),
      updatedAt: tx.now,
    };
    const [saved] = await tx.db
      .insert(orderAssignmentSettings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: orderAssignmentSettings.id, set: values })
      .returning();
    if (!saved) throw new Error('the assignment settings were not saved');
    const plain = (row: Omit<SettingsRow, 'id'> | undefined) =>
      row
        ? {
            enabled: row.enabled,
            mode: row.mode,
            admin_ids: row.adminIds,
            order_types: row.orderTypes,
            staff_orders_to_creator: row.staffOrdersToCreator,
          }
        : null;
    const changes = diffChanges(plain(before ?? DEFAULTS), plain(saved));
    if (Object.keys(changes).length > 0) {
      await recordAudit(tx, { action: 'update', entity: 'order_assignment_settings', entityId: 1, changes });
    }
    return settingsView(saved);
  });
}

/** The order list's filter and the reassign dialog: who orders may go to, and whether the reader takes orders. */
export async function assigneesOf(ctx: Ctx): Promise<AssigneesAnswer> {
  const row = await readSettingsRow(ctx.db);
  const holders = await adminsHolding(ctx.db, ORDER_TAKER_PERMISSION);
  const chosen = new Set(row.enabled ? row.adminIds : []);
  const data: AssigneeOption[] = holders.map((admin) => ({ ...admin, takes_orders: chosen.has(admin.id) }));
  const me = adminIdOf(ctx);
  return { data, enabled: row.enabled, me_takes_orders: me !== null && chosen.has(me) };
}

// ---- At placement -------------------------------------------------------------------------------

/** An order just written, as the assignment sees it. */
export interface NewOrder {
  id: number;
  type: OrderType;
  phone: string;
  /** The admin who entered it (a phone order), or null. */
  placedBy: number | null;
}

/**
 * Gives the orders of a placement batch their staff member, in the batch's transaction (called by
 * placeOrders after the orders are written). A fixed number of statements for the whole batch: the
 * settings, the staff still able to take orders, (sticky) the phones' owners, ONE update of the
 * round-robin cursor for every turn the batch takes — the row's lock makes concurrent batches take
 * consecutive turns, so turns are spread evenly on PostgreSQL too — (sticky) one upsert of the new
 * phones' owners, one update of the orders and one insert of their history. Switched off: one read.
 */
export async function assignPlacedOrders(ctx: Ctx, placed: NewOrder[]): Promise<void> {
  const { db, now } = ctx;
  if (placed.length === 0) return;
  // The settings and, of the rotation, those still active and allowed to confirm orders: one statement.
  const s = orderAssignmentSettings;
  const [settings] = await db
    .select({
      enabled: s.enabled,
      mode: s.mode,
      orderTypes: s.orderTypes,
      staffOrdersToCreator: s.staffOrdersToCreator,
      staff: sql<number[]>`${adminsHoldingSql(ORDER_TAKER_PERMISSION, sql`${s.adminIds}`)}`,
    })
    .from(s)
    .where(eq(s.id, 1));
  if (!settings?.enabled) return;
  // The rotation in the order the settings give, without those who left or lost the right.
  const staff = settings.staff.map(Number);
  if (staff.length === 0) return;
  const able = new Set(staff);
  const types = new Set<string>(settings.orderTypes);
  const sticky = settings.mode === 'sticky_phone';

  const decided = new Map<number, { adminId: number; reason: AssignmentReason }>();
  const automatic: NewOrder[] = [];
  for (const order of placed) {
    if (settings.staffOrdersToCreator && order.placedBy !== null && able.has(order.placedBy)) {
      decided.set(order.id, { adminId: order.placedBy, reason: 'creator' });
    } else if (types.has(order.type)) automatic.push(order);
  }
  if (automatic.length === 0 && decided.size === 0) return;

  // Sticky: a phone that has an owner still taking orders goes to them; every other phone takes a turn
  // (one turn per phone: two orders of one new phone in a batch meet one person).
  const owners = new Map<string, number>();
  if (sticky && automatic.length > 0) {
    const phones = [...new Set(automatic.map((order) => order.phone))];
    const rows = await db
      .select({ phone: orderPhoneOwners.phone, adminId: orderPhoneOwners.adminId })
      .from(orderPhoneOwners)
      .where(inArray(orderPhoneOwners.phone, phones));
    for (const row of rows) if (able.has(row.adminId)) owners.set(row.phone, row.adminId);
  }
  const turnKeys: string[] = [];
  const turnOf = new Map<NewOrder, string>();
  for (const order of automatic) {
    if (owners.has(order.phone)) continue;
    const key = sticky ? `phone:${order.phone}` : `order:${order.id}`;
    if (!turnKeys.includes(key)) turnKeys.push(key);
    turnOf.set(order, key);
  }
  const turnAdmin = new Map<string, number>();
  if (turnKeys.length > 0) {
    const [cursor] = await db
      .update(orderAssignmentSettings)
      .set({ nextTurn: sql`${orderAssignmentSettings.nextTurn} + ${turnKeys.length}` })
      .where(eq(orderAssignmentSettings.id, 1))
      .returning({ next: orderAssignmentSettings.nextTurn });
    const start = Number(cursor?.next ?? turnKeys.length) - turnKeys.length;
    turnKeys.forEach((key, index) => {
      turnAdmin.set(key, staff[(start + index) % staff.length] as number);
    });
  }
  if (sticky && turnKeys.length > 0) {
    // A phone first seen by another transaction at the same time keeps the owner that one gave it.
    const fresh = turnKeys.map((key) => ({ phone: key.slice('phone:'.length), adminId: turnAdmin.get(key) as number }));
    const kept = rowsOf<{ phone: string; admin_id: number }>(
      await db.execute(sql`insert into ${orderPhoneOwners} (phone, admin_id, at)
        select phone, admin_id, ${now} from unnest(${textList(fresh.map((row) => row.phone))}::text[], ${intList(fresh.map((row) => row.adminId))}::int[]) as t(phone, admin_id)
        on conflict (phone) do update set
          admin_id = case when ${orderPhoneOwners.adminId} = any(${intList(staff)}::int[]) then ${orderPhoneOwners.adminId} else excluded.admin_id end,
          at = case when ${orderPhoneOwners.adminId} = any(${intList(staff)}::int[]) then ${orderPhoneOwners.at} else excluded.at end
        returning phone, admin_id`),
    );
    for (const row of kept) turnAdmin.set(`phone:${row.phone}`, Number(row.admin_id));
  }
  for (const order of automatic) {
    const owner = owners.get(order.phone);
    if (owner !== undefined) decided.set(order.id, { adminId: owner, reason: 'sticky_phone' });
    else {
      const key = turnOf.get(order) as string;
      decided.set(order.id, { adminId: turnAdmin.get(key) as number, reason: sticky ? 'sticky_phone' : 'round_robin' });
    }
  }
  // The orders' assignee and their history rows: one statement.
  const ids = [...decided.keys()];
  const assignees = ids.map((id) => decided.get(id)?.adminId as number);
  const reasons = ids.map((id) => decided.get(id)?.reason as string);
  const h = orderAssignmentHistory;
  await db.execute(sql`with given as (
      select * from unnest(${intList(ids)}::int[], ${intList(assignees)}::int[], ${textList(reasons)}::text[]) as t(id, admin_id, reason)
    ), assigned as (
      update ${orders} set assigned_admin_id = given.admin_id, assigned_at = ${now} from given where ${orders.id} = given.id returning ${orders.id} as id
    )
    insert into ${h} (order_id, from_admin_id, to_admin_id, reason, by_admin_id, note, at)
    select given.id, null, given.admin_id, given.reason, null, '', ${now} from given join assigned on assigned.id = given.id`);
}

// ---- By hand ------------------------------------------------------------------------------------

/**
 * Gives orders to a staff member (or to nobody) by hand: the orders locked in id order, those already
 * with that person left as they are; each change written to the order's assignment history and the
 * audit log. In sticky mode the phones follow: their next orders go to the new person.
 */
export async function reassignOrders(ctx: Ctx, body: unknown): Promise<ReassignOrdersAnswer> {
  const input = reassignOrdersInput.parse(body);
  const target = input.admin_id;
  let targetName: string | null = null;
  if (target !== null) {
    const [holder] = await adminsHolding(ctx.db, ORDER_TAKER_PERMISSION, [target]);
    if (!holder) throw invalid('admin_id', 'Choose an active staff member who may confirm orders.');
    targetName = holder.name;
  }
  return inTransaction(ctx, async (tx) => {
    const found = await tx.db
      .select({ id: orders.id, number: orders.number, adminId: orders.assignedAdminId, phone: orders.customerPhone })
      .from(orders)
      .where(inArray(orders.id, input.ids))
      .orderBy(asc(orders.id))
      .for('update');
    if (found.length !== input.ids.length) {
      const known = new Set(found.map((row) => row.id));
      const missing = input.ids.filter((id) => !known.has(id));
      throw invalid('ids', `No order with id ${missing.join(', ')}.`);
    }
    const changing = found.filter((row) => row.adminId !== target);
    if (changing.length > 0) {
      const ids = changing.map((row) => row.id);
      await tx.db
        .update(orders)
        .set({ assignedAdminId: target, assignedAt: target === null ? null : tx.now, updatedAt: tx.now })
        .where(inArray(orders.id, ids));
      await tx.db.insert(orderAssignmentHistory).values(
        changing.map((row) => ({
          orderId: row.id,
          fromAdminId: row.adminId,
          toAdminId: target,
          reason: 'manual' as const,
          byAdminId: adminIdOf(tx),
          note: input.note,
          at: tx.now,
        })),
      );
      await recordAudit(
        tx,
        changing.map((row) => ({
          action: 'assign',
          entity: 'order',
          entityId: row.id,
          changes: diffChanges({ assigned_admin_id: row.adminId }, { assigned_admin_id: target }),
        })),
      );
      if (target !== null) {
        const phones = [...new Set(changing.map((row) => row.phone))];
        await tx.db
          .insert(orderPhoneOwners)
          .values(phones.map((phone) => ({ phone, adminId: target, at: tx.now })))
          .onConflictDoUpdate({ target: orderPhoneOwners.phone, set: { adminId: target, at: tx.now } });
      }
    }
    const changed = changing.map((row) => row.id);
    const unchanged = found.filter((row) => row.adminId === target).map((row) => row.id);
    const who = targetName ?? 'nobody';
    const message =
      changed.length === 0
        ? `Every chosen order is already with ${who}.`
        : `${changed.length} ${changed.length === 1 ? 'order' : 'orders'} now with ${who}.`;
    return { message, changed, unchanged };
  });
}

/** An order's assignee and every change of it, newest last. */
export async function orderAssignmentOf({ db }: Ctx, orderId: number): Promise<OrderAssignmentAnswer['data']> {
  const [order] = await db
    .select({ id: orders.id, adminId: orders.assignedAdminId, at: orders.assignedAt })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) throw notFound('The order');
  const history = await db
    .select()
    .from(orderAssignmentHistory)
    .where(eq(orderAssignmentHistory.orderId, orderId))
    .orderBy(asc(orderAssignmentHistory.id));
  const names = await adminNames(db, [order.adminId, ...history.flatMap((row) => [row.fromAdminId, row.toAdminId, row.byAdminId])]);
  const name = (id: number | null) => (id === null ? null : (names.get(id) ?? `Admin #${id}`));
  return {
    order_id: order.id,
    assigned_admin_id: order.adminId,
    assigned_admin_name: name(order.adminId),
    assigned_at: order.at ? order.at.toISOString() : null,
    history: history.map((row) => ({
      from_admin_id: row.fromAdminId,
      from_admin_name: name(row.fromAdminId),
      to_admin_id: row.toAdminId,
      to_admin_name: name(row.toAdminId),
      reason: row.reason,
      by_admin_id: row.byAdminId,
      by_admin_name: name(row.byAdminId),
      note: row.note,
      at: row.at.toISOString(),
    })),
  };
}
