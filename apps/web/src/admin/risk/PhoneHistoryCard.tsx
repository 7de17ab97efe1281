import type { CourierPhoneRecord, PhoneHistory } from '@haat/contracts';
import { Alert, Anchor, Card, Group, Loader, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { get } from '../../lib/api';
import { formatDate } from '../../lib/dates';
import { useOrderWords } from '../orders/order-ui';
import { RiskBadge, riskKeys, riskReason } from './PhoneRiskBadge';

/**
 * The order screen's phone history (decision 055): the phone's orders across every channel by
 * outcome, its badge by the shop's rules, its latest orders, and — asked separately, shown when it
 * arrives — what the connected couriers say of it. The history never waits on a courier.
 */
export function PhoneHistoryCard({ phone, orderId }: { phone: string; orderId?: number }) {
  const { phrase, status, money, number } = useOrderWords();
  const history = useQuery({
    queryKey: riskKeys.history(phone),
    queryFn: () => get<{ data: PhoneHistory }>(`/api/admin/risk/phone/${encodeURIComponent(phone)}`).then((answer) => answer.data),
  });
  const courier = useQuery({
    queryKey: riskKeys.courier(phone),
    staleTime: 10 * 60_000,
    retry: false,
    queryFn: () =>
      get<{ data: CourierPhoneRecord }>(`/api/admin/risk/phone/${encodeURIComponent(phone)}/courier`).then((answer) => answer.data),
  });

  const figure = (label: string, value: string, testId: string) => (
    <Stack gap={0}>
      <Text fz="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );

  return (
    <Card withBorder data-testid="phone-history">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="lg">
          {phrase('Phone history')}
        </Title>
        {history.data && <RiskBadge risk={history.data} />}
      </Group>
      {history.isPending && <Skeleton h={80} />}
      {history.error && (
        <Alert color="red" role="alert">
          {history.error.message}
        </Alert>
      )}
      {history.data && (
        <Stack gap="sm">
          <SimpleGrid cols={3} spacing="xs">
            {figure(phrase('Orders'), number(history.data.orders), 'history-orders')}
            {figure(phrase('Delivered'), number(history.data.delivered), 'history-delivered')}
            {figure(phrase('Returned'), number(history.data.returned), 'history-returned')}
            {figure(phrase('Cancelled'), number(history.data.cancelled), 'history-cancelled')}
            {figure(phrase('In progress'), number(history.data.open), 'history-open')}
            {figure(
              phrase('Success ratio'),
              history.data.success_ratio === null ? '—' : `${number(history.data.success_ratio)}%`,
              'history-ratio',
            )}
          </SimpleGrid>
          <Text fz="sm" c={history.data.badge === 'risky' || history.data.badge === 'blocked' ? 'red.8' : 'dimmed'}>
            {riskReason(history.data, phrase)}
          </Text>
          {history.data.recent.filter((row) => row.id !== orderId).length > 0 && (
            <Table verticalSpacing={4} aria-label={phrase('Earlier orders of this phone')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{phrase('Order')}</Table.Th>
                  <Table.Th>{phrase('Status')}</Table.Th>
                  <Table.Th ta="right">{phrase('Total')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {history.data.recent
                  .filter((row) => row.id !== orderId)
                  .map((row) => (
                    <Table.Tr key={row.id}>
                      <Table.Td fz="sm">
                        <Anchor component={Link} to={`/admin/view/order/${row.id}`} fz="sm">
                          {row.number}
                        </Anchor>
                        <Text fz="xs" c="dimmed">
                          {formatDate(row.placed_at)}
                        </Text>
                      </Table.Td>
                      <Table.Td fz="sm">{status(row.status)}</Table.Td>
                      <Table.Td fz="sm" ta="right">
                        {money(row.total)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      )}
      <Stack gap={4} mt="sm" aria-live="polite">
        <Text fz="sm" fw={600}>
          {phrase('At the couriers')}
        </Text>
        {courier.isPending && (
          <Group gap="xs">
            <Loader size="xs" />
            <Text fz="sm" c="dimmed">
              {phrase('Asking the couriers…')}
            </Text>
          </Group>
        )}
        {courier.error && (
          <Text fz="sm" c="dimmed">
            {courier.error.message}
          </Text>
        )}
        {courier.data && courier.data.couriers.length === 0 && courier.data.problems.length === 0 && (
          <Text fz="sm" c="dimmed">
            {phrase('No connected courier tells a phone’s record.')}
          </Text>
        )}
        {courier.data?.couriers.map((each) => (
          <Text fz="sm" key={each.provider} data-testid={`courier-record-${each.provider}`}>
            {phrase(each.courier)}:{' '}
            {each.total === 0
              ? phrase('no parcels yet')
              : phrase('{{delivered}} delivered of {{total}} ({{ratio}}%)', {
                  delivered: number(each.delivered),
                  total: number(each.total),
                  ratio: each.success_ratio,
                })}
          </Text>
        ))}
        {courier.data?.problems.map((problem) => (
          <Text fz="sm" c="orange.8" key={problem}>
            {phrase(problem)}
          </Text>
        ))}
      </Stack>
    </Card>
  );
}
