import { z } from 'zod';
import { phoneSchema } from './auth';
import { optionalId } from './fields';
import { defineResourceDescriptor, viewOf } from './resources/descriptor';

/**
 * Complaints and return cases (issue 20 §7, decision 061): a customer's problem opened from an order or
 * a phone, with an owner on the staff, a status, a due date and a thread of notes. A return case is a
 * complaint about goods coming back (wrong size, damaged) that staff follow until it is settled.
 */

export const COMPLAINT_KINDS = ['complaint', 'return'] as const;
export type ComplaintKind = (typeof COMPLAINT_KINDS)[number];
export const COMPLAINT_KIND_LABELS: Record<ComplaintKind, string> = { complaint: 'Complaint', return: 'Return case' };

/** Open cases are worked on; resolved and closed ones are done (closed: without a fix, e.g. unreachable). */
export const COMPLAINT_STATUSES = ['open', 'in_progress', 'waiting', 'resolved', 'closed'] as const;
export type ComplaintStatus = (typeof COMPLAINT_STATUSES)[number];
export const COMPLAINT_STATUS_LABELS: Record<ComplaintStatus, string> = {
  open: 'Open',
  in_progress: 'In progress',
  waiting: 'Waiting on the customer',
  resolved: 'Resolved',
  closed: 'Closed',
};
export const COMPLAINT_DONE: readonly ComplaintStatus[] = ['resolved', 'closed'];

const day = z.iso.date({ error: 'Use a date like 2025-03-01' });

/** What the add and edit forms send. The order is named by its number (HB-100245), as staff read it. */
export const complaintInput = z.object({
  kind: z.enum(COMPLAINT_KINDS, { error: 'Choose complaint or return case' }).default('complaint'),
  subject: z
    .string({ error: 'Enter what the complaint is about' })
    .trim()
    .min(3, 'Enter what the complaint is about (at least 3 characters)')
    .max(160, 'Use at most 160 characters for the subject'),
  phone: phoneSchema,
  customer_name: z.string().trim().max(120, 'Use at most 120 characters for the name').default(''),
  order_number: z.string().trim().toUpperCase().max(20, 'An order number is like HB-100245').default(''),
  owner_id: optionalId.default(null),
  status: z.enum(COMPLAINT_STATUSES, { error: 'Choose a status' }).default('open'),
  due_on: z.preprocess((value) => (value === '' || value === undefined ? null : value), day.nullable()).default(null),
  /** The first note on add (what the customer said); later notes are added one by one. */
  description: z.string().trim().max(2000, 'Use at most 2000 characters').default(''),
});
export type ComplaintInput = z.input<typeof complaintInput>;

export type ComplaintView = {
  id: number;
  kind: ComplaintKind;
  subject: string;
  phone: string;
  customer_name: string;
  order_id: number | null;
  order_number: string;
  owner_id: number | null;
  owner_name: string | null;
  status: ComplaintStatus;
  due_on: string | null;
  /** Not done and past its due day (shop time zone). */
  overdue: boolean;
  notes_count: number;
  opened_by_name: string | null;
  resolved_at: string | null;
  description: string;
  created_at: string;
  updated_at: string;
};

/** `/admin/complaint`: complaints and return cases. */
export const complaintDescriptor = defineResourceDescriptor({
  name: 'complaint',
  label: 'complaint',
  title: 'Complaints and returns',
  path: '/api/admin/complaints',
  permission: 'complaint',
  input: complaintInput,
  view: viewOf<ComplaintView>(),
  sort: ['id', 'due_on', 'status', 'created_at', 'updated_at'],
  defaultSort: '-id',
  filters: {
    status: z.enum([...COMPLAINT_STATUSES, 'active']),
    kind: z.enum(COMPLAINT_KINDS),
    owner_id: z.union([z.literal('me'), z.literal('none'), z.coerce.number().int().positive().max(2_147_483_647)]),
    order_id: z.coerce.number().int().positive().max(2_147_483_647),
    overdue: z.enum(['1']),
  },
});

export const complaintNoteInput = z.object({
  body: z.string({ error: 'Write the note' }).trim().min(1, 'Write the note').max(2000, 'Use at most 2000 characters for a note'),
});

export type ComplaintNoteView = { id: number; body: string; admin_name: string | null; at: string };
