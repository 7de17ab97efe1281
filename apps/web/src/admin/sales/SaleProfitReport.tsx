import { SALE_PROFIT_CHANNEL_LABELS, SALE_PROFIT_CHANNELS, type SaleProfitAnswer } from '@haat/contracts';
import { defineReport } from '../reports/report-screen';

type Answer = SaleProfitAnswer & { from: number | null; to: number | null; next_page_url: string | null; prev_page_url: string | null };

/**
 * `/admin/sale/profit/report` (decision 040): per day and channel (counter sales, exchanges, company
 * sales, orders by channel) what was taken, its cost at the time of sale, the profit and the margin.
 */
export default defineReport<Answer>(({ phrase, words, money, count }) => {
  const margin = (value: number | null) => (value === null ? '—' : `${words.number(value)}%`);
  return {
    api: '/api/admin/reports/sale-profit',
    title: phrase('Sale profit report'),
    filters: [
      {
        param: 'filter[channel]',
        label: phrase('Channel'),
        initial: '',
        options: [
          { value: '', label: phrase('Every channel') },
          ...SALE_PROFIT_CHANNELS.map((value) => ({ value, label: phrase(SALE_PROFIT_CHANNEL_LABELS[value]) })),
        ],
      },
    ],
    cards: [
      { label: phrase('Sales'), value: (answer) => count(answer.totals.count) },
      { label: phrase('Revenue'), value: (answer) => money(answer.totals.revenue) },
      { label: phrase('Cost'), value: (answer) => money(answer.totals.cost) },
      { label: phrase('Profit'), value: (answer) => money(answer.totals.profit) },
      { label: phrase('Margin'), value: (answer) => margin(answer.totals.margin) },
    ],
    chart: { title: phrase('Profit per day'), value: 'amount' },
    columns: [
      { key: 'date', label: phrase('Date'), cell: (row) => row.date },
      { key: 'channel', label: phrase('Channel'), cell: (row) => phrase(SALE_PROFIT_CHANNEL_LABELS[row.channel]) },
      { key: 'count', label: phrase('Sales'), align: 'right', cell: (row) => words.number(row.count) },
      { key: 'revenue', label: phrase('Revenue'), align: 'right', cell: (row) => money(row.revenue) },
      { key: 'cost', label: phrase('Cost'), align: 'right', cell: (row) => money(row.cost) },
      { key: 'profit', label: phrase('Profit'), align: 'right', cell: (row) => money(row.profit) },
      { key: 'margin', label: phrase('Margin'), align: 'right', cell: (row) => margin(row.margin) },
    ],
    rowKey: (row) => `${row.date}-${row.channel}`,
    totals: ({ totals }) => ({
      cells: {
        count: words.number(totals.count),
        revenue: money(totals.revenue),
        cost: money(totals.cost),
        profit: money(totals.profit),
        margin: margin(totals.margin),
      },
    }),
  };
});
