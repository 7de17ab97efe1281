import type { MerchantLedgerEntry, MerchantProfileView, Paginator, ResellerBalance } from '@haat/contracts';
import { Alert, Anchor, Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router';
import { get } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import { usePhrase } from '../../lib/phrases';
import { DataTable } from '../../ui/DataTable';
import { Pagination } from '../../ui/resource/Pagination';
import { useMoney } from '../resellers/MoneyCell';

type Answer = Paginator<MerchantLedgerEntry> & { merchant: MerchantProfileView; balance: ResellerBalance };

/** `/admin/merchant/statement/{id}`: a merchant's ledger with the balance after each row, printable and as CSV. */
export default function MerchantStatement() {
  const phrase = usePhrase();
  const money = useMoney();
  const { id } = useParams();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page') ?? 1) || 1);
  const { data, error, isPending, isFetching } = useQuery({
    queryKey: ['admin', 'merchant-statement', id, page],
    queryFn: () => get<Answer>(`/api/admin/merchants/${id}/statement?page=${page}&per_page=50`),
    placeholderData: keepPreviousData,
  });
  const figures = data?.balance;
  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>{phrase('Merchant statement')}</Title>
          <Text c="dimmed">
            {data
              ? `${data.merchant.name}${data.merchant.company_name ? ` · ${data.merchant.company_name}` : ''} · ${data.merchant.phone}`
              : ''}
          </Text>
        </div>
        <Group className="no-print">
          <Button variant="default" onClick={() => window.print()}>
            {phrase('Print')}
          </Button>
          <Button component="a" variant="default" href={`/api/admin/merchants/${id}/statement.csv`} download>
            {phrase('Export CSV')}
          </Button>
          <Button component={Link} to="/admin/withdraw/request/by/merchant" variant="light">
            {phrase('Withdraw requests')}
          </Button>
        </Group>
      </Group>
      {error && (
        <Alert color="red" role="alert">
          {error.message}
        </Alert>
      )}
      {figures && (
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          {[
            [phrase('Available'), figures.available],
            [phrase('Earned'), figures.income],
            [phrase('Pending withdrawals'), figures.pending_withdrawals],
            [phrase('Paid out'), figures.paid_withdrawals],
          ].map(([label, value]) => (
            <Card withBorder padding="sm" key={String(label)}>
              <Text fz="xs" c="dimmed" tt="uppercase" fw={700}>
                {label}
              </Text>
              <Text fz="lg" fw={700}>
                {money(Number(value))}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      )}
      <DataTable
        minWidth={760}
        columns={5}
        busy={isFetching}
        loading={isPending}
        empty={data?.data.length === 0 ? phrase('Nothing here yet.') : null}
        head={
          <>
            <Table.Th>{phrase('Date')}</Table.Th>
            <Table.Th>{phrase('Entry')}</Table.Th>
            <Table.Th>{phrase('Order')}</Table.Th>
            <Table.Th ta="right">{phrase('Amount')}</Table.Th>
            <Table.Th ta="right">{phrase('Balance')}</Table.Th>
          </>
        }
      >
        {data?.data.map((row) => (
          <Table.Tr key={row.id}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.at)}</Table.Td>
            <Table.Td>
              {phrase(row.kind_label)}
              <Text fz="xs" c="dimmed">
                {row.product_name ? `${row.product_name}${row.quantity ? ` × ${row.quantity}` : ''}` : row.note}
              </Text>
            </Table.Td>
            <Table.Td>
              {row.order_id && row.order_number ? (
                <Anchor component={Link} to={`/admin/order/view/${row.order_id}`}>
                  {row.order_number}
                </Anchor>
              ) : (
                '—'
              )}
            </Table.Td>
            <Table.Td ta="right" fw={600} c={row.amount < 0 ? 'red.8' : 'teal.9'} style={{ whiteSpace: 'nowrap' }}>
              {money(row.amount)}
            </Table.Td>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
              {money(row.balance_after)}
            </Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
      {data && (
        <Pagination
          total={data.total}
          perPage={data.per_page}
          page={page}
          onChange={(next) => setParams({ page: String(next) }, { replace: true })}
        />
      )}
    </Stack>
  );
}
