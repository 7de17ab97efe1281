import { Alert } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../lib/api';
import { usePhrase } from '../lib/phrases';
import { toast } from './toast/toast';

/**
 * A bespoke form's submit to the API: sends, says the answer's message, hands the answer on and refreshes
 * what the screen shows; a refusal puts field messages under their fields (`error`) and its message above
 * the form (`alert`). The salary forms use it; the other hand-written money forms do the same by hand today.
 */
export function useApiSubmit<Answer extends { message: string }>(send: () => Promise<Answer>, done?: (answer: Answer) => void) {
  const phrase = usePhrase();
  const client = useQueryClient();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setWorking(true);
    setErrors({});
    setMessage(null);
    try {
      const answer = await send();
      toast.success(phrase(answer.message));
      done?.(answer);
      await client.invalidateQueries();
    } catch (failure) {
      if (!(failure instanceof ApiError)) throw failure;
      setErrors(failure.fieldErrors());
      setMessage(failure.message);
    } finally {
      setWorking(false);
    }
  };
  const error = (field: string) => (errors[field] ? phrase(errors[field]) : undefined);
  const alert = message ? (
    <Alert color="red" role="alert">
      {phrase(message)}
    </Alert>
  ) : null;
  return { submit, working, error, alert };
}
