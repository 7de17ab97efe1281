import { SALE_PROFIT_CHANNEL_LABELS, SALE_PROFIT_CHANNELS, type SaleProfitAnswer, type SaleProfitRow } from '@haat/contracts';
import { Select, Stack } from '@mantine/core';
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

const API = '/api/admin/reports/sale-profit';

type Answer = SaleProfitAnswer & { from: number | null; to: number | null; next_page_url: string | null; prev_page_url: string | null };

/**
 * `/admin/sale/profit/report` (decision 040): per day and channel (counter sales, exchanges, company
 * sales, orders by channel) what was taken, its cost at the time of sale, the profit and the margin.
 */
export default function SaleProfitReport() {
  const { phrase, number } = useOrderWords();
  const money = useMoney();
  const count = useCount();
  const { params, page, filters, update } = useReportParams(['filter[channel]']);
  const { data, error, isPending, isFetching } = useReport<Answer>(API, filters, page);
  const totals = data?.totals;
  const margin = (value: number | null) => (value === null ? '—' : `${number(value)}%`);
  const columns: ReportColumn<SaleProfitRow>[] = [
    { key: 'date', label: phrase('Date'), cell: (row) => row.date },
    { key: 'channel', label: phrase('Channel'), cell: (row) => phrase(SALE_PROFIT_CHANNEL_LABELS[row.channel]) },
    { key: 'count', label: phrase('Sales'), align: 'right', cell: (row) => number(row.count) },
    { key: 'revenue', label: phrase('Revenue'), align: 'right', cell: (row) => money(row.revenue) },
    { key: 'cost', label: phrase('Cost'), align: 'right', cell: (row) => money(row.cost) },
    { key: 'profit', label: phrase('Profit'), align: 'right', cell: (row) => money(row.profit) },
    { key: 'margin', label: phrase('Margin'), align: 'right', cell: (row) => margin(row.margin) },
  ];
  return (
    <Stack>
      <ReportHeader
        title={phrase('Sale profit report')}
        exportUrl={`${API}/export.csv?${filters}`}
        range={data?.range}
        onRange={(from, to) => update({ from, to })}
      >
        <Select
          label={phrase('Channel')}
          data={[
            { value: '', label: phrase('Every channel') },
            ...SALE_PROFIT_CHANNELS.map((value) => ({ value, label: phrase(SALE_PROFIT_CHANNEL_LABELS[value]) })),
          ]}
          value={params.get('filter[channel]') ?? ''}
          onChange={(value) => update({ 'filter[channel]': value || null })}
          allowDeselect={false}
          w={220}
        />
      </ReportHeader>
      <TotalCards
        cards={[
          { label: phrase('Sales'), value: totals && count(totals.count) },
          { label: phrase('Revenue'), value: totals && money(totals.revenue) },
          { label: phrase('Cost'), value: totals && money(totals.cost) },
          { label: phrase('Profit'), value: totals && money(totals.profit) },
          { label: phrase('Margin'), value: totals && margin(totals.margin) },
        ]}
      />
      <ReportChart
        title={phrase('Profit per day')}
        points={data?.chart.map((point) => ({ date: point.date, value: point.amount }))}
        format={money}
      />
      <ReportTable
        label={phrase('Sale profit report')}
        columns={columns}
        answer={data}
        error={error}
        isPending={isPending}
        isFetching={isFetching}
        rowKey={(row) => `${row.date}-${row.channel}`}
        page={page}
        onPage={(next) => update({ page: String(next) })}
        totals={
          totals && {
            cells: {
              count: number(totals.count),
              revenue: money(totals.revenue),
              cost: money(totals.cost),
              profit: money(totals.profit),
              margin: margin(totals.margin),
            },
          }
        }
      />
    </Stack>
  );
}
