import type { OrderType, ProfitReportAnswer } from '@haat/contracts';
import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatDateTime } from '../../lib/dates';
import { AA_COLORS } from '../../ui/colors';
import { defineReport } from './report-screen';

/**
 * `/admin/order/profit/report`: each order delivered in a range of days (and not returned): sale − cost −
 * delivery = profit, with totals, profit per day and a CSV export.
 */
export default defineReport<ProfitReportAnswer>(({ t, words, money, count }) => {
  const profitCell = (paisa: number) => (
    <Text component="span" fz="sm" fw={600} c={paisa < 0 ? AA_COLORS.danger : undefined}>
      {money(paisa)}
    </Text>
  );
  return {
    api: '/api/admin/reports/order-profit',
    title: t('reports.profitReport'),
    cards: [
      { label: t('reports.deliveredOrders'), value: (answer) => count(answer.totals.orders) },
      { label: t('reports.sale'), value: (answer) => money(answer.totals.sale) },
      { label: t('reports.cost'), value: (answer) => money(answer.totals.cost) },
      { label: t('reports.deliveryCharge'), value: (answer) => money(answer.totals.delivery_charge) },
      { label: t('reports.profit'), value: (answer) => money(answer.totals.profit) },
    ],
    chart: { title: t('reports.profitPerDay'), value: 'amount' },
    columns: [
      {
        key: 'number',
        label: t('reports.order'),
        cell: (row) => (
          <Anchor component={Link} to={`/admin/view/order/${row.order_id}`} fz="sm">
            {row.number}
          </Anchor>
        ),
      },
      { key: 'type', label: t('reports.type'), cell: (row) => words.type(row.type as OrderType) },
      { key: 'customer', label: t('reports.customer'), cell: (row) => row.customer_name },
      { key: 'delivered', label: t('reports.deliveredAt'), cell: (row) => formatDateTime(row.delivered_at) },
      { key: 'sale', label: t('reports.sale'), align: 'right', cell: (row) => money(row.sale) },
      { key: 'cost', label: t('reports.cost'), align: 'right', cell: (row) => money(row.cost) },
      { key: 'delivery', label: t('reports.deliveryCharge'), align: 'right', cell: (row) => money(row.delivery_charge) },
      { key: 'profit', label: t('reports.profit'), align: 'right', cell: (row) => profitCell(row.profit) },
    ],
    rowKey: (row) => String(row.order_id),
    totals: ({ totals }) => ({
      label: words.phrase('Total, orders: {{n}}', { n: count(totals.orders) }),
      cells: {
        sale: money(totals.sale),
        cost: money(totals.cost),
        delivery: money(totals.delivery_charge),
        profit: profitCell(totals.profit),
      },
    }),
    note: t('reports.profitNote'),
  };
});
