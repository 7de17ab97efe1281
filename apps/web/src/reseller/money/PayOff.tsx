import { PAYMENT_CHANNEL_LABELS } from '@haat/contracts';
import { Alert, Card, Stack, Table, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { formatDateTime } from '../../lib/dates';
import { DataTable } from '../../ui/DataTable';
import { Pagination } from '../../ui/resource/Pagination';
import { BalanceFigures } from './BalanceCard';
import { moneyQueries, useMoney, useMoneyText } from './money';

export const channelLabel = (method: string | null) =>
  method ? (PAYMENT_CHANNEL_LABELS[method as keyof typeof PAYMENT_CHANNEL_LABELS] ?? method) : '—';

/** `/dropshipper/cashbook/pay/off`: withdrawals the shop paid, with how and the transaction id. */
export default function PayOff() {
  const { t } = useMoneyText();
  const money = useMoney();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page') ?? 1) || 1);
  const { data, error, isPending } = useQuery({ ...moneyQueries.payOff(page), placeholderData: keepPreviousData });
  return (
    <Stack>
      <div>
        <Title order={1}>{t('payOff.title')}</Title>
        <Text c="dimmed">{t('payOff.intro')}</Text>
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
        minWidth={720}
        columns={6}
        loading={isPending}
        empty={data?.data.length === 0 ? t('payOff.empty') : null}
        head={
          <>
            <Table.Th>{t('payOff.paidAt')}</Table.Th>
            <Table.Th>{t('payOff.number')}</Table.Th>
            <Table.Th>{t('payOff.to')}</Table.Th>
            <Table.Th>{t('payOff.method')}</Table.Th>
            <Table.Th>{t('payOff.transaction')}</Table.Th>
            <Table.Th ta="right">{t('payOff.amount')}</Table.Th>
          </>
        }
      >
        {data?.data.map((row) => (
          <Table.Tr key={row.id}>
            <Table.Td>{row.decided_at ? formatDateTime(row.decided_at) : '—'}</Table.Td>
            <Table.Td>{row.number}</Table.Td>
            <Table.Td>{row.payout_label}</Table.Td>
            <Table.Td>{channelLabel(row.paid_method)}</Table.Td>
            <Table.Td ff="monospace">{row.transaction_id}</Table.Td>
            <Table.Td ta="right" fw={600}>
              {money(row.amount)}
            </Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
      {data && <Pagination total={data.total} perPage={data.per_page} page={page} onChange={(next) => setParams({ page: String(next) })} />}
    </Stack>
  );
}
