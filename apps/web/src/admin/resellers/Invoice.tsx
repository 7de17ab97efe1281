import type { ResellerBalance, WithdrawalView } from '@haat/contracts';
import { Alert, Anchor, Badge, Button, Card, Divider, Group, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { get } from '../../lib/api';
import { formatDate, formatDateTime } from '../../lib/dates';
import { usePhrase } from '../../lib/phrases';
import { useSiteInfo } from '../../lib/site';
import { useMoney } from './MoneyCell';
import { channelLabel } from './WithdrawalList';
import './invoice.css';

function Line({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" w={200}>
        {label}
      </Table.Th>
      <Table.Td>{children}</Table.Td>
    </Table.Tr>
  );
}

/** `/admin/reseller/payment/invoice/{id}`: a paid withdrawal as a printable payment invoice. */
export default function Invoice() {
  const { id } = useParams();
  const site = useSiteInfo();
  const money = useMoney();
  const phrase = usePhrase();
  const { data, error, isPending } = useQuery({
    queryKey: ['admin', 'reseller-withdrawals', Number(id)],
    queryFn: () => get<{ data: WithdrawalView; balance: ResellerBalance }>(`/api/admin/reseller-withdrawals/${id}`),
  });
  if (error) {
    return (
      <Alert color="red" role="alert" title={phrase('Invoice')}>
        {error.message}
      </Alert>
    );
  }
  if (isPending || !data) return <Skeleton h={400} />;
  const row = data.data;
  return (
    <Stack maw={820} className="reseller-invoice">
      <Group justify="space-between" className="no-print">
        <Anchor component={Link} to="/admin/reseller/payment/invoice">
          ← {phrase('All invoices')}
        </Anchor>
        <Button onClick={() => window.print()} disabled={row.status !== 'paid'}>
          {phrase('Print invoice')}
        </Button>
      </Group>
      {row.status !== 'paid' && (
        <Alert color="yellow" className="no-print">
          {row.status === 'pending'
            ? phrase('This request is not paid yet: there is no payment to invoice.')
            : phrase('This request is rejected: there is no payment to invoice.')}
        </Alert>
      )}
      <Card withBorder padding="xl" className="invoice-sheet">
        <Group justify="space-between" align="flex-start">
          <div>
            <Text fw={800} fz="xl" c="#161745">
              {site?.site_name ?? 'Haat'}
            </Text>
            {site?.address && <Text fz="sm">{site.address}</Text>}
            <Text fz="sm">{[site?.contact_phone, site?.contact_email].filter(Boolean).join(' · ')}</Text>
          </div>
          <div style={{ textAlign: 'right' }}>
            <Title order={1} fz="h2">
              {phrase('Payment invoice')}
            </Title>
            <Text fw={700}>{row.number}</Text>
            <Badge color={row.status === 'paid' ? 'green' : 'yellow'} variant="light">
              {phrase(row.status_label)}
            </Badge>
          </div>
        </Group>
        <Divider my="md" />
        <SimpleGrid cols={2}>
          <div>
            <Text fz="xs" tt="uppercase" fw={700} c="dimmed">
              {phrase('Paid to')}
            </Text>
            <Text fw={700}>{row.reseller_name}</Text>
            {row.shop_name && <Text fz="sm">{row.shop_name}</Text>}
            <Text fz="sm">{row.reseller_phone}</Text>
          </div>
          <div style={{ textAlign: 'right' }}>
            <Text fz="xs" tt="uppercase" fw={700} c="dimmed">
              {phrase('Date')}
            </Text>
            <Text>{row.decided_at ? formatDate(row.decided_at) : '—'}</Text>
          </div>
        </SimpleGrid>
        <Table mt="lg" withTableBorder>
          <Table.Tbody>
            <Line label={phrase('Description')}>{phrase('Reseller withdrawal: profit earned on delivered orders')}</Line>
            <Line label={phrase('Requested')}>{formatDateTime(row.requested_at)}</Line>
            <Line label={phrase('Account')}>
              {row.payout_label}
              {row.payout_account_name ? ` (${row.payout_account_name})` : ''}
            </Line>
            <Line label={phrase('Paid by')}>{channelLabel(row.paid_method)}</Line>
            <Line label={phrase('Transaction id')}>{row.transaction_id ?? '—'}</Line>
            {row.note && <Line label={phrase('Note')}>{row.note}</Line>}
            <Line label={phrase('Approved by')}>{row.decided_by ?? '—'}</Line>
            <Table.Tr>
              <Table.Th scope="row" fz="lg">
                {phrase('Amount paid')}
              </Table.Th>
              <Table.Td fz="lg" fw={800}>
                {money(row.amount)}
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        <Text fz="xs" c="dimmed" mt="xl">
          {phrase("Reseller's balance after this payment: {{available}} available, {{paid}} paid to date.", {
            available: money(data.balance.available),
            paid: money(data.balance.paid_withdrawals),
          })}
        </Text>
        <Group justify="space-between" mt={60}>
          <Text fz="sm" style={{ borderTop: '1px solid #999', paddingTop: 4, minWidth: 200 }}>
            {phrase('Received by')}
          </Text>
          <Text fz="sm" style={{ borderTop: '1px solid #999', paddingTop: 4, minWidth: 200, textAlign: 'right' }}>
            {site?.site_name ? phrase('For {{shop}}', { shop: site.site_name }) : phrase('For the shop')}
          </Text>
        </Group>
      </Card>
    </Stack>
  );
}
