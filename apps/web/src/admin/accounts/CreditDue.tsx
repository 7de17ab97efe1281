import type { CreditDueAnswer, CreditDueRow, Paginator } from '@haat/contracts';
import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { get } from '../../lib/api';
import { formatDate } from '../../lib/dates';
import { usePhrase } from '../../lib/phrases';
import { type ReportColumn, ReportTable, TotalCards, useMoney } from '../reports/report-kit';

const API = '/api/admin/credit-due';

const onePage = (data: CreditDueRow[]): Paginator<CreditDueRow> => ({
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

/** `/admin/credit/due`: what is owed to the shop — couriers, companies, loans given — from the books. Read-only. */
export default function CreditDue() {
  const phrase = usePhrase();
  const money = useMoney();
  const { t } = useTranslation();
  const { data, error, isPending, isFetching } = useQuery({ queryKey: ['report', API], queryFn: () => get<CreditDueAnswer>(API) });
  const columns: ReportColumn<CreditDueRow>[] = [
    { key: 'code', label: phrase('Code'), cell: (row) => row.code },
    {
      key: 'name',
      label: phrase('Owed by'),
      cell: (row) => (
        <>
          {phrase(row.name)}
          {row.parts?.map((part) => (
            <Text key={`${part.name}-${part.link}`} fz="xs" c={part.overdue ? 'red' : 'dimmed'}>
              {part.link ? (
                <Anchor component={Link} to={part.link} fz="xs" underline="always">
                  {part.name}
                </Anchor>
              ) : (
                part.name
              )}
              : {money(part.due)}
              {part.overdue ? ` (${phrase('Overdue')})` : ''}
            </Text>
          ))}
        </>
      ),
    },
    { key: 'due', label: phrase('Due'), align: 'right', cell: (row) => money(row.due) },
    { key: 'last_movement', label: phrase('Last movement'), cell: (row) => (row.last_movement ? formatDate(row.last_movement) : '—') },
  ];
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>{phrase('Credit due')}</Title>
        <Button component="a" variant="default" href={`${API}/export.csv`} download>
          {t('reports.exportCsv')}
        </Button>
      </Group>
      <Text c="dimmed">{phrase('What is owed to the shop now, as the books say: by couriers, by companies and on loans given.')}</Text>
      <TotalCards cards={[{ label: phrase('Owed to us'), value: data && money(data.total) }]} />
      <ReportTable
        label={phrase('Credit due')}
        columns={columns}
        answer={data && onePage(data.data)}
        error={error}
        isPending={isPending}
        isFetching={isFetching}
        rowKey={(row) => String(row.account_id)}
        page={1}
        onPage={() => undefined}
        totals={data && { cells: { due: money(data.total) } }}
      />
    </Stack>
  );
}
