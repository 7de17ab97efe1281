import type { SmsGatewayAccountView } from '@haat/contracts';
import { Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { get } from '../../lib/api';
import { formatDate } from '../../lib/dates';
import { usePhrase } from '../../lib/phrases';
import { AA_COLORS } from '../../ui/colors';
import { balanceReference, MoneyEventForm, todayInShop } from '../loans/MoneyEventForm';
import { useMoney } from '../purchasing/PurchaseForm';
import { useCan } from '../useAdmin';
import { SmsTestPanel } from './SmsTestPanel';

/**
 * The SMS gateway's money (decision 054): what the shop holds at the gateway as the books have it (top-ups less
 * the cost of what was sent), this month's SMS cost, the latest top-ups, and a form to record a top-up.
 */
export function SmsGatewayPanel() {
  const phrase = usePhrase();
  const money = useMoney();
  const can = useCan();
  const { data } = useQuery({
    queryKey: ['sms-gateway-account'],
    queryFn: () => get<{ data: SmsGatewayAccountView }>('/api/admin/sms/gateway-account').then((answer) => answer.data),
  });
  if (!data) return null;
  return (
    <Card withBorder padding="lg" data-testid="sms-gateway-account">
      <Stack gap="sm">
        <Title order={2} fz="h4">
          {phrase('SMS gateway balance')}
        </Title>
        <Text fz="sm" c={AA_COLORS.muted}>
          {data.cost_per_sms > 0
            ? phrase('Every SMS part the gateway sends is booked as SMS cost at {{cost}}.', { cost: money(data.cost_per_sms) })
            : phrase('Set the gateway cost per SMS above to book what sending costs.')}
        </Text>
        <Group gap="xl">
          <div>
            <Text fz="xs" c={AA_COLORS.muted}>
              {phrase('Held at the gateway')}
            </Text>
            <Text fw={700} data-testid="sms-prepaid">
              {money(data.prepaid_balance)}
            </Text>
          </div>
          <div>
            <Text fz="xs" c={AA_COLORS.muted}>
              {phrase('SMS cost this month')}
            </Text>
            <Text fw={700} data-testid="sms-cost-month">
              {money(data.cost_this_month)}
            </Text>
          </div>
        </Group>
        {data.top_ups.length > 0 && (
          <Table striped aria-label={phrase('Top-ups')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{phrase('Date')}</Table.Th>
                <Table.Th>{phrase('Paid from balance')}</Table.Th>
                <Table.Th>{phrase('Reference')}</Table.Th>
                <Table.Th ta="right">{phrase('Amount')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.top_ups.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td>{formatDate(row.date)}</Table.Td>
                  <Table.Td>{phrase(row.balance_name)}</Table.Td>
                  <Table.Td>{row.reference}</Table.Td>
                  <Table.Td ta="right">{money(row.amount)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {can('sms.gateway.pay') && (
          <MoneyEventForm
            url="/api/admin/sms/top-ups"
            label={phrase('Top up the SMS gateway')}
            submit={phrase('Record top-up')}
            initial={{ date: todayInShop(), balance_id: null, amount: 0, reference: '' }}
            fields={[
              { name: 'date', label: 'Date', kind: 'date', required: true },
              {
                name: 'balance_id',
                label: 'Paid from balance',
                kind: 'reference',
                reference: balanceReference(phrase, money),
                required: true,
              },
              { name: 'amount', label: 'Amount', kind: 'money', required: true },
              { name: 'reference', label: 'Reference', kind: 'text' },
            ]}
          />
        )}
      </Stack>
    </Card>
  );
}

/** The SMS API screen's panels under its form: the test message, and the gateway's money for those who manage it. */
export function SmsPanels() {
  return (
    <>
      <SmsTestPanel />
      <SmsGatewayPanel />
    </>
  );
}
