import type { OrderStatusCode, ProcessingReportAnswer, ProcessingReportRow } from '@haat/contracts';
import { Anchor, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useOrderWords } from '../orders/order-ui';
import {
  ReportChart,
  type ReportColumn,
  ReportHeader,
  ReportTable,
  TotalCards,
  useCount,
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
  const { status: statusLabel } = useOrderWords();
  const count = useCount();
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
    { key: 'moves', label: t('reports.moves'), align: 'right', cell: (row) => count(row.moves) },
    ...MOVE_COLUMNS.map(
      (code): ReportColumn<ProcessingReportRow> => ({
        key: `to-${code}`,
        label: statusLabel(code),
        align: 'right',
        cell: (row) => count(row.to_status[String(code)] ?? 0),
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
          { label: t('reports.moves'), value: data && count(data.totals.moves) },
          { label: t('reports.staffCount'), value: data && count(data.totals.staff) },
          { label: statusLabel(2), value: data && count(data.totals.to_status['2'] ?? 0) },
          { label: statusLabel(4), value: data && count(data.totals.to_status['4'] ?? 0) },
          { label: statusLabel(5), value: data && count(data.totals.to_status['5'] ?? 0) },
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
