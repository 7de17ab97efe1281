import { PURCHASE_STATUS_LABELS, PURCHASE_STATUSES, type PurchaseView, purchaseDescriptor } from '@haat/contracts';
import { Anchor, Badge } from '@mantine/core';
import { Link } from 'react-router';
import { usePhrase } from '../../../lib/phrases';
import { defineResource } from '../types';

export const PURCHASE_STATUS_COLORS: Record<PurchaseView['status'], string> = {
  draft: 'gray',
  ordered: 'blue',
  partly_received: 'orange',
  received: 'green',
  returned: 'red',
};

function StatusBadge({ row }: { row: PurchaseView }) {
  const phrase = usePhrase();
  return (
    <Badge color={PURCHASE_STATUS_COLORS[row.status]} variant="light">
      {phrase(PURCHASE_STATUS_LABELS[row.status])}
    </Badge>
  );
}

/** `/admin/purchase`: purchases by date, with their supplier, totals, what was paid and what is due. */
export default defineResource(purchaseDescriptor, {
  list: {
    columns: [
      {
        own: true,
        key: 'number',
        label: 'Purchase',
        render: (row) => (
          <Anchor component={Link} to={`/admin/purchaseView/${row.id}`} fz="sm" fw={600}>
            {row.number}
          </Anchor>
        ),
      },
      { key: 'purchased_on', label: 'Date', sort: 'purchased_on', kind: 'date' },
      { key: 'supplier_name', label: 'Supplier' },
      { key: 'reference', label: 'Reference' },
      { own: true, key: 'status', label: 'Status', render: (row) => <StatusBadge row={row} /> },
      { key: 'total', label: 'Total', sort: 'total', kind: 'money', align: 'right' },
      { key: 'paid', label: 'Paid', kind: 'money', align: 'right' },
      { key: 'due', label: 'Due', kind: 'money', align: 'right' },
    ],
    filters: [
      {
        name: 'status',
        label: 'Status',
        options: PURCHASE_STATUSES.map((status) => ({ value: status, label: PURCHASE_STATUS_LABELS[status] })),
      },
      { name: 'supplier_id', label: 'Supplier', reference: { api: '/api/admin/suppliers', query: 'sort=name' } },
      {
        name: 'with_due',
        label: 'Due',
        options: [
          { value: 'true', label: 'Still to pay' },
          { value: 'false', label: 'Settled' },
        ],
      },
    ],
    defaultSort: '-purchased_on',
    searchPlaceholder: 'Number, reference or supplier',
    empty: 'No purchases yet. Record what you buy to raise stock at its real cost.',
  },
});
