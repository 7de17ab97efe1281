import type { SalaryBalanceOption, SalaryMonthRow } from '@haat/contracts';
import { Alert, Badge, Select } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ApiError, get } from '../../lib/api';
import { formatDate } from '../../lib/dates';
import { usePhrase } from '../../lib/phrases';
import { toast } from '../../ui/toast/toast';
import { useMoney } from '../purchasing/PurchaseForm';

/** `2026-11` in the reader's words: "November 2026", "নভেম্বর ২০২৬". */
export const monthName = (month: string) => formatDate(`${month}-01`, 'MMMM YYYY');

/** The shop's today, `YYYY-MM-DD`, for the date fields. */
export const today = () => new Date().toLocaleDateString('en-CA');

/** Where a month stands: not saved, due, partly paid or paid. */
export function MonthState({ row }: { row: Pick<SalaryMonthRow, 'saved' | 'paid' | 'due' | 'net'> }) {
  const phrase = usePhrase();
  if (!row.saved)
    return (
      <Badge variant="light" color="gray">
        {phrase('Not saved')}
      </Badge>
    );
  if (row.due === 0) return <Badge color="green">{phrase('Paid')}</Badge>;
  if (row.paid > 0) return <Badge color="yellow">{phrase('Partly paid')}</Badge>;
  return (
    <Badge color="red" variant="light">
      {phrase('Due')}
    </Badge>
  );
}

/**
 * A salary form's submit: sends, says the answer's message, refreshes what the screen shows and hands the
 * answer on; a refusal puts field messages under their fields (`error`) and its message above the form (`alert`).
 */
export function useSalarySubmit<Answer extends { message: string }>(send: () => Promise<Answer>, done?: (answer: Answer) => void) {
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

/** The active balances (cash, bank, wallets) with what each holds, to pay from: asked of the team's own route (`salary.pay`). */
export function BalanceSelect({
  value,
  onChange,
  error,
}: {
  value: string | null;
  onChange: (value: string | null) => void;
  error?: string;
}) {
  const phrase = usePhrase();
  const money = useMoney();
  const { data } = useQuery({
    queryKey: ['team', 'pay-from'],
    queryFn: () => get<{ data: SalaryBalanceOption[] }>('/api/admin/team/pay-from'),
  });
  return (
    <Select
      label={phrase('Pay from')}
      description={phrase('Cash, bank account or mobile wallet')}
      required
      data={(data?.data ?? []).map((row) => ({ value: String(row.id), label: `${phrase(row.name)} (${money(row.balance)})` }))}
      value={value}
      onChange={onChange}
      error={error}
    />
  );
}
