import { type ReassignOrdersAnswer, reassignOrdersInput } from '@haat/contracts';
import { Alert, Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/api';
import { toast } from '../../../ui/toast/toast';
import { useZodForm } from '../../../ui/useZodForm';
import { orderKeys, useOrderWords } from '../order-ui';
import { useAssignees } from './use-assignees';

interface ReassignDialogProps {
  opened: boolean;
  onClose: () => void;
  ids: number[];
  /** The assignee now (one order's view): chosen first. */
  current?: number | null;
  onDone?: (answer: ReassignOrdersAnswer) => void;
}

type Values = { ids: number[]; admin_id: number | null | undefined; note: string };

/** Gives the chosen orders to a staff member, or to nobody (decision 057). */
export function ReassignDialog({ opened, onClose, ...props }: ReassignDialogProps) {
  const { phrase } = useOrderWords();
  return (
    <Modal opened={opened} onClose={onClose} title={phrase('Reassign orders')} centered>
      <ReassignForm onClose={onClose} {...props} />
    </Modal>
  );
}

function ReassignForm({ onClose, ids, current, onDone }: Omit<ReassignDialogProps, 'opened'>) {
  const { phrase, number } = useOrderWords();
  const queryClient = useQueryClient();
  const assignees = useAssignees();
  const form = useZodForm<typeof reassignOrdersInput, Values>(reassignOrdersInput, { ids, admin_id: current ?? undefined, note: '' });
  const submit = form.onSubmit(async (_parsed, values) => {
    const answer = await post<ReassignOrdersAnswer>('/api/admin/orders/assign', values);
    await queryClient.invalidateQueries({ queryKey: orderKeys.all });
    await queryClient.invalidateQueries({ queryKey: ['order-assignment'] });
    toast.success(
      values.admin_id === null
        ? phrase('Orders left with nobody: {{n}}', { n: number(answer.changed.length) })
        : phrase('Orders reassigned: {{n}}', { n: number(answer.changed.length) }),
    );
    onDone?.(answer);
    onClose();
  });
  const chosen = form.values.admin_id;
  return (
    <form onSubmit={submit} noValidate aria-label={phrase('Reassign orders')}>
      <Stack>
        <Text fz="sm">{phrase('Selected: {{n}}', { n: number(ids.length) })}</Text>
        {form.formError && (
          <Alert color="red" role="alert">
            {form.formError}
          </Alert>
        )}
        <Select
          label={phrase('Give to')}
          placeholder={phrase('Choose a staff member')}
          data={[
            ...(assignees.data?.data ?? []).map((admin) => ({
              value: String(admin.id),
              label: admin.takes_orders ? admin.name : phrase('{{name}} (not taking new orders)', { name: admin.name }),
            })),
            { value: 'none', label: phrase('Nobody (unassigned)') },
          ]}
          value={chosen === undefined ? null : chosen === null ? 'none' : String(chosen)}
          onChange={(value) => form.setValue('admin_id', value === null ? undefined : value === 'none' ? null : Number(value))}
          error={form.errors.admin_id}
          name="admin_id"
          required
          searchable
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <Textarea label={phrase('Note')} maxLength={300} autosize minRows={2} {...form.field('note')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {phrase('Cancel')}
          </Button>
          <Button type="submit" loading={form.submitting}>
            {phrase('Reassign')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
