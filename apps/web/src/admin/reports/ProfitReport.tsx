import type { OrderType, ProfitReportAnswer, ProfitReportRow } from '@haat/contracts';
import { Anchor, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../lib/dates';
import { AA_COLORS } from '../../ui/colors';
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

const API = '/api/admin/reports/order-profit';

/**
 * `/admin/order/profit/report`: each order delivered in a range of days (and not returned): sale − cost −
 * delivery = profit, with totals, profit per day and a CSV export.
 */
export default function ProfitReport() {
  const { t } = useTranslation();
  const { phrase, type: typeLabel } = useOrderWords();
  const money = useMoney();
  const count = useCount();
  const { page, filters, update } = useReportParams([]);
  const { data, error, isPending, isFetching } = useReport<ProfitReportAnswer>(API, filters, page);
  const profitCell = (paisa: number) => (
    <Text component="span" fz="sm" fw={600} c={paisa < 0 ? AA_COLORS.danger : undefined}>
      {money(paisa)}
    </Text>
  );

  const columns: ReportColumn<ProfitReportRow>[] = [
    {
      key: 'number',
      label: t('reports.order'),
      cell: (row) => (
        <Anchor component={Link} to={`/admin/view/order/${row.order_id}`} fz="sm">
          {row.number}
        </Anchor>
      ),
    },
    { key: 'type', label: t('reports.type'), cell: (row) => typeLabel(row.type as OrderType) },
    { key: 'customer', label: t('reports.customer'), cell: (row) => row.customer_name },
    { key: 'delivered', label: t('reports.deliveredAt'), cell: (row) => formatDateTime(row.delivered_at) },
    { key: 'sale', label: t('reports.sale'), align: 'right', cell: (row) => money(row.sale) },
    { key: 'cost', label: t('reports.cost'), align: 'right', cell: (row) => money(row.cost) },
    { key: 'delivery', label: t('reports.deliveryCharge'), align: 'right', cell: (row) => money(row.delivery_charge) },
    { key: 'profit', label: t('reports.profit'), align: 'right', cell: (row) => profitCell(row.profit) },
  ];
  const totals = data?.totals;

  return (
    <Stack>
      <ReportHeader
        title={t('reports.profitReport')}
        exportUrl={`${API}/export.csv?${filters}`}
        range={data?.range}
        onRange={(from, to) => update({ from, to })}
      />
      <TotalCards
        cards={[
          { label: t('reports.deliveredOrders'), value: totals && count(totals.orders) },
          { label: t('reports.sale'), value: totals && money(totals.sale) },
          { label: t('reports.cost'), value: totals && money(totals.cost) },
          { label: t('reports.deliveryCharge'), value: totals && money(totals.delivery_charge) },
          { label: t('reports.profit'), value: totals && money(totals.profit) },
        ]}
      />
      <ReportChart
        title={t('reports.profitPerDay')}
        points={data?.chart.map((point) => ({ date: point.date, value: point.amount }))}
        format={money}
      />
      <ReportTable
        label={t('reports.profitReport')}
        columns={columns}
        answer={data}
        error={error}
        isPending={isPending}
        isFetching={isFetching}
        rowKey={(row) => String(row.order_id)}
        page={page}
        onPage={(next) => update({ page: String(next) })}
        totals={
          totals && {
            label: phrase('Total, orders: {{n}}', { n: count(totals.orders) }),
            cells: {
              sale: money(totals.sale),
              cost: money(totals.cost),
              delivery: money(totals.delivery_charge),
              profit: profitCell(totals.profit),
            },
          }
        }
      />
      <Text fz="sm" c="dimmed">
        {t('reports.profitNote')}
      </Text>
    </Stack>
  );
}
