import { ORDER_MOVES, type OrderMoveResult, type OrderStatusCode, orderBulkMoveInput } from '@haat/contracts';
import { Alert, Button, Group, List, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { post } from '../../lib/api';
import { MoneyInput } from '../../ui/resource/fields';
import { toast } from '../../ui/toast/toast';
import { useZodForm } from '../../ui/useZodForm';
import { orderKeys, useOrderWords } from './order-ui';

interface MoveOrdersDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The orders to move; all in `from`. */
  ids: number[];
  from: OrderStatusCode;
  /** A target chosen beforehand (the view page's buttons). */
  initialTo?: OrderStatusCode | null;
  /** After the call: what moved and what was refused. */
  onDone?: (result: OrderMoveResult) => void;
}

type MoveValues = {
  ids: number[];
  /** The status to move to, as the select gives it; none chosen yet: undefined ("Choose a status"). */
  to: string | undefined;
  note: string;
  /** Paisa; only for a move to 6 (returned). */
  return_charge: number | null;
};

/**
 * Moves orders to one of the statuses their status allows (PRODUCT.md §3), with a note for the
 * timeline and, for a return, the return charge. Orders the server refuses are listed with why.
 */
export function MoveOrdersDialog({ opened, onClose, ...props }: MoveOrdersDialogProps) {
  const { t } = useOrderWords();
  // The form is mounted on opening (the modal's content is not kept while closed): it starts afresh each time.
  return (
    <Modal opened={opened} onClose={onClose} title={t('orders.moveTitle')} centered>
      <MoveForm onClose={onClose} {...props} />
    </Modal>
  );
}

function MoveForm({ onClose, ids, from, initialTo = null, onDone }: Omit<MoveOrdersDialogProps, 'opened'>) {
  const { t, phrase, status, number } = useOrderWords();
  const queryClient = useQueryClient();
  const targets = ORDER_MOVES[from];
  const [refused, setRefused] = useState<OrderMoveResult['refused']>([]);
  const form = useZodForm<typeof orderBulkMoveInput, MoveValues>(orderBulkMoveInput, {
    ids,
    to: initialTo ? String(initialTo) : targets.length === 1 ? String(targets[0]) : undefined,
    note: '',
    return_charge: null,
  });

  const to = form.values.to;
  const submit = form.onSubmit(async (_parsed, values) => {
    const result = await post<OrderMoveResult>('/api/admin/orders/status', {
      ids: values.ids,
      to: Number(values.to),
      note: values.note,
      return_charge: values.to === '6' ? (values.return_charge ?? undefined) : undefined,
    });
    await queryClient.invalidateQueries({ queryKey: orderKeys.all });
    if (result.moved.length)
      toast.success(phrase('Orders moved to {{status}}: {{n}}', { n: number(result.moved.length), status: status(Number(values.to)) }));
    onDone?.(result);
    if (result.refused.length) setRefused(result.refused);
    else onClose();
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text fz="sm">
          {phrase('Selected: {{n}}', { n: number(ids.length) })} · {status(from)}
        </Text>
        {form.formError && (
          <Alert color="red" role="alert">
            {form.formError}
          </Alert>
        )}
        {targets.length === 0 ? (
          <Alert color="gray">{t('orders.noMoves')}</Alert>
        ) : (
          <Select
            label={t('orders.moveTo')}
            placeholder={t('orders.chooseStatus')}
            data={targets.map((code) => ({ value: String(code), label: status(code) }))}
            value={to ?? null}
            onChange={(value) => form.setValue('to', value ?? undefined)}
            error={form.errors.to}
            required
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
        )}
        {to === '6' && (
          <MoneyInput
            label={t('orders.returnCharge')}
            description={t('orders.returnChargeHint')}
            value={form.values.return_charge}
            onChange={(paisa) => form.setValue('return_charge', paisa)}
            error={form.errors.return_charge}
          />
        )}
        <Textarea
          label={t('orders.note')}
          placeholder={t('orders.notePlaceholder')}
          maxLength={500}
          autosize
          minRows={2}
          {...form.field('note')}
        />
        {refused.length > 0 && (
          <Alert color="red" title={t('orders.refusedTitle')} role="alert">
            <List size="sm" spacing={4}>
              {refused.map((row) => (
                <List.Item key={row.id}>{row.message}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          {targets.length > 0 && refused.length === 0 && (
            <Button type="submit" loading={form.submitting}>
              {t('orders.move')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
