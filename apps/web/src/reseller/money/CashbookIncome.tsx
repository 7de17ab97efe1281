import { Alert, Anchor, Card, Stack, Table, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { formatDateTime } from '../../lib/dates';
import { DataTable } from '../../ui/DataTable';
import { Pagination } from '../../ui/resource/Pagination';
import { BalanceFigures } from './BalanceCard';
import { moneyQueries, useMoney, useMoneyText } from './money';

/** `/dropshipper/cashbook/income`: profit credited per delivered order, reversals and return charges. */
export default function CashbookIncome() {
  const { t } = useMoneyText();
  const money = useMoney();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page') ?? 1) || 1);
  const { data, error, isPending } = useQuery({ ...moneyQueries.income(page), placeholderData: keepPreviousData });
  return (
    <Stack>
      <div>
        <Title order={1}>{t('income.title')}</Title>
        <Text c="dimmed">{t('income.intro')}</Text>
      </div>
      {data && (
        <Card withBorder>
          <BalanceFigures balance={data.balance} />
        </Card>
      )}
      {error && (
        <Alert color="red" role="alert">
          {error.message}
        </Alert>
      )}
      <DataTable
        minWidth={600}
        columns={4}
        loading={isPending}
        empty={data?.data.length === 0 ? t('income.empty') : null}
        head={
          <>
            <Table.Th>{t('income.date')}</Table.Th>
            <Table.Th>{t('income.description')}</Table.Th>
            <Table.Th>{t('income.order')}</Table.Th>
            <Table.Th ta="right">{t('income.amount')}</Table.Th>
          </>
        }
      >
        {data?.data.map((entry) => (
          <Table.Tr key={entry.id}>
            <Table.Td>{formatDateTime(entry.at)}</Table.Td>
            <Table.Td>{t(`kinds.${entry.kind}`)}</Table.Td>
            <Table.Td>
              {entry.order_id && entry.order_number ? (
                <Anchor component={Link} to={`/dropshipper/order/view/${entry.order_id}`}>
                  {entry.order_number}
                </Anchor>
              ) : (
                '—'
              )}
            </Table.Td>
            <Table.Td ta="right" fw={600} c={entry.amount < 0 ? 'red.7' : 'green.8'}>
              {entry.amount > 0 ? '+' : ''}
              {money(entry.amount)}
            </Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
      {data && <Pagination total={data.total} perPage={data.per_page} page={page} onChange={(next) => setParams({ page: String(next) })} />}
    </Stack>
  );
}
