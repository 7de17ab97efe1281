import { Alert, Badge, Button, Group, Modal, Stack, Text, Textarea, Tooltip, VisuallyHidden } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ApiError, post } from '../../lib/api';
import { formatDate } from '../../lib/dates';
import { usePhrase } from '../../lib/phrases';
import { toast } from '../../ui/toast/toast';

/**
 * "Reverse" on a posted money event (a loan, a repayment, a bill, a payment): a confirm dialog saying
 * what reversing does, with the reason it asks for; the API reverses its entry (decision 048) and the
 * refusals ("Not enough in Cash…", "already reversed") show in the dialog.
 */
export function ReverseButton({ url, what, effect }: { url: string; what: string; effect: string }) {
  const phrase = usePhrase();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [working, setWorking] = useState(false);

  const close = () => {
    setOpen(false);
    setReason('');
    setError(null);
    setMessage(null);
  };
  const send = async (event: FormEvent) => {
    event.preventDefault();
    setWorking(true);
    setError(null);
    setMessage(null);
    try {
      const answer = await post<{ message: string }>(url, { reason });
      toast.success(phrase(answer.message));
      close();
      await client.invalidateQueries();
    } catch (failure) {
      if (!(failure instanceof ApiError)) throw failure;
      const errors = failure.fieldErrors();
      setError(errors.reason ?? null);
      setMessage(errors.reason ? null : failure.message);
    } finally {
      setWorking(false);
    }
  };

  return (
    <>
      <Button size="xs" variant="subtle" color="red" onClick={() => setOpen(true)} aria-label={phrase('Reverse {{what}}', { what })}>
        {phrase('Reverse')}
      </Button>
      <Modal
        opened={open}
        onClose={close}
        title={phrase('Reverse {{what}}?', { what })}
        centered
        closeButtonProps={{ 'aria-label': phrase('Close') }}
      >
        <Stack component="form" onSubmit={send} gap="sm">
          <Text fz="sm">{effect}</Text>
          {message && (
            <Alert color="red" role="alert">
              {phrase(message)}
            </Alert>
          )}
          <Textarea
            label={phrase('Reason')}
            description={phrase('Kept in the audit log and on the reversing entry')}
            required
            autosize
            minRows={2}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            error={error ? phrase(error) : undefined}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {phrase('Keep it')}
            </Button>
            <Button type="submit" color="red" loading={working}>
              {phrase('Reverse')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/** "Reversed" beside a reversed money event: when, by whom and why. */
export function ReversedBadge({
  row,
}: {
  row: { reversed_at: string | null; reversal_reason: string | null; reversed_by: string | null };
}) {
  const phrase = usePhrase();
  if (!row.reversed_at) return null;
  const why = phrase('Reversed on {{date}} by {{name}}: {{reason}}', {
    date: formatDate(row.reversed_at.slice(0, 10)),
    name: row.reversed_by ?? '—',
    reason: row.reversal_reason ?? '',
  });
  return (
    <Tooltip label={why} multiline w={260}>
      <Badge color="gray" variant="outline">
        {phrase('Reversed')}
        <VisuallyHidden>
          {` ${phrase('on {{date}} by {{name}}: {{reason}}', {
            date: formatDate(row.reversed_at.slice(0, 10)),
            name: row.reversed_by ?? '—',
            reason: row.reversal_reason ?? '',
          })}`}
        </VisuallyHidden>
      </Badge>
    </Tooltip>
  );
}

/** A reversed row's cells: struck through and dimmed, still readable. */
export const reversedStyle = (row: { reversed_at: string | null }) =>
  row.reversed_at ? { textDecoration: 'line-through', opacity: 0.6 } : undefined;
