import {
  ORDER_REPORT_GROUPS,
  ORDER_STATUSES,
  ORDER_TYPES,
  type OrderReportAnswer,
  type OrderReportGroup,
  type OrderReportRow,
  type OrderType,
} from '@haat/contracts';
import { Anchor, Select, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../lib/dates';
import { useOrderWords } from '../orders/order-ui';
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
} from './report-kit';

const API = '/api/admin/reports/orders';

/**
 * `/admin/order/report`: orders placed in a range of days, grouped by day, status, type or source, with
 * their counts and money, totals over all, orders per day and a CSV export of the same filters.
 */
export default function OrderReport() {
  const { t } = useTranslation();
  const { status: statusLabel, type: typeLabel, source: sourceLabel } = useOrderWords();
  const money = useMoney();
  const count = useCount();
  const { params, page, filters, update } = useReportParams(['group', 'filter[status]', 'filter[type]']);
  const { data, error, isPending, isFetching } = useReport<OrderReportAnswer>(API, filters, page);
  const group = (ORDER_REPORT_GROUPS as readonly string[]).includes(params.get('group') ?? '')
    ? (params.get('group') as OrderReportGroup)
    : 'date';
  const groupLabels: Record<OrderReportGroup, string> = {
    date: t('reports.date'),
    status: t('reports.status'),
    type: t('reports.type'),
    source: t('reports.source'),
  };

  const keyCell = (row: OrderReportRow) => {
    if (group === 'status') {
      return (
        <Anchor component={Link} to={`/admin/order/process/${row.key}`} fz="sm">
          {statusLabel(Number(row.key))}
        </Anchor>
      );
    }
    if (group === 'type') return typeLabel(row.key as OrderType);
    if (group === 'source') return sourceLabel(row.key || null);
    return formatDate(row.key, 'LL');
  };
  const columns: ReportColumn<OrderReportRow>[] = [
    { key: 'key', label: groupLabels[group], cell: keyCell },
    { key: 'orders', label: t('reports.orders'), align: 'right', cell: (row) => count(row.orders) },
    { key: 'subtotal', label: t('reports.subtotal'), align: 'right', cell: (row) => money(row.subtotal) },
    { key: 'delivery_charge', label: t('reports.deliveryCharge'), align: 'right', cell: (row) => money(row.delivery_charge) },
    { key: 'discount', label: t('reports.discount'), align: 'right', cell: (row) => money(row.discount) },
    { key: 'total', label: t('reports.total'), align: 'right', cell: (row) => money(row.total) },
  ];
  const totals = data?.totals;

  return (
    <Stack>
      <ReportHeader
        title={t('reports.orderReport')}
        exportUrl={`${API}/export.csv?${filters}`}
        range={data?.range}
        onRange={(from, to) => update({ from, to })}
      >
        <Select
          label={t('reports.groupBy')}
          data={ORDER_REPORT_GROUPS.map((value) => ({ value, label: groupLabels[value] }))}
          value={group}
          onChange={(value) => update({ group: value })}
          allowDeselect={false}
          w={160}
        />
        <Select
          label={t('reports.status')}
          placeholder={t('reports.allStatuses')}
          clearable
          data={Object.keys(ORDER_STATUSES).map((value) => ({ value, label: statusLabel(Number(value)) }))}
          value={params.get('filter[status]')}
          onChange={(value) => update({ 'filter[status]': value })}
          w={170}
        />
        <Select
          label={t('reports.type')}
          placeholder={t('reports.allTypes')}
          clearable
          data={ORDER_TYPES.map((value) => ({ value, label: typeLabel(value) }))}
          value={params.get('filter[type]')}
          onChange={(value) => update({ 'filter[type]': value })}
          w={170}
        />
      </ReportHeader>

      <TotalCards
        cards={[
          { label: t('reports.orders'), value: totals && count(totals.orders) },
          { label: t('reports.subtotal'), value: totals && money(totals.subtotal) },
          { label: t('reports.deliveryCharge'), value: totals && money(totals.delivery_charge) },
          { label: t('reports.discount'), value: totals && money(totals.discount) },
          { label: t('reports.total'), value: totals && money(totals.total) },
        ]}
      />

      <ReportChart title={t('reports.ordersPerDay')} points={data?.chart.map((point) => ({ date: point.date, value: point.orders }))} />

      <ReportTable
        label={t('reports.orderReportBy', { group: groupLabels[group].toLowerCase() })}
        columns={columns}
        answer={data}
        error={error}
        isPending={isPending}
        isFetching={isFetching}
        rowKey={(row) => row.key || 'none'}
        page={page}
        onPage={(next) => update({ page: String(next) })}
        totals={
          totals && {
            cells: {
              orders: count(totals.orders),
              subtotal: money(totals.subtotal),
              delivery_charge: money(totals.delivery_charge),
              discount: money(totals.discount),
              total: money(totals.total),
            },
          }
        }
      />
    </Stack>
  );
}
