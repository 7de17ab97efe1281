import { ORDER_STATUS_LABELS, type OrderStatusCode, type ProcessingReportAnswer, type ProcessingReportRow } from '@haat/contracts';
import { Anchor, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  ReportChart,
  type ReportColumn,
  ReportHeader,
  ReportTable,
  TotalCards,
  useDuration,
  useReport,
  useReportParams,
} from './report-kit';

const API = '/api/admin/reports/order-processing';
/** The moves shown as columns: what staff do all day. */
const MOVE_COLUMNS: OrderStatusCode[] = [2, 3, 4, 5, 6, 7, 8];

/**
 * `/admin/order/processing/report`: per staff member, how many orders they moved to each status in a
 * range of days, and how fast they confirmed and shipped (median minutes); each opens that admin's moves.
 */
export default function ProcessingReport() {
  const { t } = useTranslation();
  const duration = useDuration();
  const { page, filters, update } = useReportParams([]);
  const { data, error, isPending, isFetching } = useReport<ProcessingReportAnswer>(API, filters, page);
  const rangeQuery = data ? `?from=${data.range.from}&to=${data.range.to}` : '';

  const columns: ReportColumn<ProcessingReportRow>[] = [
    {
      key: 'admin',
      label: t('reports.staff'),
      cell: (row) =>
        row.admin_id === null ? (
          <Text fz="sm">{row.admin_name}</Text>
        ) : (
          <Anchor component={Link} to={`/admin/order/processing/report/${row.admin_id}${rangeQuery}`} fz="sm">
            {row.admin_name}
          </Anchor>
        ),
    },
    { key: 'moves', label: t('reports.moves'), align: 'right', cell: (row) => row.moves.toLocaleString('en-IN') },
    ...MOVE_COLUMNS.map(
      (code): ReportColumn<ProcessingReportRow> => ({
        key: `to-${code}`,
        label: ORDER_STATUS_LABELS[code],
        align: 'right',
        cell: (row) => (row.to_status[String(code)] ?? 0).toLocaleString('en-IN'),
      }),
    ),
    { key: 'confirm', label: t('reports.medianConfirm'), align: 'right', cell: (row) => duration(row.median_confirm_minutes) },
    { key: 'ship', label: t('reports.medianShip'), align: 'right', cell: (row) => duration(row.median_ship_minutes) },
  ];

  return (
    <Stack>
      <ReportHeader
        title={t('reports.processingReport')}
        exportUrl={`${API}/export.csv?${filters}`}
        range={data?.range}
        onRange={(from, to) => update({ from, to })}
      />
      <TotalCards
        cards={[
          { label: t('reports.moves'), value: data?.totals.moves.toLocaleString('en-IN') },
          { label: t('reports.staffCount'), value: data?.totals.staff.toLocaleString('en-IN') },
          { label: ORDER_STATUS_LABELS[2], value: data?.totals.to_status['2']?.toLocaleString('en-IN') },
          { label: ORDER_STATUS_LABELS[4], value: data?.totals.to_status['4']?.toLocaleString('en-IN') },
          { label: ORDER_STATUS_LABELS[5], value: data?.totals.to_status['5']?.toLocaleString('en-IN') },
        ]}
      />
      <ReportChart title={t('reports.movesPerDay')} points={data?.chart.map((point) => ({ date: point.date, value: point.orders }))} />
      <ReportTable
        label={t('reports.processingReport')}
        columns={columns}
        answer={data}
        error={error}
        isPending={isPending}
        isFetching={isFetching}
        rowKey={(row) => String(row.admin_id ?? 'system')}
        page={page}
        onPage={(next) => update({ page: String(next) })}
      />
      <Text fz="sm" c="dimmed">
        {t('reports.processingNote')}
      </Text>
    </Stack>
  );
}
