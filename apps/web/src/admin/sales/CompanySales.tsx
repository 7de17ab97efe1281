import {
  COMPANY_SALE_ROW_STATUS_LABELS,
  COMPANY_SALE_STATUS_LABELS,
  COMPANY_SALE_STATUSES,
  type CompanySaleView,
  type Paginator,
} from '@haat/contracts';
import { Anchor, Badge, Button, Card, Group, Select, Stack, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { get } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import { useOrderWords } from '../orders/order-ui';
import { type ReportColumn, ReportTable, useReportParams } from '../reports/report-kit';
import { useCan } from '../useAdmin';

export interface BuyerChoices {
  companies: { id: number; name: string; phone: string; credit_limit: number }[];
  suppliers: { id: number; name: string; company: string; phone: string }[];
}

/** A sale's status as a coloured badge. */
export function SaleStatusBadge({ status }: { status: CompanySaleView['status'] }) {
  const { phrase } = useOrderWords();
  const color = status === 'paid' ? 'green' : status === 'credited' ? 'blue' : status === 'part_paid' ? 'yellow' : 'red';
  return (
    <Badge color={color} variant="light">
      {phrase(COMPANY_SALE_ROW_STATUS_LABELS[status])}
    </Badge>
  );
}

/** `/admin/sale/company`: company sales newest first, by buyer and status, with CSV (decision 039). */
export default function CompanySales() {
  const { phrase, money } = useOrderWords();
  const can = useCan();
  const { params, page, update } = useReportParams(['buyer', 'status']);
  const buyers = useQuery({
    queryKey: ['sales', 'company', 'buyers'],
    queryFn: () => get<{ data: BuyerChoices }>('/api/admin/sales/company/buyers').then((answer) => answer.data),
    enabled: can('sale.create'),
  });
  const query = new URLSearchParams({ page: String(page), per_page: '20' });
  const buyer = params.get('buyer') ?? '';
  if (buyer.startsWith('c')) query.set('filter[company_id]', buyer.slice(1));
  if (buyer.startsWith('s')) query.set('filter[supplier_id]', buyer.slice(1));
  if (params.get('status')) query.set('filter[status]', params.get('status') ?? '');
  const { data, error, isPending, isFetching } = useQuery({
    queryKey: ['sales', 'company', 'list', query.toString()],
    queryFn: () =>
      get<Paginator<CompanySaleView> & { totals: { total: number; paid: number; due: number } }>(`/api/admin/sales/company?${query}`),
    placeholderData: keepPreviousData,
  });
  const buyerOptions = [
    ...(buyers.data?.companies ?? []).map((row) => ({ value: `c${row.id}`, label: row.name })),
    ...(buyers.data?.suppliers ?? []).map((row) => ({ value: `s${row.id}`, label: `${row.name} (${phrase('supplier')})` })),
  ];
  const columns: ReportColumn<CompanySaleView>[] = [
    {
      key: 'number',
      label: phrase('Sale'),
      cell: (row) => (
        <Anchor component={Link} to={`/admin/sale/view/${row.id}`} fz="sm">
          {row.number}
        </Anchor>
      ),
    },
    { key: 'sold_at', label: phrase('Date'), cell: (row) => formatDateTime(row.sold_at) },
    {
      key: 'buyer',
      label: phrase('Buyer'),
      cell: (row) => (
        <Anchor
          component={Link}
          fz="sm"
          to={
            row.buyer_type === 'company'
              ? `/admin/company/sale/details/${row.buyer_id}`
              : `/admin/supplier/purchase/from/us/${row.buyer_id}`
          }
        >
          {row.buyer_name}
        </Anchor>
      ),
    },
    { key: 'total', label: phrase('Total'), align: 'right', cell: (row) => money(row.total) },
    { key: 'paid', label: phrase('Paid'), align: 'right', cell: (row) => money(row.paid) },
    { key: 'due', label: phrase('Due'), align: 'right', cell: (row) => money(row.due) },
    { key: 'due_date', label: phrase('Due date'), cell: (row) => row.due_date ?? '—' },
    { key: 'status', label: phrase('Status'), cell: (row) => <SaleStatusBadge status={row.status} /> },
  ];
  const csv = new URLSearchParams(query);
  csv.delete('page');
  csv.delete('per_page');
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>{phrase('Company sales')}</Title>
        <Group>
          <Button component="a" href={`/api/admin/sales/company/export.csv?${csv}`} variant="light">
            {phrase('Download CSV')}
          </Button>
          {can('sale.create') && (
            <Button component={Link} to="/admin/sale/add/company">
              {phrase('New company sale')}
            </Button>
          )}
        </Group>
      </Group>
      <Card withBorder padding="sm">
        <Group align="flex-end" wrap="wrap">
          <Select
            label={phrase('Buyer')}
            data={buyerOptions}
            value={buyer || null}
            onChange={(value) => update({ buyer: value })}
            clearable
            searchable
          />
          <Select
            label={phrase('Status')}
            data={COMPANY_SALE_STATUSES.map((value) => ({ value, label: phrase(COMPANY_SALE_STATUS_LABELS[value]) }))}
            value={params.get('status')}
            onChange={(value) => update({ status: value })}
            clearable
          />
        </Group>
      </Card>
      <ReportTable
        label={phrase('Company sales')}
        columns={columns}
        answer={data}
        error={error}
        isPending={isPending}
        isFetching={isFetching}
        rowKey={(row) => String(row.id)}
        page={page}
        onPage={(next) => update({ page: String(next) })}
        totals={data ? { cells: { total: money(data.totals.total), paid: money(data.totals.paid), due: money(data.totals.due) } } : null}
      />
    </Stack>
  );
}
