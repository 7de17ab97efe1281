import { Stack } from '@mantine/core';
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
} from '../reports/report-kit';

const API = '/api/admin/reports/office-sales';

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
interface Answer {
  range: { from: string; to: string; time_zone: string };
  data: Row[];
  totals: Omit<Row, 'date'>;
  chart: { date: string; orders: number; amount: number }[];
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
  from: number | null;
  to: number | null;
  next_page_url: string | null;
  prev_page_url: string | null;
}

/** `/admin/office/sale/report`: the counter's takings day by day, at cost, with profit and how they were paid. */
export default function OfficeSaleReport() {
  const { phrase, number } = useOrderWords();
  const money = useMoney();
  const count = useCount();
  const { page, filters, update } = useReportParams([]);
  const { data, error, isPending, isFetching } = useReport<Answer>(API, filters, page);
  const totals = data?.totals;
  const columns: ReportColumn<Row>[] = [
    { key: 'date', label: phrase('Date'), cell: (row) => row.date },
    { key: 'sales', label: phrase('Sales'), align: 'right', cell: (row) => number(row.sales) },
    { key: 'items', label: phrase('Items'), align: 'right', cell: (row) => number(row.items) },
    { key: 'total', label: phrase('Takings'), align: 'right', cell: (row) => money(row.total) },
    { key: 'cost', label: phrase('Cost'), align: 'right', cell: (row) => money(row.cost) },
    { key: 'profit', label: phrase('Profit'), align: 'right', cell: (row) => money(row.profit) },
    { key: 'cash', label: phrase('Cash'), align: 'right', cell: (row) => money(row.cash) },
    { key: 'card', label: phrase('Card'), align: 'right', cell: (row) => money(row.card) },
    { key: 'mobile', label: phrase('Mobile banking'), align: 'right', cell: (row) => money(row.mobile) },
  ];
  return (
    <Stack>
      <ReportHeader
        title={phrase('Office sale report')}
        exportUrl={`${API}/export.csv?${filters}`}
        range={data?.range}
        onRange={(from, to) => update({ from, to })}
      />
      <TotalCards
        cards={[
          { label: phrase('Sales'), value: totals && count(totals.sales) },
          { label: phrase('Takings'), value: totals && money(totals.total) },
          { label: phrase('Cost'), value: totals && money(totals.cost) },
          { label: phrase('Profit'), value: totals && money(totals.profit) },
          { label: phrase('Cash in the drawer'), value: totals && money(totals.cash) },
        ]}
      />
      <ReportChart
        title={phrase('Takings per day')}
        points={data?.chart.map((point) => ({ date: point.date, value: point.amount }))}
        format={money}
      />
      <ReportTable
        label={phrase('Office sale report')}
        columns={columns}
        answer={data}
        error={error}
        isPending={isPending}
        isFetching={isFetching}
        rowKey={(row) => row.date}
        page={page}
        onPage={(next) => update({ page: String(next) })}
        totals={
          totals && {
            cells: {
              sales: number(totals.sales),
              items: number(totals.items),
              total: money(totals.total),
              cost: money(totals.cost),
              profit: money(totals.profit),
              cash: money(totals.cash),
              card: money(totals.card),
              mobile: money(totals.mobile),
            },
          }
        }
      />
    </Stack>
  );
}
