import {
  COURIER_OUTCOME_LABELS,
  COURIER_OUTCOMES,
  COURIER_PROVIDERS,
  type CourierOutcome,
  type CourierProviderCode,
  type CourierStatusRow,
  type CourierWebhookDelivery,
  type Paginator,
  WEBHOOK_OUTCOME_LABELS,
  WEBHOOK_OUTCOMES,
  type WebhookOutcome,
} from '@haat/contracts';
import { Alert, Anchor, Badge, Button, Card, Group, Select, Skeleton, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { get, put } from '../../../lib/api';
import { formatDateTime } from '../../../lib/dates';
import { usePhrase } from '../../../lib/phrases';
import { Pagination } from '../../../ui/resource/Pagination';
import { TableScroll } from '../../../ui/TableScroll';
import { toast } from '../../../ui/toast/toast';
import { useMoney } from '../../purchasing/PurchaseForm';
import { useCan } from '../../useAdmin';

const OUTCOME_COLORS: Record<WebhookOutcome, string> = {
  applied: 'green.8',
  review: 'yellow.8',
  recorded: 'blue.8',
  duplicate: 'gray.7',
  no_order: 'gray.7',
  refused: 'red.8',
  invalid: 'red.8',
};
const providerName = (code: string) => COURIER_PROVIDERS.find((provider) => provider.code === code)?.name ?? code;

/**
 * `/admin/courier/webhooks` (decision 058): every status push the couriers sent (refused and
 * repeated ones too) and the mapping of each courier status to ours, which the shop may override.
 */
export default function CourierWebhookHistory() {
  const phrase = usePhrase();
  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Title order={1} fz="h3">
          {phrase('Courier webhooks')}
        </Title>
        <Button component={Link} to="/admin/courier/review" variant="light">
          {phrase('Courier statuses to review')}
        </Button>
      </Group>
      <Tabs defaultValue="deliveries" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="deliveries">{phrase('Deliveries received')}</Tabs.Tab>
          <Tabs.Tab value="mapping">{phrase('Status mapping')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="deliveries" pt="md">
          <Deliveries />
        </Tabs.Panel>
        <Tabs.Panel value="mapping" pt="md">
          <StatusMapping />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function Deliveries() {
  const phrase = usePhrase();
  const money = useMoney();
  const [provider, setProvider] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const query = new URLSearchParams({ page: String(page) });
  if (provider) query.set('provider', provider);
  if (outcome) query.set('outcome', outcome);
  const list = useQuery({
    queryKey: ['admin', 'courier', 'webhooks', provider, outcome, page],
    queryFn: () => get<Paginator<CourierWebhookDelivery>>(`/api/admin/courier/webhooks?${query.toString()}`),
    placeholderData: keepPreviousData,
  });
  return (
    <Stack>
      <Group align="flex-end">
        <Select
          label={phrase('Courier')}
          placeholder={phrase('All')}
          clearable
          data={COURIER_PROVIDERS.map((each) => ({ value: each.code, label: each.name }))}
          value={provider}
          onChange={(value) => {
            setProvider(value);
            setPage(1);
          }}
          w={200}
        />
        <Select
          label={phrase('Outcome')}
          placeholder={phrase('All')}
          clearable
          data={WEBHOOK_OUTCOMES.map((value) => ({ value, label: phrase(WEBHOOK_OUTCOME_LABELS[value]) }))}
          value={outcome}
          onChange={(value) => {
            setOutcome(value);
            setPage(1);
          }}
          w={260}
        />
      </Group>
      {list.error && (
        <Alert color="red" role="alert">
          {phrase(list.error.message)}
        </Alert>
      )}
      {list.isPending ? (
        <Skeleton h={240} />
      ) : list.data?.data.length === 0 ? (
        <Card withBorder>
          <Text c="dimmed">{phrase('No webhook deliveries yet. Give each courier its webhook URL and secret at Courier API.')}</Text>
        </Card>
      ) : (
        <Card withBorder padding={0}>
          <TableScroll minWidth={960}>
            <Table verticalSpacing="xs" striped aria-label={phrase('Deliveries received')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{phrase('Received')}</Table.Th>
                  <Table.Th>{phrase('Courier')}</Table.Th>
                  <Table.Th>{phrase('Event')}</Table.Th>
                  <Table.Th>{phrase('Consignment')}</Table.Th>
                  <Table.Th>{phrase('Order')}</Table.Th>
                  <Table.Th ta="right">{phrase('Amount')}</Table.Th>
                  <Table.Th>{phrase('Outcome')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data?.data.map((row) => (
                  <Table.Tr key={row.id}>
                    <Table.Td>{formatDateTime(row.received_at)}</Table.Td>
                    <Table.Td>{providerName(row.provider)}</Table.Td>
                    <Table.Td>
                      <Text fz="sm">{row.courier_status ? row.courier_status.replace(/_/g, ' ') : row.event || '—'}</Text>
                    </Table.Td>
                    <Table.Td ff="monospace">{row.consignment_id ?? '—'}</Table.Td>
                    <Table.Td>
                      {row.order_id ? (
                        <Anchor component={Link} to={`/admin/view/order/${row.order_id}`}>
                          {row.order_number}
                        </Anchor>
                      ) : (
                        '—'
                      )}
                    </Table.Td>
                    <Table.Td ta="right">{row.cod_amount === null ? '—' : money(row.cod_amount)}</Table.Td>
                    <Table.Td>
                      <Text fz="sm" fw={600} c={OUTCOME_COLORS[row.outcome]}>
                        {phrase(WEBHOOK_OUTCOME_LABELS[row.outcome])}
                      </Text>
                      {row.message && (
                        <Text fz="xs" c="dimmed">
                          {row.message}
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        </Card>
      )}
      {list.data && <Pagination total={list.data.total} perPage={list.data.per_page} page={page} onChange={setPage} />}
    </Stack>
  );
}

function StatusMapping() {
  const phrase = usePhrase();
  const can = useCan();
  const queryClient = useQueryClient();
  const map = useQuery({
    queryKey: ['admin', 'courier', 'status-map'],
    queryFn: () => get<{ data: CourierStatusRow[] }>('/api/admin/courier/status-map'),
  });
  const save = useMutation({
    mutationFn: ({ provider, overrides }: { provider: CourierProviderCode; overrides: Record<string, CourierOutcome> }) =>
      put<{ message: string; data: CourierStatusRow[] }>(`/api/admin/courier/status-map/${provider}`, { overrides }),
    onSuccess: (answer) => {
      toast.success(phrase(answer.message));
      queryClient.setQueryData(['admin', 'courier', 'status-map'], { data: answer.data });
    },
    onError: (error) => toast.error(phrase(error.message)),
  });
  const editable = can('courier.status.map.manage');
  if (map.error)
    return (
      <Alert color="red" role="alert">
        {phrase(map.error.message)}
      </Alert>
    );
  if (!map.data) return <Skeleton h={300} />;
  const rows = map.data.data;
  const change = (row: CourierStatusRow, outcome: CourierOutcome) => {
    const overrides: Record<string, CourierOutcome> = {};
    for (const each of rows) if (each.provider === row.provider && each.overridden) overrides[each.status] = each.outcome;
    overrides[row.status] = outcome;
    save.mutate({ provider: row.provider, overrides });
  };
  return (
    <Stack>
      <Text c="dimmed" fz="sm">
        {phrase(
          'What each courier status does to a shipped order. Delivered and returned move the order (money is posted then); a status that needs a person goes to the review queue; any status not listed does too.',
        )}
      </Text>
      {COURIER_PROVIDERS.map((provider) => (
        <Card withBorder key={provider.code} padding={0}>
          <Title order={2} fz="h4" p="sm">
            {provider.name}
          </Title>
          <TableScroll minWidth={640}>
            <Table verticalSpacing={4} aria-label={provider.name}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{phrase('Courier status')}</Table.Th>
                  <Table.Th>{phrase('Meaning')}</Table.Th>
                  <Table.Th>{phrase('Our status')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows
                  .filter((row) => row.provider === provider.code)
                  .map((row) => (
                    <Table.Tr key={row.status}>
                      <Table.Td ff="monospace" fz="sm">
                        {row.status}
                      </Table.Td>
                      <Table.Td fz="sm">{phrase(row.label)}</Table.Td>
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap">
                          <Select
                            size="xs"
                            aria-label={phrase('Our status for {{status}}', { status: row.status })}
                            data={COURIER_OUTCOMES.map((value) => ({ value, label: phrase(COURIER_OUTCOME_LABELS[value]) }))}
                            value={row.outcome}
                            disabled={!editable || save.isPending}
                            allowDeselect={false}
                            onChange={(value) => value && value !== row.outcome && change(row, value as CourierOutcome)}
                            w={180}
                          />
                          {row.overridden && (
                            <Badge size="sm" variant="light" color="violet">
                              {phrase('Shop’s choice')}
                            </Badge>
                          )}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        </Card>
      ))}
    </Stack>
  );
}
