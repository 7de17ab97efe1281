import type { ConversionDelivery, ConversionDeliveryLog, ConversionStatus } from '@haat/contracts';
import { Badge, Button, Card, Code, CopyButton, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, get, post } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import { usePhrase } from '../../lib/phrases';
import { AA_COLORS } from '../../ui/colors';
import { toast } from '../../ui/toast/toast';
import { useCan } from '../useAdmin';

const FEEDS = [
  { path: '/feed/facebook.xml', label: 'Meta (Facebook and Instagram shops)' },
  { path: '/feed/google.xml', label: 'Google Merchant Center' },
] as const;

const STATUS_COLOR: Record<ConversionStatus, string> = { waiting: 'gray', pending: 'yellow', sent: 'green', failed: 'red' };
const STATUS_LABEL: Record<ConversionStatus, string> = {
  waiting: 'Waiting for the move',
  pending: 'Due to send',
  sent: 'Sent',
  failed: 'Failed',
};

/** The product feeds' addresses, to paste into Meta Commerce Manager and Google Merchant Center. */
function FeedLinks() {
  const phrase = usePhrase();
  return (
    <Card withBorder padding="lg" data-testid="feed-links">
      <Stack gap="sm">
        <Title order={2} fz="h4">
          {phrase('Product feed addresses')}
        </Title>
        <Text fz="sm" c={AA_COLORS.muted}>
          {phrase(
            'Every published variant in stock, at today’s price, refreshed as the catalogue changes. Add the address as a scheduled feed.',
          )}
        </Text>
        {FEEDS.map((feed) => {
          const url = `${window.location.origin}${feed.path}`;
          return (
            <Group key={feed.path} gap="xs" wrap="nowrap" justify="space-between">
              <div style={{ minWidth: 0 }}>
                <Text fz="sm" fw={600}>
                  {phrase(feed.label)}
                </Text>
                <Code style={{ wordBreak: 'break-all' }}>{url}</Code>
              </div>
              <CopyButton value={url}>
                {({ copied, copy }) => (
                  <Button size="compact-sm" variant="light" onClick={copy} aria-label={`${phrase('Copy')}: ${phrase(feed.label)}`}>
                    {copied ? phrase('Copied') : phrase('Copy')}
                  </Button>
                )}
              </CopyButton>
            </Group>
          );
        })}
      </Stack>
    </Card>
  );
}

/** The Conversions API's last sends: what reached Meta, what waits, what failed and why, with "send again". */
function ConversionLog() {
  const phrase = usePhrase();
  const can = useCan();
  const client = useQueryClient();
  const { data } = useQuery({
    queryKey: ['marketing-conversions'],
    queryFn: () => get<ConversionDeliveryLog>('/api/admin/marketing/conversions'),
    refetchInterval: 30_000,
  });
  const retry = useMutation({
    mutationFn: (row: ConversionDelivery) => post<{ message: string }>(`/api/admin/marketing/conversions/${row.id}/retry`),
    onSuccess: (answer) => {
      toast.success(answer.message);
      void client.invalidateQueries({ queryKey: ['marketing-conversions'] });
    },
    onError: (error) => toast.error(phrase('Not sent again'), error instanceof ApiError ? error.message : String(error)),
  });
  if (!data) return null;
  return (
    <Card withBorder padding="lg" data-testid="conversion-log">
      <Stack gap="sm">
        <Title order={2} fz="h4">
          {phrase('Conversions API deliveries')}
        </Title>
        <Text fz="sm" c={AA_COLORS.muted}>
          {phrase(
            'Purchases the server reports to Meta, with the event id the pixel uses so Meta counts each once. Failed sends are tried again for a day and a half.',
          )}
        </Text>
        <Group gap="lg">
          {(Object.keys(STATUS_LABEL) as ConversionStatus[]).map((status) => (
            <div key={status}>
              <Text fz="xs" c={AA_COLORS.muted}>
                {phrase(STATUS_LABEL[status])}
              </Text>
              <Text fw={700} data-testid={`conversions-${status}`}>
                {data.counts[status]}
              </Text>
            </div>
          ))}
        </Group>
        {data.data.length === 0 ? (
          <Text fz="sm">{phrase('No purchase has been reported yet. Set the pixel id and the access token to start.')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table striped aria-label={phrase('Conversions API deliveries')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{phrase('Order')}</Table.Th>
                  <Table.Th>{phrase('Event id')}</Table.Th>
                  <Table.Th>{phrase('Status')}</Table.Th>
                  <Table.Th>{phrase('When')}</Table.Th>
                  <Table.Th>{phrase('Details')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.data.map((row) => (
                  <Table.Tr key={row.id}>
                    <Table.Td>{row.order_number}</Table.Td>
                    <Table.Td>
                      <Code>{row.event_id}</Code>
                    </Table.Td>
                    <Table.Td>
                      <Badge color={STATUS_COLOR[row.status]} variant="light">
                        {phrase(STATUS_LABEL[row.status])}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{formatDateTime(row.sent_at ?? row.next_attempt_at ?? row.created_at)}</Table.Td>
                    <Table.Td>
                      <Stack gap={4}>
                        {row.last_error && (
                          <Text fz="xs" c="red.9">
                            {row.last_error}
                          </Text>
                        )}
                        {row.test_event_code && (
                          <Text fz="xs" c={AA_COLORS.muted}>
                            {phrase('Test event code')}: {row.test_event_code}
                          </Text>
                        )}
                        {row.attempts > 1 && (
                          <Text fz="xs" c={AA_COLORS.muted}>
                            {phrase('Tries: {{count}}', { count: row.attempts })}
                          </Text>
                        )}
                        {row.status === 'failed' && can('setting.update') && (
                          <Button size="compact-xs" variant="light" loading={retry.isPending} onClick={() => retry.mutate(row)}>
                            {phrase('Send again')}
                          </Button>
                        )}
                      </Stack>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}

/** Under the marketing settings: the feeds' addresses and the Conversions API's delivery log. */
export function MarketingPanels() {
  return (
    <>
      <FeedLinks />
      <ConversionLog />
    </>
  );
}
