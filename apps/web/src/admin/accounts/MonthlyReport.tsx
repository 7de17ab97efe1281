import type { MonthlyReportAnswer, MonthlyReportRow, Paginator } from '@haat/contracts';
import { Badge, Select, SimpleGrid, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { get } from '../../lib/api';
import { usePhrase } from '../../lib/phrases';
import { ReportChart, type ReportColumn, ReportHeader, ReportTable, TotalCards, useMoney, useReportParams } from '../reports/report-kit';

const API = '/api/admin/accounts/monthly-report';

/** Every row on one page: a year has a few dozen purposes at most. */
const onePage = <Row,>(data: Row[]): Paginator<Row> => ({
  data,
  current_page: 1,
  last_page: 1,
  per_page: Math.max(data.length, 1),
  total: data.length,
  from: data.length ? 1 : null,
  to: data.length || null,
  next_page_url: null,
  prev_page_url: null,
});

/** `/admin/accounts/monthly/report`: income and expense by purpose per month for a year or a range, with net, chart and CSV. */
export default function MonthlyReport() {
  const phrase = usePhrase();
  const money = useMoney();
  const { params, filters, update } = useReportParams(['year']);
  const { data, error, isPending, isFetching } = useQuery({
    queryKey: ['report', API, filters],
    queryFn: () => get<MonthlyReportAnswer>(`${API}?${filters}`),
  });
  const thisYear = new Date().getFullYear();
  const years = Array.from({ length: 6 }, (_, index) => String(thisYear - index));
  const months = data?.months ?? [];
  const columns: ReportColumn<MonthlyReportRow>[] = [
    { key: 'name', label: phrase('Purpose'), cell: (row) => phrase(row.name) },
    {
      key: 'type',
      label: phrase('Income or expense'),
      cell: (row) => (
        <Badge variant="light" color={row.type === 'income' ? 'green' : 'orange'}>
          {phrase(row.type === 'income' ? 'Income' : 'Expense')}
        </Badge>
      ),
    },
    ...months.map((month, index) => ({
      key: month,
      label: month,
      align: 'right' as const,
      cell: (row: MonthlyReportRow) => money(row.months[index] ?? 0),
    })),
    { key: 'total', label: phrase('Total'), align: 'right', cell: (row) => money(row.total) },
  ];
  const line = (values: number[] | undefined, total: number | undefined) =>
    Object.fromEntries([...months.map((month, index) => [month, money(values?.[index] ?? 0)]), ['total', money(total ?? 0)]]);
  const incomeLine = data && line(data.income, data.totals.income);
  const expenseLine = data && line(data.expense, data.totals.expense);
  const netLine = data && line(data.net, data.totals.net);
  const points = (values: number[] | undefined) =>
    values && months.map((month, index) => ({ date: `${month}-01`, value: values[index] ?? 0 }));
  return (
    <Stack>
      <ReportHeader
        title={phrase('Monthly report')}
        exportUrl={`${API}/export.csv?${filters}`}
        range={data && { from: data.from, to: data.to, time_zone: '' }}
        onRange={(from, to) => update({ from, to, year: null })}
      >
        <Select
          label={phrase('Year')}
          clearable
          // With no year or range chosen the report is this year's: the picker says so.
          value={params.get('year') ?? (!params.get('from') && data ? data.from.slice(0, 4) : null)}
          onChange={(value) => update({ year: value, from: null, to: null })}
          data={years}
        />
      </ReportHeader>
      <TotalCards
        cards={[
          { label: phrase('Income'), value: data && money(data.totals.income) },
          { label: phrase('Expense'), value: data && money(data.totals.expense) },
          { label: phrase('Net'), value: data && money(data.totals.net) },
        ]}
      />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <ReportChart title={phrase('Income per month')} points={points(data?.income)} format={money} unit="month" />
        <ReportChart title={phrase('Expense per month')} points={points(data?.expense)} format={money} unit="month" />
      </SimpleGrid>
      <ReportTable
        label={phrase('Monthly report')}
        columns={columns}
        answer={data && onePage(data.data)}
        error={error}
        isPending={isPending}
        isFetching={isFetching}
        rowKey={(row) => String(row.account_id)}
        page={1}
        onPage={() => undefined}
        totals={
          data && {
            label: (
              <Stack gap={2}>
                <span>{phrase('Total income')}</span>
                <span>{phrase('Total expense')}</span>
                <span>{phrase('Net')}</span>
              </Stack>
            ),
            cells: Object.fromEntries(
              [...months, 'total'].map((key) => [
                key,
                <Stack gap={2} key={key}>
                  <span>{incomeLine?.[key]}</span>
                  <span>{expenseLine?.[key]}</span>
                  <span>{netLine?.[key]}</span>
                </Stack>,
              ]),
            ),
          }
        }
      />
    </Stack>
  );
}
