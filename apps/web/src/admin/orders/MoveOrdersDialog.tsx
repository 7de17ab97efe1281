import { ORDER_MOVES, type OrderMoveResult, type OrderStatusCode, toPaisa } from '@haat/contracts';
import { Alert, Button, Group, List, Modal, NumberInput, Select, Stack, Text, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError, post } from '../../lib/api';
import { useSiteInfo } from '../../lib/site';
import { toast } from '../../ui/toast/toast';
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

/**
 * Moves orders to one of the statuses their status allows (PRODUCT.md §3), with a note for the
 * timeline and, for a return, the return charge. Orders the server refuses are listed with why.
 */
export function MoveOrdersDialog({ opened, onClose, ids, from, initialTo = null, onDone }: MoveOrdersDialogProps) {
  const { t, status } = useOrderWords();
  const site = useSiteInfo();
  const queryClient = useQueryClient();
  const targets = ORDER_MOVES[from];
  const [to, setTo] = useState<string | null>(initialTo ? String(initialTo) : null);
  const [note, setNote] = useState('');
  const [returnCharge, setReturnCharge] = useState<string | number>('');
  const [refused, setRefused] = useState<OrderMoveResult['refused']>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    if (opened) {
      setTo(initialTo ? String(initialTo) : targets.length === 1 ? String(targets[0]) : null);
      setNote('');
      setReturnCharge('');
      setRefused([]);
      setErrors({});
    }
  }, [opened, initialTo, targets]);

  const move = useMutation({
    mutationFn: () =>
      post<OrderMoveResult>('/api/admin/orders/status', {
        ids,
        to: Number(to),
        note,
        return_charge: returnCharge === '' ? undefined : toPaisa(String(returnCharge)),
      }),
    onSuccess: async (result) => {
      await queryClient.invalidateQueries({ queryKey: orderKeys.all });
      if (result.moved.length) toast.success(t('orders.moved', { count: result.moved.length, status: status(Number(to)) }));
      onDone?.(result);
      if (result.refused.length) setRefused(result.refused);
      else onClose();
    },
    onError: (error) => {
      if (error instanceof ApiError) setErrors(error.fieldErrors());
      toast.error(error.message);
    },
  });

  return (
    <Modal opened={opened} onClose={onClose} title={t('orders.moveTitle')} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!to) {
            setErrors({ to: 'Choose the status to move to' });
            return;
          }
          move.mutate();
        }}
      >
        <Stack>
          <Text fz="sm">
            {t('orders.selected', { count: ids.length })} · {status(from)}
          </Text>
          {targets.length === 0 ? (
            <Alert color="gray">{t('orders.noMoves')}</Alert>
          ) : (
            <Select
              label={t('orders.moveTo')}
              placeholder={t('orders.chooseStatus')}
              data={targets.map((code) => ({ value: String(code), label: status(code) }))}
              value={to}
              onChange={(value) => {
                setTo(value);
                setErrors({});
              }}
              error={errors.to}
              required
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
            />
          )}
          {to === '6' && (
            <NumberInput
              label={`${t('orders.returnCharge')} (${site?.currency_symbol ?? '৳'})`}
              description={t('orders.returnChargeHint')}
              value={returnCharge}
              onChange={setReturnCharge}
              min={0}
              decimalScale={2}
              error={errors.return_charge}
            />
          )}
          <Textarea
            label={t('orders.note')}
            placeholder={t('orders.notePlaceholder')}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
            maxLength={500}
            autosize
            minRows={2}
            error={errors.note}
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
              <Button type="submit" loading={move.isPending}>
                {t('orders.move')}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
