import {
  type AccountReportAnswer,
  type CashFlowRow,
  type LedgerFigureRow,
  PROFIT_GROUP_LABELS,
  type TrialBalanceReportRow,
} from '@haat/contracts';
import { Alert, Badge, Button, Card, Group, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { get } from '../../lib/api';
import { usePhrase } from '../../lib/phrases';
import { type ReportColumn, ReportHeader, ReportTable, TotalCards, useMoney, useReportParams } from '../reports/report-kit';
import { FigureLink, linesUrl, onePage, PresetSelect, SOURCE_LABELS } from './ledger-report-kit';

const API = '/api/admin/account-report';
const TABS = ['profit_loss', 'balance_sheet', 'cash_flow', 'trial_balance'] as const;
type Tab = (typeof TABS)[number];
const TAB_LABELS: Record<Tab, string> = {
  profit_loss: 'Profit and loss',
  balance_sheet: 'Balance sheet',
  cash_flow: 'Cash flow',
  trial_balance: 'Trial balance',
};
const SHEET_LABELS = { assets: 'Assets', liabilities: 'Liabilities', equity: 'Equity' } as const;

/** `/admin/account/report`: profit and loss, balance sheet, cash flow and trial balance for a range; every figure opens its entries. */
export default function AccountReport() {
  const phrase = usePhrase();
  const money = useMoney();
  const [search] = useSearchParams();
  const { filters, update } = useReportParams(['tab']);
  const tab = (TABS as readonly string[]).includes(search.get('tab') ?? '') ? (search.get('tab') as Tab) : 'profit_loss';
  const query = new URLSearchParams(filters);
  query.delete('tab');
  const { data, error, isPending } = useQuery({
    queryKey: ['report', API, query.toString()],
    queryFn: () => get<AccountReportAnswer>(`${API}?${query.toString()}`),
  });
  const range = data ? { from: data.from, to: data.to } : { from: '', to: '' };
  const stockRange = data ? { from: data.from, to: data.to } : range;

  /** One statement's table of accounts with their figures, each opening its entries. */
  const figureTable = (label: string, rows: LedgerFigureRow[], total: number, extra?: { label: string; amount: number }) => (
    <Card withBorder padding={0} key={label}>
      <Table verticalSpacing="xs" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{label}</Table.Th>
            <Table.Th ta="right">{phrase('Amount')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.account_id}>
              <Table.Td>{phrase(row.name)}</Table.Td>
              <Table.Td ta="right">
                <FigureLink to={{ ...stockRange, account_id: row.account_id }}>{money(row.amount)}</FigureLink>
              </Table.Td>
            </Table.Tr>
          ))}
          {extra && (
            <Table.Tr>
              <Table.Td>{extra.label}</Table.Td>
              <Table.Td ta="right">
                <FigureLink to={{ from: '1900-01-01', to: range.to, group: 'profit' }}>{money(extra.amount)}</FigureLink>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr fw={700}>
            <Table.Td>{phrase('Total')}</Table.Td>
            <Table.Td ta="right">{money(total)}</Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Card>
  );

  const trialColumns: ReportColumn<TrialBalanceReportRow>[] = [
    { key: 'code', label: phrase('Code'), cell: (row) => row.code },
    {
      key: 'name',
      label: phrase('Account'),
      cell: (row) => <FigureLink to={{ ...range, account_id: row.account_id }}>{phrase(row.name)}</FigureLink>,
    },
    { key: 'opening', label: phrase('Before the range'), align: 'right', cell: (row) => money(row.opening) },
    { key: 'increase', label: phrase('Increase'), align: 'right', cell: (row) => money(row.increase) },
    { key: 'decrease', label: phrase('Decrease'), align: 'right', cell: (row) => money(row.decrease) },
    { key: 'closing', label: phrase('At the end'), align: 'right', cell: (row) => money(row.closing) },
  ];
  const cashColumns: ReportColumn<CashFlowRow>[] = [
    { key: 'source', label: phrase('What caused it'), cell: (row) => phrase(SOURCE_LABELS[row.source] ?? row.source) },
    { key: 'money_in', label: phrase('Money in'), align: 'right', cell: (row) => money(row.money_in) },
    { key: 'money_out', label: phrase('Money out'), align: 'right', cell: (row) => money(row.money_out) },
    {
      key: 'net',
      label: phrase('Net'),
      align: 'right',
      cell: (row) => <FigureLink to={{ ...range, group: 'money', source: row.source }}>{money(row.net)}</FigureLink>,
    },
  ];

  const exportUrl = `${API}/export.csv?${new URLSearchParams({ ...Object.fromEntries(query), section: tab }).toString()}`;
  return (
    <Stack>
      <ReportHeader
        title={phrase('Account report')}
        exportUrl={exportUrl}
        range={data && { from: data.from, to: data.to, time_zone: '' }}
        onRange={(from, to) => update({ from, to })}
      >
        <PresetSelect onRange={(from, to) => update({ from, to })} />
      </ReportHeader>
      {error && (
        <Alert color="red" role="alert">
          {error.message}
        </Alert>
      )}
      <TotalCards
        cards={[
          { label: phrase('Income'), value: data && money(data.profit_loss.income) },
          { label: phrase('Expense'), value: data && money(data.profit_loss.expense) },
          { label: phrase('Profit'), value: data && money(data.profit_loss.profit) },
          { label: phrase('Cash, banks and wallets at the end'), value: data && money(data.cash_flow.closing) },
        ]}
      />
      <Tabs value={tab} onChange={(value) => value && update({ tab: value })} keepMounted={false}>
        <Tabs.List aria-label={phrase('Statements')}>
          {TABS.map((key) => (
            <Tabs.Tab key={key} value={key}>
              {phrase(TAB_LABELS[key])}
            </Tabs.Tab>
          ))}
        </Tabs.List>

        <Tabs.Panel value="profit_loss" pt="md">
          <Stack>
            {data?.profit_loss.groups.map((group) => (
              <Card withBorder padding={0} key={group.group}>
                <Table verticalSpacing="xs" aria-label={phrase(PROFIT_GROUP_LABELS[group.group])}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{phrase(PROFIT_GROUP_LABELS[group.group])}</Table.Th>
                      <Table.Th ta="right">{phrase('Amount')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {group.rows.map((row) => (
                      <Table.Tr key={row.account_id}>
                        <Table.Td>
                          {phrase(row.name)}{' '}
                          <Badge variant="light" size="sm" color={row.type === 'income' ? 'green' : 'orange'}>
                            {phrase(row.type === 'income' ? 'Income' : 'Expense')}
                          </Badge>
                        </Table.Td>
                        <Table.Td ta="right">
                          <FigureLink to={{ ...range, account_id: row.account_id }}>{money(row.amount)}</FigureLink>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                    {group.rows.length === 0 && (
                      <Table.Tr>
                        <Table.Td colSpan={2}>
                          <Text c="dimmed">{phrase('Nothing in this range')}</Text>
                        </Table.Td>
                      </Table.Tr>
                    )}
                  </Table.Tbody>
                  <Table.Tfoot>
                    <Table.Tr fw={700}>
                      <Table.Td>{phrase('Adds to profit')}</Table.Td>
                      <Table.Td ta="right">
                        <FigureLink to={{ ...range, group: group.group }}>{money(group.total)}</FigureLink>
                      </Table.Td>
                    </Table.Tr>
                  </Table.Tfoot>
                </Table>
              </Card>
            ))}
            {data && (
              <Group justify="space-between" px="sm">
                <Title order={2} fz="h4">
                  {phrase('Profit')}
                </Title>
                <Text fw={700} fz="lg" data-testid="profit">
                  <FigureLink to={{ ...range, group: 'profit' }}>{money(data.profit_loss.profit)}</FigureLink>
                </Text>
              </Group>
            )}
          </Stack>
        </Tabs.Panel>

        <Tabs.Panel value="balance_sheet" pt="md">
          {data && (
            <Stack>
              <Text c="dimmed">{phrase('What the shop holds and owes at the end of {{date}}', { date: data.balance_sheet.as_of })}</Text>
              {data.balance_sheet.groups.map((group) =>
                figureTable(
                  phrase(SHEET_LABELS[group.group]),
                  group.rows,
                  group.total,
                  group.group === 'equity'
                    ? { label: phrase('Profit not yet taken out'), amount: data.balance_sheet.retained_profit }
                    : undefined,
                ),
              )}
              <Alert color={data.balance_sheet.balanced ? 'green' : 'red'} role="status">
                {phrase('Assets {{assets}} = liabilities and equity {{other}}', {
                  assets: money(data.balance_sheet.assets),
                  other: money(data.balance_sheet.liabilities_and_equity),
                })}{' '}
                {phrase(data.balance_sheet.balanced ? 'The books balance.' : 'The books do not balance.')}
              </Alert>
            </Stack>
          )}
        </Tabs.Panel>

        <Tabs.Panel value="cash_flow" pt="md">
          <Stack>
            <TotalCards
              cards={[
                { label: phrase('Held at the start'), value: data && money(data.cash_flow.opening) },
                { label: phrase('Money in'), value: data && money(data.cash_flow.money_in) },
                { label: phrase('Money out'), value: data && money(data.cash_flow.money_out) },
                { label: phrase('Held at the end'), value: data && money(data.cash_flow.closing) },
              ]}
            />
            <ReportTable
              label={phrase('Cash flow')}
              columns={cashColumns}
              answer={data && onePage(data.cash_flow.rows)}
              error={null}
              isPending={isPending}
              isFetching={false}
              rowKey={(row) => row.source}
              page={1}
              onPage={() => undefined}
            />
            {data && (
              <Text c="dimmed" fz="sm">
                {phrase('Moved between the shop’s own balances (not counted): {{amount}}', { amount: money(data.cash_flow.internal) })}
              </Text>
            )}
            <Group>
              <Button component={Link} variant="subtle" to={linesUrl({ ...range, group: 'money' })}>
                {phrase('See every movement of the balances')}
              </Button>
            </Group>
          </Stack>
        </Tabs.Panel>

        <Tabs.Panel value="trial_balance" pt="md">
          <ReportTable
            label={phrase('Trial balance')}
            columns={trialColumns}
            answer={data && onePage(data.trial_balance.rows)}
            error={null}
            isPending={isPending}
            isFetching={false}
            rowKey={(row) => String(row.account_id)}
            page={1}
            onPage={() => undefined}
            totals={data && { cells: { increase: '', decrease: '', closing: money(0) } }}
          />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
