import { type CounterSaleView, type Paginator, SALE_KIND_LABELS } from '@haat/contracts';
import { Anchor, Button, Card, Group, Select, Stack, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { get } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import { DateRangeField } from '../../ui/DateFields';
import { useOrderWords } from '../orders/order-ui';
import { type ReportColumn, ReportTable, useReportParams } from '../reports/report-kit';
import { useCan } from '../useAdmin';

/** `/admin/sale/office`: the counter's sales, newest first; search by number, name or phone; a range of days. */
export default function OfficeSales() {
  const { phrase, money, number } = useOrderWords();
  const can = useCan();
  const { params, page, update } = useReportParams(['q', 'kind']);
  const [search, setSearch] = useState(params.get('q') ?? '');
  const [debounced] = useDebouncedValue(search, 300);
  useEffect(() => {
    if (debounced !== (params.get('q') ?? '')) update({ q: debounced });
  }, [debounced, params, update]);
  const query = new URLSearchParams({ page: String(page), per_page: '20' });
  if (params.get('q')) query.set('q', params.get('q') ?? '');
  if (params.get('from')) query.set('filter[from]', params.get('from') ?? '');
  if (params.get('to')) query.set('filter[to]', params.get('to') ?? '');
  // Counter sales and exchanges (decision 040); company sales have their own list.
  const kind = params.get('kind');
  if (kind === 'counter' || kind === 'exchange') query.set('filter[kind]', kind);
  const { data, error, isPending, isFetching } = useQuery({
    queryKey: ['sales', 'counter', 'list', query.toString()],
    queryFn: () => get<Paginator<CounterSaleView>>(`/api/admin/sales/counter?${query}`),
    placeholderData: keepPreviousData,
  });
  const columns: ReportColumn<CounterSaleView>[] = [
    {
      key: 'number',
      label: phrase('Sale'),
      cell: (row) => (
        <Anchor component={Link} to={`/admin/sale/view/${row.id}`} fz="sm">
          {row.number}
        </Anchor>
      ),
    },
    { key: 'kind', label: phrase('Kind'), cell: (row) => phrase(SALE_KIND_LABELS[row.kind]) },
    { key: 'sold_at', label: phrase('Sold'), cell: (row) => formatDateTime(row.sold_at) },
    {
      key: 'customer',
      label: phrase('Customer'),
      cell: (row) => [row.customer_name, row.customer_phone].filter(Boolean).join(', ') || '—',
    },
    { key: 'items', label: phrase('Items'), align: 'right', cell: (row) => number(row.item_count) },
    { key: 'total', label: phrase('Total'), align: 'right', cell: (row) => money(row.total - row.refunded) },
    { key: 'profit', label: phrase('Profit'), align: 'right', cell: (row) => money(row.profit) },
    { key: 'sold_by', label: phrase('Served by'), cell: (row) => row.sold_by ?? '—' },
  ];
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>{phrase('Counter sales')}</Title>
        {can('sale.create') && (
          <Group>
            <Button component={Link} to="/admin/sale/exchange/add" variant="light">
              {phrase('New exchange')}
            </Button>
            <Button component={Link} to="/admin/sale/add">
              {phrase('New counter sale')}
            </Button>
          </Group>
        )}
      </Group>
      <Card withBorder padding="sm">
        <Group align="flex-end" wrap="wrap">
          <TextInput
            label={phrase('Search by number, name or phone')}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
          />
          <Select
            label={phrase('Kind')}
            data={[
              { value: '', label: phrase('Sales and exchanges') },
              { value: 'counter', label: phrase(SALE_KIND_LABELS.counter) },
              { value: 'exchange', label: phrase(SALE_KIND_LABELS.exchange) },
            ]}
            value={kind ?? ''}
            onChange={(value) => update({ kind: value || null })}
            allowDeselect={false}
            w={200}
          />
          <DateRangeField
            label={phrase('Dates')}
            value={[params.get('from'), params.get('to')]}
            onChange={([from, to]) => {
              if (from && to) update({ from, to });
              else if (!from && !to) update({ from: null, to: null });
            }}
          />
        </Group>
      </Card>
      <ReportTable
        label={phrase('Counter sales')}
        columns={columns}
        answer={data}
        error={error}
        isPending={isPending}
        isFetching={isFetching}
        rowKey={(row) => String(row.id)}
        page={page}
        onPage={(next) => update({ page: String(next) })}
      />
    </Stack>
  );
}
