import type { SupplierReportAnswer, SupplierReportRow } from '@haat/contracts';
import { Anchor, Select, Stack } from '@mantine/core';
import { Link } from 'react-router';
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

const API = '/api/admin/reports/suppliers';

/** `/admin/supplier/report`: per supplier, what was owed at the start of a range, received, returned, paid, and owed at its end. */
export default function SupplierReport() {
  const phrase = usePhrase();
  const money = useMoney();
  const count = useCount();
  const { params, page, filters, update } = useReportParams(['filter[kind]', 'filter[with_due]']);
  const { data, error, isPending, isFetching } = useReport<SupplierReportAnswer>(API, filters, page);
  const columns: ReportColumn<SupplierReportRow>[] = [
    {
      key: 'name',
      label: phrase('Supplier'),
      cell: (row) => (
        <Anchor component={Link} to={`/admin/supplier/${row.supplier_id}/amount`} fz="sm">
          {row.name}
        </Anchor>
      ),
    },
    { key: 'kind', label: phrase('Kind'), cell: (row) => phrase(row.kind === 'fabric' ? 'Fabric' : 'Goods') },
    { key: 'opening', label: phrase('Due at start'), align: 'right', cell: (row) => money(row.opening) },
    { key: 'purchases', label: phrase('Goods received'), align: 'right', cell: (row) => money(row.purchases) },
    { key: 'returns', label: phrase('Returned'), align: 'right', cell: (row) => money(row.returns) },
    { key: 'credits', label: phrase('Credit notes'), align: 'right', cell: (row) => money(row.credits) },
    { key: 'payments', label: phrase('Paid'), align: 'right', cell: (row) => money(row.payments) },
    { key: 'closing', label: phrase('Due at end'), align: 'right', cell: (row) => money(row.closing) },
  ];
  const totals = data?.totals;
  return (
    <Stack>
      <ReportHeader
        title={phrase('Supplier report')}
        exportUrl={`${API}/export.csv?${filters}`}
        range={data?.range}
        onRange={(from, to) => update({ from, to })}
      >
        <Select
          label={phrase('Kind')}
          clearable
          value={params.get('filter[kind]')}
          onChange={(value) => update({ 'filter[kind]': value })}
          data={[
            { value: 'goods', label: phrase('Goods') },
            { value: 'fabric', label: phrase('Fabric') },
          ]}
        />
        <Select
          label={phrase('Due')}
          clearable
          value={params.get('filter[with_due]')}
          onChange={(value) => update({ 'filter[with_due]': value })}
          data={[{ value: 'true', label: phrase('Still to pay') }]}
        />
      </ReportHeader>
      <TotalCards
        cards={[
          { label: phrase('Suppliers'), value: totals && count(totals.suppliers) },
          { label: phrase('Goods received'), value: totals && money(totals.purchases) },
          { label: phrase('Returned'), value: totals && money(totals.returns) },
          { label: phrase('Credit notes'), value: totals && money(totals.credits) },
          { label: phrase('Paid'), value: totals && money(totals.payments) },
          { label: phrase('Due at end'), value: totals && money(totals.closing) },
        ]}
      />
      <ReportChart
        title={phrase('Goods received per day')}
        points={data?.chart.map((point) => ({ date: point.date, value: point.amount }))}
        format={money}
      />
      <ReportTable
        label={phrase('Supplier report')}
        columns={columns}
        answer={data}
        error={error}
        isPending={isPending}
        isFetching={isFetching}
        rowKey={(row) => String(row.supplier_id)}
        page={page}
        onPage={(next) => update({ page: String(next) })}
        totals={
          totals && {
            cells: {
              opening: money(totals.opening),
              purchases: money(totals.purchases),
              returns: money(totals.returns),
              credits: money(totals.credits),
              payments: money(totals.payments),
              closing: money(totals.closing),
            },
          }
        }
      />
    </Stack>
  );
}
