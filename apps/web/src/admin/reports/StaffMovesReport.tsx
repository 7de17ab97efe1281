import type { StaffMoveRow, StaffMovesAnswer } from '@haat/contracts';
import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { formatDateTime } from '../../lib/dates';
import { usePageTitle } from '../../ui/Title';
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

/** `/admin/order/processing/report/{id}`: one admin's moves in a range of days: order, from, to, when, note. */
export default function StaffMovesReport() {
  const { t } = useTranslation();
  const { status: statusLabel } = useOrderWords();
  const count = useCount();
  const duration = useDuration();
  const { id } = useParams();
  const api = `/api/admin/reports/order-processing/${Number(id) || 0}`;
  const { page, filters, update } = useReportParams([]);
  const { data, error, isPending, isFetching } = useReport<StaffMovesAnswer>(api, filters, page, 25);
  const title = data ? t('reports.staffMoves', { name: data.admin.name }) : t('reports.staffMovesLoading');
  usePageTitle(title);

  const columns: ReportColumn<StaffMoveRow>[] = [
    {
      key: 'order',
      label: t('reports.order'),
      cell: (row) => (
        <Anchor component={Link} to={`/admin/view/order/${row.order_id}`} fz="sm">
          {row.order_number}
        </Anchor>
      ),
    },
    { key: 'from', label: t('reports.from'), cell: (row) => <Badge variant="light">{statusLabel(row.from_status)}</Badge> },
    { key: 'to', label: t('reports.to'), cell: (row) => <Badge>{statusLabel(row.to_status)}</Badge> },
    { key: 'at', label: t('reports.when'), cell: (row) => formatDateTime(row.at) },
    { key: 'note', label: t('reports.note'), cell: (row) => row.note || '—' },
  ];

  return (
    <Stack>
      <Group>
        <Anchor component={Link} to={`/admin/order/processing/report${filters ? `?${filters}` : ''}`} fz="sm">
          {t('reports.backToProcessing')}
        </Anchor>
      </Group>
      <ReportHeader
        title={title}
        exportUrl={`${api}/export.csv?${filters}`}
        range={data?.range}
        onRange={(from, to) => update({ from, to })}
      />
      {data && (
        <Text c="dimmed" fz="sm">
          {data.admin.email}
        </Text>
      )}
      <TotalCards
        cards={[
          { label: t('reports.moves'), value: data && count(data.totals.moves) },
          { label: t('reports.medianConfirm'), value: data && duration(data.totals.median_confirm_minutes) },
          { label: t('reports.medianShip'), value: data && duration(data.totals.median_ship_minutes) },
        ]}
      />
      <ReportChart title={t('reports.movesPerDay')} points={data?.chart.map((point) => ({ date: point.date, value: point.orders }))} />
      <ReportTable
        label={title}
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
