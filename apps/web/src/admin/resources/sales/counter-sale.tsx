import { counterSaleDescriptor, SALE_KIND_LABELS } from '@haat/contracts';
import { Anchor, Button } from '@mantine/core';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/dates';
import { usePhrase } from '../../../lib/phrases';
import { useOrderWords } from '../../orders/order-ui';
import { useCan } from '../../useAdmin';
import { defineResource } from '../types';

/** The exchange screen, beside the list's own "Add counter sale". */
function NewExchange() {
  const phrase = usePhrase();
  const can = useCan();
  return can('sale.create') ? (
    <Button component={Link} to="/admin/sale/exchange/add" variant="light">
      {phrase('New exchange')}
    </Button>
  ) : null;
}

/** What a sale brought in: an exchange's refund taken off. */
function Takings({ row }: { row: { total: number; refunded: number } }) {
  const { money } = useOrderWords();
  return <>{money(row.total - row.refunded)}</>;
}

function KindCell({ kind }: { kind: keyof typeof SALE_KIND_LABELS }) {
  const phrase = usePhrase();
  return <>{phrase(SALE_KIND_LABELS[kind])}</>;
}

/**
 * `/admin/sale/office` (decision 036): the counter's sales and exchanges newest first (company sales
 * have their own list), with how many, the takings and the profit over every row the filters keep.
 */
export default defineResource(counterSaleDescriptor, {
  list: {
    columns: [
      {
        own: true,
        key: 'number',
        label: 'Sale',
        render: (row) => (
          <Anchor component={Link} to={`/admin/sale/view/${row.id}`} fz="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
            {row.number}
          </Anchor>
        ),
      },
      { key: 'kind', label: 'Kind', render: (row) => <KindCell kind={row.kind} /> },
      { key: 'sold_at', label: 'Sold', sort: 'sold_at', render: (row) => formatDateTime(row.sold_at) },
      {
        own: true,
        key: 'customer',
        label: 'Customer',
        render: (row) => [row.customer_name, row.customer_phone].filter(Boolean).join(', ') || '—',
      },
      { key: 'item_count', label: 'Items', kind: 'number', align: 'right' },
      { own: true, key: 'takings', label: 'Total', align: 'right', render: (row) => <Takings row={row} /> },
      { key: 'profit', label: 'Profit', kind: 'money', align: 'right' },
      { key: 'sold_by', label: 'Served by' },
    ],
    totals: [
      { key: 'sales', label: 'Sales', kind: 'count' },
      { key: 'takings', label: 'Takings', kind: 'money' },
      { key: 'profit', label: 'Profit', kind: 'money' },
    ],
    filters: [
      {
        name: 'kind',
        label: 'Kind',
        options: [
          { value: 'counter', label: SALE_KIND_LABELS.counter },
          { value: 'exchange', label: SALE_KIND_LABELS.exchange },
        ],
      },
    ],
    dateRange: { from: 'from', to: 'to', label: 'Dates' },
    searchPlaceholder: 'Number, name or phone',
    empty: 'No counter sales yet. Sell at the counter and each sale shows here.',
    actions: () => <NewExchange />,
  },
});
