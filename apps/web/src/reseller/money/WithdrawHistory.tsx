import type { WithdrawalView } from '@haat/contracts';
import { Alert, Badge, Button, Group, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { formatDateTime } from '../../lib/dates';
import { DataTable } from '../../ui/DataTable';
import { Pagination } from '../../ui/resource/Pagination';
import { moneyQueries, useMoney, useMoneyText } from './money';
import { channelLabel } from './PayOff';

const STATUS_COLOR = { pending: 'yellow', paid: 'green', rejected: 'red' } as const;

export function WithdrawalStatus({ row }: { row: WithdrawalView }) {
  const { t } = useMoneyText();
  return (
    <Badge color={STATUS_COLOR[row.status]} variant="light" miw="max-content">
      {t(`status.${row.status}`)}
    </Badge>
  );
}

/** `/dropshipper/payment/withdraw/history`: every request, its status, and how it was paid or why not. */
export default function WithdrawHistory() {
  const { t } = useMoneyText();
  const money = useMoney();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page') ?? 1) || 1);
  const status = params.get('status');
  const { data, error, isPending } = useQuery({ ...moneyQueries.withdrawals(page, status), placeholderData: keepPreviousData });
  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>{t('history.title')}</Title>
          <Text c="dimmed">{t('history.intro')}</Text>
        </div>
        <Button component={Link} to="/dropshipper/payment/withdraw/request">
          {t('balance.request')}
        </Button>
      </Group>
      <SegmentedControl
        w="fit-content"
        value={status ?? 'all'}
        onChange={(value) => setParams(value === 'all' ? {} : { status: value })}
        data={[
          { value: 'all', label: t('history.all') },
          { value: 'pending', label: t('status.pending') },
          { value: 'paid', label: t('status.paid') },
          { value: 'rejected', label: t('status.rejected') },
        ]}
      />
      {error && (
        <Alert color="red" role="alert">
          {error.message}
        </Alert>
      )}
      <DataTable
        minWidth={760}
        columns={6}
        loading={isPending}
        empty={data?.data.length === 0 ? t('history.empty') : null}
        head={
          <>
            <Table.Th>{t('history.requested')}</Table.Th>
            <Table.Th>{t('history.number')}</Table.Th>
            <Table.Th>{t('history.to')}</Table.Th>
            <Table.Th ta="right">{t('history.amount')}</Table.Th>
            <Table.Th>{t('history.status')}</Table.Th>
            <Table.Th>{t('history.details')}</Table.Th>
          </>
        }
      >
        {data?.data.map((row) => (
          <Table.Tr key={row.id}>
            <Table.Td>{formatDateTime(row.requested_at)}</Table.Td>
            <Table.Td>{row.number}</Table.Td>
            <Table.Td>{row.payout_label}</Table.Td>
            <Table.Td ta="right" fw={600}>
              {money(row.amount)}
            </Table.Td>
            <Table.Td>
              <WithdrawalStatus row={row} />
            </Table.Td>
            <Table.Td fz="sm">
              {row.status === 'paid'
                ? t('history.paidBy', { method: channelLabel(row.paid_method), transaction: row.transaction_id })
                : row.status === 'rejected'
                  ? t('history.rejected', { reason: row.reject_reason })
                  : t('history.waiting')}
            </Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
      {data && (
        <Pagination
          total={data.total}
          perPage={data.per_page}
          page={page}
          onChange={(next) => setParams({ ...(status ? { status } : {}), page: String(next) })}
        />
      )}
    </Stack>
  );
}
