import {
  CONTACT_MESSAGE_STATUS_LABELS,
  CONTACT_MESSAGE_STATUSES,
  type ContactMessageStatus,
  contactMessageDescriptor,
} from '@haat/contracts';
import { Anchor, Badge } from '@mantine/core';
import { Link } from 'react-router';
import { phrase } from '../../../lib/phrases';
import { defineResource } from '../types';
import { dateColumn } from './fields';

export const CONTACT_STATUS_COLOURS: Record<ContactMessageStatus, string> = {
  new: 'blue.8',
  read: 'gray.7',
  replied: 'green.8',
  archived: 'dark.4',
};

/** Messages from the storefront's contact form; each opens at /admin/contact/message/{id} to read and reply. */
export default defineResource(contactMessageDescriptor, {
  list: {
    columns: [
      { key: 'name', label: 'From', sort: 'name', link: true },
      { key: 'phone', label: 'Phone' },
      { key: 'email', label: 'E-mail' },
      {
        key: 'excerpt',
        label: 'Message',
        render: (row) => (
          <Anchor
            component={Link}
            to={`/admin/contact/message/${row.id}`}
            fz="sm"
            c="inherit"
            aria-label={phrase('Open the message from {{name}}', { name: String(row.name) })}
          >
            {String(row.excerpt)}
          </Anchor>
        ),
      },
      dateColumn('created_at', 'Received', 'created_at'),
      {
        key: 'status',
        label: 'Status',
        render: (row) => (
          <Badge
            variant="filled"
            tt="none"
            style={{ minWidth: 'max-content' }}
            color={CONTACT_STATUS_COLOURS[row.status as ContactMessageStatus]}
          >
            {phrase(CONTACT_MESSAGE_STATUS_LABELS[row.status as ContactMessageStatus])}
          </Badge>
        ),
      },
    ],
    filters: [
      {
        name: 'box',
        label: 'Box',
        options: [
          { value: 'inbox', label: 'Inbox' },
          { value: 'archived', label: 'Archived' },
        ],
      },
      {
        name: 'status',
        label: 'Status',
        options: CONTACT_MESSAGE_STATUSES.map((value) => ({ value, label: CONTACT_MESSAGE_STATUS_LABELS[value] })),
      },
    ],
    defaultSort: '-created_at',
    bulk: ['delete'],
    searchPlaceholder: 'Name, phone, e-mail or words',
    empty: 'No messages yet. What shoppers send from the storefront’s contact form arrives here.',
  },
  form: {
    fields: [
      { name: 'name', label: 'Name', kind: 'text', required: true },
      { name: 'phone', label: 'Phone', kind: 'text', half: true },
      { name: 'email', label: 'E-mail', kind: 'text', half: true },
      { name: 'message', label: 'Message', kind: 'textarea', required: true },
    ],
  },
});
