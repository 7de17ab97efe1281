import type { ReportAnswer } from '../reports/report-kit';
import { defineReport } from '../reports/report-screen';

interface Row {
  date: string;
  sales: number;
  items: number;
  total: number;
  cost: number;
  profit: number;
  cash: number;
  card: number;
  mobile: number;
}
interface Answer extends ReportAnswer<Row> {
  totals: Omit<Row, 'date'>;
}

/** `/admin/office/sale/report`: the counter's takings day by day, at cost, with profit and how they were paid. */
export default defineReport<Answer>(({ phrase, words, money, count }) => ({
  api: '/api/admin/reports/office-sales',
  title: phrase('Office sale report'),
  cards: [
    { label: phrase('Sales'), value: (answer) => count(answer.totals.sales) },
    { label: phrase('Takings'), value: (answer) => money(answer.totals.total) },
    { label: phrase('Cost'), value: (answer) => money(answer.totals.cost) },
    { label: phrase('Profit'), value: (answer) => money(answer.totals.profit) },
    { label: phrase('Cash in the drawer'), value: (answer) => money(answer.totals.cash) },
  ],
  chart: { title: phrase('Takings per day'), value: 'amount' },
  columns: [
    { key: 'date', label: phrase('Date'), cell: (row) => row.date },
    { key: 'sales', label: phrase('Sales'), align: 'right', cell: (row) => words.number(row.sales) },
    { key: 'items', label: phrase('Items'), align: 'right', cell: (row) => words.number(row.items) },
    { key: 'total', label: phrase('Takings'), align: 'right', cell: (row) => money(row.total) },
    { key: 'cost', label: phrase('Cost'), align: 'right', cell: (row) => money(row.cost) },
    { key: 'profit', label: phrase('Profit'), align: 'right', cell: (row) => money(row.profit) },
    { key: 'cash', label: phrase('Cash'), align: 'right', cell: (row) => money(row.cash) },
    { key: 'card', label: phrase('Card'), align: 'right', cell: (row) => money(row.card) },
    { key: 'mobile', label: phrase('Mobile banking'), align: 'right', cell: (row) => money(row.mobile) },
  ],
  rowKey: (row) => row.date,
  totals: ({ totals }) => ({
    cells: {
      sales: words.number(totals.sales),
      items: words.number(totals.items),
      total: money(totals.total),
      cost: money(totals.cost),
      profit: money(totals.profit),
      cash: money(totals.cash),
      card: money(totals.card),
      mobile: money(totals.mobile),
    },
  }),
}));
