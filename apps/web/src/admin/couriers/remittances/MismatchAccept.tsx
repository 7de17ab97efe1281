import type { RemittanceLineView } from '@haat/contracts';
import { Button, Group, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ApiError, post } from '../../../lib/api';
import { usePhrase } from '../../../lib/phrases';
import { toast } from '../../../ui/toast/toast';

/** A person accepts what the courier collected on a mismatched order, saying why: the order becomes paid. */
export function MismatchAccept({ line }: { line: RemittanceLineView }) {
  const phrase = usePhrase();
  const client = useQueryClient();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [working, setWorking] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setWorking(true);
    setError(undefined);
    try {
      const answer = await post<{ message: string }>(`/api/admin/courier/remittance-lines/${line.id}/accept`, { note });
      toast.success(phrase(answer.message));
      await client.invalidateQueries();
    } catch (failure) {
      if (failure instanceof ApiError) setError(phrase(failure.fieldErrors().note ?? failure.message));
      else throw failure;
    } finally {
      setWorking(false);
    }
  };
  return (
    <Group component="form" onSubmit={submit} align="start" gap="xs" className="no-print">
      <TextInput
        size="xs"
        label={phrase('Why accept {{order}}', { order: line.order_number })}
        placeholder={phrase('e.g. the customer got a discount at the door')}
        value={note}
        onChange={(event) => setNote(event.currentTarget.value)}
        error={error}
      />
      <Button type="submit" size="xs" mt={22} loading={working}>
        {phrase('Accept collected amount')}
      </Button>
    </Group>
  );
}
