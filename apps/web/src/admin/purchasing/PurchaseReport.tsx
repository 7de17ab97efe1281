import {
  PURCHASE_STATUS_LABELS,
  PURCHASE_STATUSES,
  type PurchaseReportAnswer,
  type PurchaseReportRow,
  type SupplierView,
} from '@haat/contracts';
import { Anchor, Select, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { get } from '../../lib/api';
import { usePhrase } from '../../lib/phrases';
import {
  ReportChart,
  type ReportColumn,
  ReportHeader,
  ReportTable,
  TotalCards,
  useCount,
  useMoney,
  useReport,
  useReportParams,
} from '../reports/report-kit';

const API = '/api/admin/reports/purchases';

/** `/admin/purchase/report`: purchases in a range of days by day, supplier or status, with totals, a chart and CSV. */
export default function PurchaseReport() {
  const phrase = usePhrase();
  const money = useMoney();
  const count = useCount();
  const { params, page, filters, update } = useReportParams(['group', 'filter[supplier_id]', 'filter[status]']);
  const { data, error, isPending, isFetching } = useReport<PurchaseReportAnswer>(API, filters, page);
  const suppliers = useQuery({
    queryKey: ['purchase-suppliers'],
    queryFn: () => get<{ data: SupplierView[] }>('/api/admin/suppliers?per_page=100&sort=name'),
  });
  const group = (params.get('group') ?? 'date') as PurchaseReportAnswer['group'];
  const groupLabel = { date: phrase('Date'), supplier: phrase('Supplier'), status: phrase('Status') }[group];
  const columns: ReportColumn<PurchaseReportRow>[] = [
    {
      key: 'label',
      label: groupLabel,
      cell: (row) =>
        group === 'supplier' ? (
          <Anchor component={Link} to={`/admin/supplier/${row.key}/amount`} fz="sm">
            {row.label}
          </Anchor>
        ) : group === 'status' ? (
          phrase(row.label)
        ) : (
          row.label
        ),
    },
    { key: 'purchases', label: phrase('Purchases'), align: 'right', cell: (row) => count(row.purchases) },
    { key: 'units', label: phrase('Units'), align: 'right', cell: (row) => count(row.units) },
    { key: 'total', label: phrase('Total'), align: 'right', cell: (row) => money(row.total) },
    { key: 'received', label: phrase('Received'), align: 'right', cell: (row) => money(row.received_value) },
    { key: 'returned', label: phrase('Returned'), align: 'right', cell: (row) => money(row.returned_value) },
    { key: 'credited', label: phrase('Credited'), align: 'right', cell: (row) => money(row.credited_value) },
    { key: 'paid', label: phrase('Paid'), align: 'right', cell: (row) => money(row.paid) },
    { key: 'due', label: phrase('Due'), align: 'right', cell: (row) => money(row.due) },
  ];
  const totals = data?.totals;
  return (
    <Stack>
      <ReportHeader
        title={phrase('Purchase report')}
        exportUrl={`${API}/export.csv?${filters}`}
        range={data?.range}
        onRange={(from, to) => update({ from, to })}
      >
        <Select
          label={phrase('Group by')}
          value={group}
          allowDeselect={false}
          onChange={(value) => update({ group: value })}
          data={[
            { value: 'date', label: phrase('Date') },
            { value: 'supplier', label: phrase('Supplier') },
            { value: 'status', label: phrase('Status') },
          ]}
        />
        <Select
          label={phrase('Supplier')}
          clearable
          searchable
          value={params.get('filter[supplier_id]')}
          onChange={(value) => update({ 'filter[supplier_id]': value })}
          data={(suppliers.data?.data ?? []).map((supplier) => ({ value: String(supplier.id), label: supplier.name }))}
        />
        <Select
          label={phrase('Status')}
          clearable
          value={params.get('filter[status]')}
          onChange={(value) => update({ 'filter[status]': value })}
          data={PURCHASE_STATUSES.map((status) => ({ value: status, label: phrase(PURCHASE_STATUS_LABELS[status]) }))}
        />
      </ReportHeader>
      <TotalCards
        cards={[
          { label: phrase('Purchases'), value: totals && count(totals.purchases) },
          { label: phrase('Total'), value: totals && money(totals.total) },
          { label: phrase('Received'), value: totals && money(totals.received_value) },
          { label: phrase('Paid'), value: totals && money(totals.paid) },
          { label: phrase('Due'), value: totals && money(totals.due) },
        ]}
      />
      <ReportChart
        title={phrase('Purchases per day')}
        points={data?.chart.map((point) => ({ date: point.date, value: point.amount }))}
        format={money}
      />
      <ReportTable
        label={phrase('Purchase report')}
        columns={columns}
        answer={data}
        error={error}
        isPending={isPending}
        isFetching={isFetching}
        rowKey={(row) => row.key}
        page={page}
        onPage={(next) => update({ page: String(next) })}
        totals={
          totals && {
            cells: {
              purchases: count(totals.purchases),
              units: count(totals.units),
              total: money(totals.total),
              received: money(totals.received_value),
              returned: money(totals.returned_value),
              credited: money(totals.credited_value),
              paid: money(totals.paid),
              due: money(totals.due),
            },
          }
        }
      />
    </Stack>
  );
}
