import { type ComplaintNoteView, complaintNoteInput } from '@haat/contracts';
import { asc, eq } from 'drizzle-orm';
import { adminIdOf, type Ctx, inTransaction } from '../../context';
import { notFound } from '../../http/errors';
import { adminNames } from '../staff';
import { complaintNotes, complaints } from './complaint.table';

async function assertComplaint(ctx: Ctx, id: number, lock = false): Promise<void> {
  const query = ctx.db.select({ id: complaints.id }).from(complaints).where(eq(complaints.id, id));
  const [found] = lock ? await query.for('update') : await query;
  if (!found) throw notFound('The complaint');
}

/** A case's notes, oldest first, with who wrote each. */
export async function complaintNotesOf(ctx: Ctx, id: number): Promise<ComplaintNoteView[]> {
  await assertComplaint(ctx, id);
  const rows = await ctx.db.select().from(complaintNotes).where(eq(complaintNotes.complaintId, id)).orderBy(asc(complaintNotes.id));
  const names = await adminNames(
    ctx.db,
    rows.map((row) => row.adminId),
  );
  return rows.map((row) => ({
    id: row.id,
    body: row.body,
    admin_name: row.adminId ? (names.get(row.adminId) ?? null) : null,
    at: row.at.toISOString(),
  }));
}

/** Adds a note to a case (a call made, what the customer said) and touches the case's updated time. */
export async function addComplaintNote(ctx: Ctx, id: number, body: unknown): Promise<ComplaintNoteView[]> {
  const input = complaintNoteInput.parse(body);
  await inTransaction(ctx, async (tx) => {
    await assertComplaint(tx, id, true);
    await tx.db.insert(complaintNotes).values({ complaintId: id, adminId: adminIdOf(ctx), body: input.body, at: ctx.now });
    await tx.db.update(complaints).set({ updatedAt: ctx.now }).where(eq(complaints.id, id));
  });
  return complaintNotesOf(ctx, id);
}
