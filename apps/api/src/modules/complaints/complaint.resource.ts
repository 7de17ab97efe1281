import { COMPLAINT_DONE, COMPLAINT_STATUS_LABELS, type ComplaintStatus, complaintDescriptor } from '@haat/contracts';
import { and, count, eq, ilike, inArray, isNull, notInArray, or, sql } from 'drizzle-orm';
import { adminIdOf, type Ctx } from '../../context';
import { invalid } from '../../http/errors';
import { createResource, likeContains } from '../../http/resource';
import { shopDay } from '../accounts';
import { orderSummaries } from '../orders';
import { adminNames } from '../staff';
import { complaintNotes, complaints } from './complaint.table';

type Row = Record<string, unknown>;

const notDone = notInArray(complaints.status, [...COMPLAINT_DONE]);
const isDone = (status: unknown) => COMPLAINT_DONE.includes(status as ComplaintStatus);

/** A page of cases with their owner's and opener's names and how many notes each has: three reads. */
async function complaintViews(ctx: Ctx, rows: Row[]): Promise<Row[]> {
  const ids = rows.map((row) => Number(row.id));
  const names = await adminNames(
    ctx.db,
    rows.flatMap((row) => [row.ownerId as number | null, row.openedBy as number | null]),
  );
  const counts = ids.length
    ? await ctx.db
        .select({ id: complaintNotes.complaintId, n: count() })
        .from(complaintNotes)
        .where(inArray(complaintNotes.complaintId, ids))
        .groupBy(complaintNotes.complaintId)
    : [];
  const notes = new Map(counts.map((row) => [row.id, Number(row.n)]));
  const today = rows.some((row) => row.dueOn) ? await shopDay(ctx) : '';
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    subject: row.subject,
    phone: row.phone,
    customer_name: row.customerName,
    order_id: row.orderId ?? null,
    order_number: row.orderNumber,
    owner_id: row.ownerId ?? null,
    owner_name: names.get(Number(row.ownerId)) ?? null,
    status: row.status,
    due_on: row.dueOn ?? null,
    overdue: Boolean(row.dueOn) && !isDone(row.status) && String(row.dueOn) < today,
    notes_count: notes.get(Number(row.id)) ?? 0,
    opened_by_name: names.get(Number(row.openedBy)) ?? null,
    resolved_at: row.resolvedAt ?? null,
    description: row.description,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  }));
}

/**
 * `/admin/complaint` (+ add, edit): complaints and return cases (decision 061). A case names its order
 * by number; the order must exist. Moving it to resolved or closed stamps when; reopening clears it.
 * A change of status or owner is written into the case's notes too, so its thread tells the story.
 */
export const complaintResource = createResource(complaintDescriptor, {
  table: complaints,
  id: complaints.id,
  searchWhere: (q: string) => {
    const pattern = likeContains(q);
    return or(
      ilike(complaints.subject, pattern),
      ilike(complaints.phone, pattern),
      ilike(complaints.customerName, pattern),
      ilike(complaints.orderNumber, pattern),
    );
  },
  sort: {
    id: complaints.id,
    due_on: complaints.dueOn,
    status: complaints.status,
    created_at: complaints.createdAt,
    updated_at: complaints.updatedAt,
  },
  filters: {
    status: { where: (value) => (value === 'active' ? notDone : eq(complaints.status, value as ComplaintStatus)) },
    kind: { column: complaints.kind },
    owner_id: {
      where: (value, ctx) => {
        if (value === 'none') return isNull(complaints.ownerId);
        const id = value === 'me' ? adminIdOf(ctx) : Number(value);
        return id ? eq(complaints.ownerId, id) : sql`false`;
      },
    },
    order_id: { column: complaints.orderId },
    overdue: {
      where: (_value, ctx) => and(notDone, sql`${complaints.dueOn} < haat_shop_day(${ctx.now.toISOString()}::timestamptz)`),
    },
  },
  audit: { entity: 'complaint', ignore: ['owner_name', 'opened_by_name', 'notes_count', 'overdue'] },
  async toValues(ctx, input, existing) {
    let orderId: number | null = null;
    let orderNumber = '';
    if (input.order_number) {
      const [order] = await orderSummaries(ctx.db, { numbers: [input.order_number] });
      if (!order) throw invalid('order_number', `There is no order ${input.order_number}.`);
      orderId = order.id;
      orderNumber = order.number;
    }
    if (input.owner_id && !(await adminNames(ctx.db, [input.owner_id])).has(input.owner_id)) {
      throw invalid('owner_id', 'Choose a staff member from the list.');
    }
    const wasDone = existing ? isDone(existing.status) : false;
    const done = isDone(input.status);
    return {
      kind: input.kind,
      subject: input.subject,
      phone: input.phone,
      customerName: input.customer_name,
      orderId,
      orderNumber,
      ownerId: input.owner_id,
      status: input.status,
      dueOn: input.due_on,
      description: input.description,
      resolvedAt: done ? (wasDone ? existing?.resolvedAt : ctx.now) : null,
      ...(existing ? { updatedAt: ctx.now } : { openedBy: adminIdOf(ctx) }),
    };
  },
  toViews: complaintViews,
  async afterSave(ctx, { row, existing }) {
    if (!existing) return;
    const changes: string[] = [];
    if (existing.status !== row.status) {
      changes.push(
        `Status: ${COMPLAINT_STATUS_LABELS[existing.status as ComplaintStatus]} → ${COMPLAINT_STATUS_LABELS[row.status as ComplaintStatus]}.`,
      );
    }
    if ((existing.ownerId ?? null) !== (row.ownerId ?? null)) {
      const names = await adminNames(ctx.db, [row.ownerId as number | null]);
      changes.push(row.ownerId ? `Owner: ${names.get(Number(row.ownerId)) ?? 'a staff member'}.` : 'Owner: nobody.');
    }
    if (changes.length) {
      await ctx.db
        .insert(complaintNotes)
        .values({ complaintId: Number(row.id), adminId: adminIdOf(ctx), body: changes.join(' '), at: ctx.now });
    }
  },
});
