import type { OrderRefundDecision, OrderRefundsView } from '@haat/contracts';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { get } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import { usePhrase } from '../../lib/phrases';
import { balanceReference, MoneyEventForm } from '../loans/MoneyEventForm';
import { useMoney } from '../purchasing/PurchaseForm';
import { useCan } from '../useAdmin';

/**
 * On an order's view (decision 054): what the order owes its customer — the advance of an order that came
 * back or was cancelled, an exchange's unused credit — what was refunded or kept, and the two choices.
 * Shows nothing for an order that never owed anything.
 */
export function OrderRefundPanel({ orderId }: { orderId: number }) {
  const phrase = usePhrase();
  const money = useMoney();
  const can = useCan();
  const [deciding, setDeciding] = useState<OrderRefundDecision | null>(null);
  const { data } = useQuery({
    queryKey: ['order-refunds', orderId],
    queryFn: () => get<{ data: OrderRefundsView }>(`/api/admin/orders/${orderId}/refunds`).then((answer) => answer.data),
  });
  if (!data || data.owed === 0) return null;
  const field = (label: string, value: string, testId: string) => (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text fz="sm" c="dimmed">
        {label}
      </Text>
      <Text fz="sm" ta="right" data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
  return (
    <Card withBorder data-testid="order-refunds">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="lg">
          {phrase('Owed to the customer')}
        </Title>
        {data.outstanding > 0 ? <Badge color="orange.9">{phrase('To refund')}</Badge> : <Badge color="green.9">{phrase('Settled')}</Badge>}
      </Group>
      <Stack gap={4}>
        {field(phrase('Owed'), money(data.owed), 'refund-owed')}
        {field(phrase('Refunded'), money(data.refunded), 'refund-refunded')}
        {field(phrase('Kept by the shop'), money(data.kept), 'refund-kept')}
        {field(phrase('Still owed'), money(data.outstanding), 'refund-outstanding')}
      </Stack>
      {data.decisions.length > 0 && (
        <Stack gap={2} mt="sm">
          {data.decisions.map((row) => (
            <Text fz="xs" key={row.id}>
              {row.decision === 'refund'
                ? phrase('Refunded {{amount}} from {{balance}}', { amount: money(row.amount), balance: phrase(row.balance_name ?? '') })
                : phrase('Kept {{amount}}', { amount: money(row.amount) })}
              {row.reference && ` · ${row.reference}`}
              {row.note && ` · ${row.note}`}
              {` · ${formatDateTime(row.at)}`}
              {row.admin_name && ` · ${row.admin_name}`}
            </Text>
          ))}
        </Stack>
      )}
      {can('order.refund') && data.outstanding > 0 && (
        <Stack mt="sm" gap="sm">
          <Group gap="xs">
            <Button size="xs" variant={deciding === 'refund' ? 'filled' : 'light'} onClick={() => setDeciding('refund')}>
              {phrase('Refund')}
            </Button>
            <Button size="xs" variant={deciding === 'keep' ? 'filled' : 'default'} onClick={() => setDeciding('keep')}>
              {phrase('Keep it')}
            </Button>
          </Group>
          {deciding === 'refund' && (
            <MoneyEventForm
              key={`refund-${data.outstanding}`}
              url={`/api/admin/orders/${orderId}/refunds`}
              label={phrase('Refund the customer')}
              submit={phrase('Record refund')}
              initial={{ decision: 'refund', balance_id: null, amount: data.outstanding, reference: '', note: '' }}
              onDone={() => setDeciding(null)}
              fields={[
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
          {deciding === 'keep' && (
            <MoneyEventForm
              key={`keep-${data.outstanding}`}
              url={`/api/admin/orders/${orderId}/refunds`}
              label={phrase('Keep what is owed')}
              submit={phrase('Record decision')}
              initial={{ decision: 'keep', amount: data.outstanding, note: '' }}
              onDone={() => setDeciding(null)}
              fields={[
                { name: 'amount', label: 'Amount', kind: 'money', required: true },
                { name: 'note', label: 'Why the shop keeps it', kind: 'text', required: true },
              ]}
            />
          )}
        </Stack>
      )}
    </Card>
  );
}
