import type { StaffMovesAnswer } from '@haat/contracts';
import { Anchor, Badge } from '@mantine/core';
import { Link } from 'react-router';
import { formatDateTime } from '../../lib/dates';
import { defineReport } from './report-screen';

/** `/admin/order/processing/report/{id}`: one admin's moves in a range of days: order, from, to, when, note. */
export default defineReport<StaffMovesAnswer>(({ t, words, count, duration, route, range }) => ({
  api: `/api/admin/reports/order-processing/${Number(route.id) || 0}`,
  perPage: 25,
  title: (answer) => (answer ? t('reports.staffMoves', { name: answer.admin.name }) : t('reports.staffMovesLoading')),
  back: { label: t('reports.backToProcessing'), to: `/admin/order/processing/report${range ? `?${range}` : ''}` },
  subtitle: (answer) => answer.admin.email,
  cards: [
    { label: t('reports.moves'), value: (answer) => count(answer.totals.moves) },
    { label: t('reports.medianConfirm'), value: (answer) => duration(answer.totals.median_confirm_minutes) },
    { label: t('reports.medianShip'), value: (answer) => duration(answer.totals.median_ship_minutes) },
  ],
  chart: { title: t('reports.movesPerDay'), value: 'orders' },
  columns: [
    {
      key: 'order',
      label: t('reports.order'),
      cell: (row) => (
        <Anchor component={Link} to={`/admin/view/order/${row.order_id}`} fz="sm">
          {row.order_number}
        </Anchor>
      ),
    },
    { key: 'from', label: t('reports.from'), cell: (row) => <Badge variant="light">{words.status(row.from_status)}</Badge> },
    { key: 'to', label: t('reports.to'), cell: (row) => <Badge>{words.status(row.to_status)}</Badge> },
    { key: 'at', label: t('reports.when'), cell: (row) => formatDateTime(row.at) },
    { key: 'note', label: t('reports.note'), cell: (row) => row.note || '—' },
  ],
  rowKey: (row) => String(row.id),
}));
