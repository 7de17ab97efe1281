import { Alert, Button, Card, Group, Select, Stack, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ApiError, get, post } from '../../lib/api';
import { usePhrase } from '../../lib/phrases';
import { MoneyInput } from '../../ui/resource/fields';
import { toast } from '../../ui/toast/toast';
import { useMoney } from '../reports/report-kit';

type Balance = { id: number; name: string; balance: number };

/** The active balances with what each holds now. */
export function useBalances() {
  return useQuery({
    queryKey: ['balances', 'active'],
    queryFn: () => get<{ data: Balance[] }>('/api/admin/balances?filter[status]=1&sort=code&per_page=100').then((answer) => answer.data),
  });
}

/**
 * One money event on a bespoke screen (decision 052): a kind (when there are several), the date, the
 * amount, the balance and a note, posted to `api`; the answer's field errors show under their fields.
 */
export function MoneyEventForm({
  title,
  api,
  kinds,
  balanceLabel,
  submit,
  onDone,
  amountOptional,
}: {
  title: string;
  api: string;
  kinds?: { value: string; label: string }[];
  balanceLabel: string;
  submit: string;
  onDone: () => void;
  amountOptional?: boolean;
}) {
  const phrase = usePhrase();
  const money = useMoney();
  const balances = useBalances();
  const [kind, setKind] = useState(kinds?.[0]?.value ?? '');
  const [date, setDate] = useState(new Date().toLocaleDateString('en-CA'));
  const [amount, setAmount] = useState<number | null>(null);
  const [balance, setBalance] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [working, setWorking] = useState(false);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    setWorking(true);
    setErrors({});
    setMessage(null);
    try {
      const answer = await post<{ message: string }>(api, {
        ...(kinds ? { kind } : {}),
        date,
        amount: amount ?? 0,
        balance_id: balance ?? '',
        note,
      });
      toast.success(phrase(answer.message));
      setAmount(null);
      setNote('');
      onDone();
    } catch (failure) {
      if (failure instanceof ApiError) {
        setErrors(failure.fieldErrors());
        setMessage(failure.message);
      } else throw failure;
    } finally {
      setWorking(false);
    }
  };
  const error = (field: string) => (errors[field] ? phrase(errors[field]) : undefined);

  return (
    <Card withBorder>
      <form onSubmit={send}>
        <Stack>
          <Title order={2} size="h4">
            {title}
          </Title>
          {message && (
            <Alert color="red" role="alert">
              {phrase(message)}
            </Alert>
          )}
          <Group align="flex-start" wrap="wrap">
            {kinds && (
              <Select
                label={phrase('Kind')}
                data={kinds}
                value={kind}
                onChange={(value) => setKind(value ?? kinds[0]?.value ?? '')}
                allowDeselect={false}
                error={error('kind')}
              />
            )}
            <TextInput
              type="date"
              label={phrase('Date')}
              value={date}
              onChange={(e) => setDate(e.currentTarget.value)}
              error={error('date')}
            />
            <MoneyInput label={phrase('Amount')} value={amount} onChange={setAmount} required={!amountOptional} error={error('amount')} />
            <Select
              label={balanceLabel}
              data={(balances.data ?? []).map((row) => ({ value: String(row.id), label: `${phrase(row.name)} (${money(row.balance)})` }))}
              value={balance}
              onChange={setBalance}
              clearable
              error={error('balance_id')}
            />
            <TextInput label={phrase('Note')} value={note} onChange={(e) => setNote(e.currentTarget.value)} error={error('note')} />
          </Group>
          <Group>
            <Button type="submit" loading={working}>
              {submit}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
