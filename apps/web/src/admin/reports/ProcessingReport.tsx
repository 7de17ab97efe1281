import type { OrderStatusCode, ProcessingReportAnswer, ProcessingReportRow } from '@haat/contracts';
import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { ReportColumn } from './report-kit';
import { defineReport } from './report-screen';

/** The moves shown as columns: what staff do all day. */
const MOVE_COLUMNS: OrderStatusCode[] = [2, 3, 4, 5, 6, 7, 8];

/**
 * `/admin/order/processing/report`: per staff member, how many orders they moved to each status in a
 * range of days, and how fast they confirmed and shipped (median minutes); each opens that admin's moves
 * over the same range.
 */
export default defineReport<ProcessingReportAnswer>(({ t, words, count, duration, range }) => ({
  api: '/api/admin/reports/order-processing',
  title: t('reports.processingReport'),
  cards: [
    { label: t('reports.moves'), value: (answer) => count(answer.totals.moves) },
    { label: t('reports.staffCount'), value: (answer) => count(answer.totals.staff) },
    { label: words.status(2), value: (answer) => count(answer.totals.to_status['2'] ?? 0) },
    { label: words.status(4), value: (answer) => count(answer.totals.to_status['4'] ?? 0) },
    { label: words.status(5), value: (answer) => count(answer.totals.to_status['5'] ?? 0) },
  ],
  chart: { title: t('reports.movesPerDay'), value: 'orders' },
  columns: [
    {
      key: 'admin',
      label: t('reports.staff'),
      cell: (row) =>
        row.admin_id === null ? (
          <Text fz="sm">{row.admin_name}</Text>
        ) : (
          <Anchor component={Link} to={`/admin/order/processing/report/${row.admin_id}${range ? `?${range}` : ''}`} fz="sm">
            {row.admin_name}
          </Anchor>
        ),
    },
    { key: 'moves', label: t('reports.moves'), align: 'right', cell: (row) => count(row.moves) },
    ...MOVE_COLUMNS.map(
      (code): ReportColumn<ProcessingReportRow> => ({
        key: `to-${code}`,
        label: words.status(code),
        align: 'right',
        cell: (row) => count(row.to_status[String(code)] ?? 0),
      }),
    ),
    { key: 'confirm', label: t('reports.medianConfirm'), align: 'right', cell: (row) => duration(row.median_confirm_minutes) },
    { key: 'ship', label: t('reports.medianShip'), align: 'right', cell: (row) => duration(row.median_ship_minutes) },
  ],
  rowKey: (row) => String(row.admin_id ?? 'system'),
  note: t('reports.processingNote'),
}));
