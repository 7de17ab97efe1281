import type { MonthlyReportAnswer, MonthlyReportRow } from '@haat/contracts';
import { Badge, SimpleGrid, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { get } from '../../lib/api';
import { usePhrase } from '../../lib/phrases';
import { ReportChart, type ReportColumn, ReportTable, TotalCards, useMoney, useReportParams } from '../reports/report-kit';
import { onePage, YearReportHeader } from './ledger-report-kit';

const API = '/api/admin/accounts/monthly-report';

/** `/admin/accounts/monthly/report`: income and expense by purpose per month for a year or a range, with net, chart and CSV. */
export default function MonthlyReport() {
  const phrase = usePhrase();
  const money = useMoney();
  const report = useReportParams(['year']);
  const { filters } = report;
  const { data, error, isPending, isFetching } = useQuery({
    queryKey: ['report', API, filters],
    queryFn: () => get<MonthlyReportAnswer>(`${API}?${filters}`),
  });
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
      <YearReportHeader title={phrase('Monthly report')} api={API} report={report} range={data && { from: data.from, to: data.to }} />
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
