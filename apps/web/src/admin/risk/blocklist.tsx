import { BLOCK_KIND_LABELS, BLOCK_KINDS, type BlocklistView, blocklistDescriptor } from '@haat/contracts';
import { Badge, Stack, Text } from '@mantine/core';
import { formatDateTime } from '../../lib/dates';
import { phrase } from '../../lib/phrases';
import { dateTimeField } from '../resources/marketing/shared';
import { defineResource } from '../resources/types';

const kinds = BLOCK_KINDS.map((kind) => ({ value: kind, label: BLOCK_KIND_LABELS[kind] }));

function Expiry({ row }: { row: BlocklistView }) {
  return (
    <Stack gap={2}>
      <Badge color={row.active ? 'red' : 'gray'} variant={row.active ? 'filled' : 'outline'} size="sm">
        {phrase(row.active ? 'Blocking' : 'Expired')}
      </Badge>
      <Text fz="xs" c="dimmed">
        {row.expires_at ? formatDateTime(row.expires_at) : phrase('Until removed')}
      </Text>
    </Stack>
  );
}

/** `/admin/blocklist`: phones and IP addresses refused at checkout, why, and until when (decision 055). */
export default defineResource(blocklistDescriptor, {
  list: {
    columns: [
      { key: 'value', label: 'Phone or IP address', sort: 'value', link: true },
      { key: 'kind', label: 'Kind', render: (row) => phrase(BLOCK_KIND_LABELS[row.kind]) },
      { key: 'reason', label: 'Reason' },
      { key: 'expires_at', label: 'Until', sort: 'expires_at', render: (row) => <Expiry row={row} /> },
      { key: 'created_by_name', label: 'Added by', render: (row) => row.created_by_name ?? '—' },
      { key: 'created_at', label: 'Added', sort: 'created_at', kind: 'date' },
    ],
    filters: [
      { name: 'kind', label: 'Kind', options: kinds },
      {
        name: 'state',
        label: 'State',
        options: [
          { value: 'active', label: 'Blocking' },
          { value: 'expired', label: 'Expired' },
        ],
      },
    ],
    bulk: ['delete'],
    searchPlaceholder: 'Phone, IP address or reason',
    empty: 'Nothing is blocked. Add a phone or IP address to refuse its checkouts, with why and until when.',
  },
  form: {
    fields: [
      { name: 'kind', label: 'Kind', kind: 'select', options: kinds, initial: 'phone', half: true, required: true },
      {
        name: 'value',
        label: 'Phone or IP address',
        kind: 'text',
        half: true,
        required: true,
        description: 'A mobile number like 01712345678, or an IP address like 103.15.42.7',
      },
      { name: 'reason', label: 'Reason', kind: 'textarea', required: true, description: 'Why, for the other staff' },
      dateTimeField('expires_at', 'Blocked until', { description: 'Empty: until removed' }),
    ],
  },
});
