import {
  ASSIGNMENT_MODES,
  type AssignmentMode,
  ORDER_TYPES,
  type OrderAssignmentSettings,
  type OrderAssignmentSettingsAnswer,
  type OrderAssignmentSettingsInput,
  orderAssignmentSettingsInput,
} from '@haat/contracts';
import { Alert, Anchor, Button, Card, Checkbox, Group, MultiSelect, Radio, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { get, put } from '../../../lib/api';
import { AA_COLORS } from '../../../ui/colors';
import { toast } from '../../../ui/toast/toast';
import { useZodForm } from '../../../ui/useZodForm';
import { useCan } from '../../useAdmin';
import { useOrderWords } from '../order-ui';
import { assignmentKeys } from './use-assignees';

/**
 * `/admin/order/assignment`: whether new orders are handed to staff, in turn or sticky by phone, to whom,
 * which channels' orders, and whether a staff member keeps the orders they enter (decision 057).
 */
export default function AssignmentSettings() {
  const { phrase } = useOrderWords();
  const settings = useQuery({
    queryKey: assignmentKeys.settings,
    queryFn: () => get<OrderAssignmentSettingsAnswer>('/api/admin/order-assignment/settings'),
  });
  return (
    <Stack maw={880}>
      <div>
        <Title order={1}>{phrase('Order assignment')}</Title>
        <Text c={AA_COLORS.muted}>{phrase('New orders go to the staff who take orders, so each person works their own queue.')}</Text>
      </div>
      {settings.error && (
        <Alert color="red" role="alert">
          {settings.error.message}
        </Alert>
      )}
      {settings.isPending && <Skeleton h={320} />}
      {settings.data && <SettingsForm answer={settings.data} />}
    </Stack>
  );
}

function SettingsForm({ answer }: { answer: OrderAssignmentSettingsAnswer }) {
  const { phrase, type: typeLabel } = useOrderWords();
  const can = useCan();
  const queryClient = useQueryClient();
  const saved = answer.data;
  const form = useZodForm<typeof orderAssignmentSettingsInput, OrderAssignmentSettingsInput>(orderAssignmentSettingsInput, {
    enabled: saved.enabled,
    mode: saved.mode,
    admin_ids: saved.admin_ids,
    order_types: saved.order_types,
    staff_orders_to_creator: saved.staff_orders_to_creator,
  });
  const values = form.values;
  const modeLabels: Record<AssignmentMode, { label: string; description: string }> = {
    round_robin: {
      label: phrase('Round-robin'),
      description: phrase('Each new order goes to the next staff member in turn.'),
    },
    sticky_phone: {
      label: phrase('Sticky by phone'),
      description: phrase('A returning customer goes to the person who had their last order; a new phone goes in turn.'),
    },
  };
  const names = new Map(answer.candidates.map((admin) => [admin.id, admin.name]));
  const submit = form.onSubmit(async (_parsed, input) => {
    await put<{ data: OrderAssignmentSettings }>('/api/admin/order-assignment/settings', input);
    await queryClient.invalidateQueries({ queryKey: ['order-assignment'] });
    toast.success(phrase('The order assignment settings were saved.'));
  });

  return (
    <form onSubmit={submit} noValidate aria-label={phrase('Order assignment')}>
      <Stack>
        {form.formError && (
          <Alert color="red" role="alert">
            {form.formError}
          </Alert>
        )}
        <Card withBorder>
          <Stack>
            <Switch
              label={phrase('Assign new orders to staff')}
              checked={values.enabled}
              onChange={(event) => form.setValue('enabled', event.currentTarget.checked)}
            />
            <Radio.Group
              label={phrase('How orders are shared')}
              value={values.mode}
              onChange={(value) => form.setValue('mode', value as AssignmentMode)}
              error={form.errors.mode}
            >
              <Stack gap="xs" mt="xs">
                {ASSIGNMENT_MODES.map((mode) => (
                  <Radio key={mode} value={mode} label={modeLabels[mode].label} description={modeLabels[mode].description} />
                ))}
              </Stack>
            </Radio.Group>
            <MultiSelect
              label={phrase('Staff who take orders')}
              description={phrase('Turns follow the order chosen here. Only active staff who may confirm orders can be chosen.')}
              data={answer.candidates.map((admin) => ({ value: String(admin.id), label: `${admin.name} · ${admin.email}` }))}
              value={values.admin_ids.map(String)}
              onChange={(ids) => form.setValue('admin_ids', ids.map(Number))}
              error={form.errors.admin_ids}
              name="admin_ids"
              searchable
              clearable
              nothingFoundMessage={phrase('No staff member may confirm orders yet.')}
            />
            {values.admin_ids.length > 0 && (
              <Text fz="sm" c={AA_COLORS.muted}>
                {phrase('Turns: {{names}}', { names: values.admin_ids.map((id) => names.get(Number(id)) ?? `#${id}`).join(' → ') })}
              </Text>
            )}
            <Checkbox.Group
              label={phrase('Orders assigned when placed')}
              value={values.order_types}
              onChange={(types) => form.setValue('order_types', types)}
              error={form.errors.order_types}
            >
              <Group mt="xs" gap="md">
                {ORDER_TYPES.map((type) => (
                  <Checkbox key={type} value={type} label={typeLabel(type)} />
                ))}
              </Group>
            </Checkbox.Group>
            <Switch
              label={phrase('A staff member who takes orders keeps the orders they enter')}
              checked={values.staff_orders_to_creator}
              onChange={(event) => form.setValue('staff_orders_to_creator', event.currentTarget.checked)}
            />
          </Stack>
        </Card>
        <Group justify="space-between">
          <Anchor component={Link} to="/admin/report/order/staff" fz="sm">
            {phrase('Orders per staff member')}
          </Anchor>
          {can('order.assignment.manage') && (
            <Button type="submit" loading={form.submitting}>
              {phrase('Save')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
