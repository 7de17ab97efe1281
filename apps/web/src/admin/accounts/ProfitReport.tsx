import { type LedgerProfitAnswer, type LedgerProfitFigures, SALE_CHANNEL_LABELS, type SaleChannel } from '@haat/contracts';
import { SimpleGrid, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { get } from '../../lib/api';
import { usePhrase } from '../../lib/phrases';
import { ReportChart, type ReportColumn, ReportTable, TotalCards, useMoney, useReportParams } from '../reports/report-kit';
import { FigureLink, type LinesTarget, onePage, YearReportHeader } from './ledger-report-kit';

const API = '/api/admin/profit-report';

/** The figures of a row and the drill-down group each opens. */
const FIGURES: { key: keyof LedgerProfitFigures; label: string; group: string }[] = [
  { key: 'revenue', label: 'Revenue', group: 'revenue' },
  { key: 'cost_of_goods', label: 'Cost of goods', group: 'cost_of_goods' },
  { key: 'delivery', label: 'Delivery costs', group: 'delivery_costs' },
  { key: 'expenses', label: 'Expenses', group: 'expenses' },
  { key: 'profit', label: 'Profit', group: 'profit' },
];

/** The last day of a `YYYY-MM` month. */
const monthEnd = (month: string) => {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return `${month}-${String(new Date(Date.UTC(year, number, 0)).getUTCDate()).padStart(2, '0')}`;
};

type MonthRow = LedgerProfitFigures & { month: string };
type ChannelRow = LedgerProfitFigures & { channel: SaleChannel | 'shop_wide' };

/**
 * `/admin/profit/report`: revenue − cost of goods − delivery costs − expenses = profit, by month of a year
 * (or a range) and by sale channel (website, reseller, phone, counter, company; shop-wide for what no channel
 * names). Every figure opens the entries behind it.
 */
export default function ProfitReport() {
  const phrase = usePhrase();
  const money = useMoney();
  const report = useReportParams(['year']);
  const { filters } = report;
  const { data, error, isPending, isFetching } = useQuery({
    queryKey: ['report', API, filters],
    queryFn: () => get<LedgerProfitAnswer>(`${API}?${filters}`),
  });
  const range = data ? { from: data.from, to: data.to } : { from: '', to: '' };

  /** A figure linking to its entries (profit: the income and expense lines together). */
  const cell = (figures: LedgerProfitFigures, key: keyof LedgerProfitFigures, target: Omit<LinesTarget, 'group'>) => {
    const figure = FIGURES.find((item) => item.key === key);
    if (!figure) return money(figures[key]);
    return <FigureLink to={{ ...target, group: figure.group }}>{money(figures[key])}</FigureLink>;
  };
  const figureColumns = <Row extends LedgerProfitFigures>(target: (row: Row) => Omit<LinesTarget, 'group'>): ReportColumn<Row>[] =>
    FIGURES.map((figure) => ({
      key: figure.key,
      label: phrase(figure.label),
      align: 'right' as const,
      cell: (row: Row) => cell(row, figure.key, target(row)),
    }));
  const monthColumns: ReportColumn<MonthRow>[] = [
    { key: 'month', label: phrase('Month'), cell: (row) => row.month },
    ...figureColumns<MonthRow>((row) => ({
      from: `${row.month}-01` < range.from ? range.from : `${row.month}-01`,
      to: monthEnd(row.month) > range.to ? range.to : monthEnd(row.month),
    })),
  ];
  const channelWord = (channel: ChannelRow['channel']) =>
    channel === 'shop_wide' ? phrase('Shop-wide') : phrase(SALE_CHANNEL_LABELS[channel]);
  const channelColumns: ReportColumn<ChannelRow>[] = [
    { key: 'channel', label: phrase('Channel'), cell: (row) => channelWord(row.channel) },
    ...figureColumns<ChannelRow>((row) => ({ ...range, channel: row.channel })),
  ];
  const totals = data && {
    cells: Object.fromEntries(FIGURES.map((figure) => [figure.key, cell(data.totals, figure.key, range)])),
  };
  return (
    <Stack>
      <YearReportHeader
        title={phrase('Profit report')}
        api={API}
        report={report}
        range={data && { from: data.from, to: data.to }}
        presets
      />
      <TotalCards cards={FIGURES.map((figure) => ({ label: phrase(figure.label), value: data && money(data.totals[figure.key]) }))} />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <ReportChart
          title={phrase('Profit per month')}
          points={data?.months.map((month) => ({ date: `${month.month}-01`, value: month.profit }))}
          format={money}
          unit="month"
        />
        <ReportChart
          title={phrase('Revenue per month')}
          points={data?.months.map((month) => ({ date: `${month.month}-01`, value: month.revenue }))}
          format={money}
          unit="month"
        />
      </SimpleGrid>
      <Title order={2} fz="h4">
        {phrase('By month')}
      </Title>
      <ReportTable
        label={phrase('Profit by month')}
        columns={monthColumns}
        answer={data && onePage(data.months)}
        error={error}
        isPending={isPending}
        isFetching={isFetching}
        rowKey={(row) => row.month}
        page={1}
        onPage={() => undefined}
        totals={totals}
      />
      <Title order={2} fz="h4">
        {phrase('By channel')}
      </Title>
      <ReportTable
        label={phrase('Profit by channel')}
        columns={channelColumns}
        answer={data && onePage(data.channels)}
        error={error}
        isPending={isPending}
        isFetching={isFetching}
        rowKey={(row) => row.channel}
        page={1}
        onPage={() => undefined}
        totals={totals}
      />
    </Stack>
  );
}
