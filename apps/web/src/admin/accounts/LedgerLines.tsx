import { type LedgerLinesAnswer, type LedgerLineView, SALE_CHANNEL_LABELS, type SaleChannel } from '@haat/contracts';
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { formatDate } from '../../lib/dates';
import { usePhrase } from '../../lib/phrases';
import { type ReportColumn, ReportHeader, ReportTable, TotalCards, useMoney, useReport, useReportParams } from '../reports/report-kit';
import { SOURCE_LABELS } from './ledger-report-kit';

const API = '/api/admin/account-report/lines';

/**
 * `/admin/account/report/lines`: the journal lines behind a figure of the account or profit report — one
 * account or one group in a range, optionally one channel or one source — with what each added or took
 * away, in plain words, and the running balance; paginated, with its CSV.
 */
export default function LedgerLines() {
  const phrase = usePhrase();
  const money = useMoney();
  const navigate = useNavigate();
  const { params, page, filters, update } = useReportParams(['account_id', 'group', 'channel', 'source']);
  const { data, error, isPending, isFetching } = useReport<LedgerLinesAnswer>(API, filters, page, 50);
  const channel = params.get('channel');
  const channelWord = (value: string | null) =>
    value === 'shop_wide' ? phrase('Shop-wide') : value ? phrase(SALE_CHANNEL_LABELS[value as SaleChannel] ?? value) : '';
  const columns: ReportColumn<LedgerLineView>[] = [
    { key: 'date', label: phrase('Date'), cell: (row) => formatDate(row.date) },
    { key: 'account', label: phrase('Account'), cell: (row) => phrase(row.account_name) },
    { key: 'memo', label: phrase('What happened'), cell: (row) => row.memo },
    {
      key: 'source',
      label: phrase('From'),
      cell: (row) =>
        row.link ? (
          <Anchor component={Link} to={row.link}>
            {phrase(SOURCE_LABELS[row.source] ?? row.source)}
          </Anchor>
        ) : (
          phrase(SOURCE_LABELS[row.source] ?? row.source)
        ),
    },
    { key: 'channel', label: phrase('Channel'), cell: (row) => channelWord(row.channel) || '—' },
    { key: 'increase', label: phrase('Increase'), align: 'right', cell: (row) => (row.increase ? money(row.increase) : '') },
    { key: 'decrease', label: phrase('Decrease'), align: 'right', cell: (row) => (row.decrease ? money(row.decrease) : '') },
    { key: 'balance', label: phrase('Running balance'), align: 'right', cell: (row) => money(row.balance) },
  ];
  const title = data ? phrase('Entries: {{what}}', { what: phrase(data.title) }) : phrase('Entries');
  return (
    <Stack>
      <ReportHeader
        title={title}
        exportUrl={`${API}/export.csv?${filters}`}
        range={data && { ...data.range, time_zone: '' }}
        onRange={(from, to) => update({ from, to })}
      >
        <Button variant="subtle" onClick={() => navigate(-1)}>
          {phrase('Back to the report')}
        </Button>
      </ReportHeader>
      {channel && (
        <Group>
          <Text>{phrase('Channel: {{channel}}', { channel: channelWord(channel) })}</Text>
        </Group>
      )}
      <TotalCards
        cards={[
          { label: phrase('Before the range'), value: data && money(data.opening) },
          { label: phrase('Increase'), value: data && money(data.increase) },
          { label: phrase('Decrease'), value: data && money(data.decrease) },
          { label: phrase('At the end'), value: data && money(data.closing) },
        ]}
      />
      <ReportTable
        label={title}
        columns={columns}
        answer={data}
        error={error}
        isPending={isPending}
        isFetching={isFetching}
        rowKey={(row) => String(row.id)}
        page={page}
        onPage={(next) => update({ page: String(next) })}
      />
    </Stack>
  );
}
