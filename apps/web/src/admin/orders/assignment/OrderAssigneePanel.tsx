import type { AssignmentReason, OrderAssignmentAnswer } from '@haat/contracts';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { get } from '../../../lib/api';
import { formatDateTime } from '../../../lib/dates';
import { AA_COLORS } from '../../../ui/colors';
import { useCan } from '../../useAdmin';
import { useOrderWords } from '../order-ui';
import { ReassignDialog } from './ReassignDialog';
import { assignmentKeys } from './use-assignees';

/** On an order's view (decision 057): who the order is with, how it got there, and reassigning it. */
export function OrderAssigneePanel({ orderId }: { orderId: number }) {
  const { phrase } = useOrderWords();
  const can = useCan();
  const [open, setOpen] = useState(false);
  const { data, refetch } = useQuery({
    queryKey: assignmentKeys.order(orderId),
    queryFn: () => get<OrderAssignmentAnswer>(`/api/admin/orders/${orderId}/assignment`).then((answer) => answer.data),
  });
  if (!data) return null;
  const reasons: Record<AssignmentReason, string> = {
    round_robin: phrase('in turn'),
    sticky_phone: phrase('returning phone'),
    creator: phrase('entered by them'),
    manual: phrase('reassigned'),
  };
  return (
    <Card withBorder data-testid="order-assignee">
      <Group justify="space-between" mb="xs">
        <Title order={2} fz="lg">
          {phrase('Assigned to')}
        </Title>
        {can('order.assign') && (
          <Button size="compact-sm" variant="light" onClick={() => setOpen(true)}>
            {phrase('Reassign')}
          </Button>
        )}
      </Group>
      <Text fw={600} data-testid="order-assignee-name">
        {data.assigned_admin_name ?? phrase('Unassigned')}
      </Text>
      {data.history.length > 0 && (
        <Stack gap={4} mt="xs">
          {data.history.map((change) => (
            <Text key={`${change.at}-${change.to_admin_id}-${change.reason}`} fz="xs" c={AA_COLORS.muted}>
              {formatDateTime(change.at)} · {change.to_admin_name ?? phrase('Unassigned')} ({reasons[change.reason]})
              {change.by_admin_name ? ` · ${phrase('changed by {{name}}', { name: change.by_admin_name })}` : ''}
              {change.note ? ` · ${change.note}` : ''}
            </Text>
          ))}
        </Stack>
      )}
      <ReassignDialog
        opened={open}
        onClose={() => setOpen(false)}
        ids={[orderId]}
        current={data.assigned_admin_id}
        onDone={() => void refetch()}
      />
    </Card>
  );
}
