import {
  COMPLAINT_KIND_LABELS,
  COMPLAINT_KINDS,
  COMPLAINT_STATUS_LABELS,
  COMPLAINT_STATUSES,
  type ComplaintStatus,
  type ComplaintView,
  complaintDescriptor,
} from '@haat/contracts';
import { Anchor, Badge, Group } from '@mantine/core';
import { Link } from 'react-router';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { phrase } from '../../../lib/phrases';
import { defineResource } from '../types';

const kinds = COMPLAINT_KINDS.map((value) => ({ value, label: COMPLAINT_KIND_LABELS[value] }));
const statuses = COMPLAINT_STATUSES.map((value) => ({ value, label: COMPLAINT_STATUS_LABELS[value] }));
const STATUS_COLOURS: Record<ComplaintStatus, string> = {
  open: 'blue',
  in_progress: 'violet',
  waiting: 'yellow',
  resolved: 'green',
  closed: 'gray',
};
/** A badge's words in full, however narrow the column. */
const NO_CUT = { root: { maxWidth: 'none', flexShrink: 0, overflow: 'visible' }, label: { overflow: 'visible' } } as const;

/** Where the owner field reads its choices: staff by name, for anyone who may see complaints. */
export const COMPLAINT_OWNERS = '/api/admin/complaints/owners';

export function ComplaintStatusBadge({ status }: { status: ComplaintStatus }) {
  return (
    <Badge color={STATUS_COLOURS[status]} variant="light" tt="none" styles={NO_CUT}>
      {phrase(COMPLAINT_STATUS_LABELS[status])}
    </Badge>
  );
}

function due(row: ComplaintView) {
  if (!row.due_on) return '—';
  return (
    <Group gap={6}>
      <span>{formatDate(row.due_on)}</span>
      {row.overdue && (
        <Badge color="red" tt="none" styles={NO_CUT}>
          {phrase('Overdue')}
        </Badge>
      )}
    </Group>
  );
}

/** `/admin/complaint` (decision 061): complaints and return cases, open ones first to work on. */
export default defineResource(complaintDescriptor, {
  list: {
    intro: 'Complaints and return cases from customers: each has an owner, a due date and a thread of notes.',
    columns: [
      { key: 'id', label: 'No.', sort: 'id', kind: 'number' },
      { key: 'subject', label: 'Subject', link: true },
      { key: 'kind', label: 'Kind', render: (row) => phrase(COMPLAINT_KIND_LABELS[row.kind]) },
      { key: 'phone', label: 'Phone' },
      {
        key: 'order_number',
        label: 'Order',
        render: (row) =>
          row.order_id ? (
            <Anchor component={Link} to={`/admin/view/order/${row.order_id}`}>
              {row.order_number}
            </Anchor>
          ) : (
            '—'
          ),
      },
      { key: 'owner_name', label: 'Owner', render: (row) => row.owner_name ?? phrase('Nobody yet') },
      { key: 'status', label: 'Status', sort: 'status', render: (row) => <ComplaintStatusBadge status={row.status} /> },
      { key: 'due_on', label: 'Due by', sort: 'due_on', render: due },
      { key: 'notes_count', label: 'Notes', kind: 'number' },
      { key: 'updated_at', label: 'Last change', sort: 'updated_at', render: (row) => formatDateTime(row.updated_at) },
    ],
    filters: [
      { name: 'status', label: 'Status', options: [{ value: 'active', label: 'Not done' }, ...statuses] },
      { name: 'kind', label: 'Kind', options: kinds },
      {
        name: 'owner_id',
        label: 'Owner',
        options: [
          { value: 'me', label: 'Mine' },
          { value: 'none', label: 'Nobody yet' },
        ],
      },
      { name: 'overdue', label: 'Due by', options: [{ value: '1', label: 'Overdue' }] },
    ],
    defaultSort: '-id',
    searchPlaceholder: 'Subject, phone, name or order number',
    empty: 'No complaints. Open one from an order, or here for a phone without an order.',
  },
  form: {
    fields: [
      { name: 'kind', label: 'Kind', kind: 'select', options: kinds, required: true, half: true, initial: 'complaint' },
      { name: 'status', label: 'Status', kind: 'select', options: statuses, required: true, half: true, initial: 'open' },
      { name: 'subject', label: 'Subject', kind: 'text', required: true, description: 'In a few words: "Wrong size delivered"' },
      { name: 'phone', label: 'Phone', kind: 'text', required: true, half: true },
      { name: 'customer_name', label: 'Customer name', kind: 'text', half: true },
      {
        name: 'order_number',
        label: 'Order number',
        kind: 'text',
        half: true,
        description: 'Like HB-100245; empty when there is no order',
      },
      { name: 'due_on', label: 'Due by', kind: 'date', half: true },
      { name: 'owner_id', label: 'Owner', kind: 'reference', reference: { api: COMPLAINT_OWNERS } },
      { name: 'description', label: 'What the customer said', kind: 'textarea' },
    ],
  },
});
