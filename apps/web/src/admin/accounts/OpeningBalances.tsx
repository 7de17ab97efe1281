import { OPENING_AMOUNT_KEYS, OPENING_AMOUNT_SIDES, type OpeningAmountKey, type OpeningBalancesView } from '@haat/contracts';
import { Alert, Button, Card, Group, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { ApiError, get, put } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import { usePhrase } from '../../lib/phrases';
import { MoneyInput } from '../../ui/resource/fields';
import { toast } from '../../ui/toast/toast';
import { useMoney } from '../purchasing/PurchaseForm';
import { useCan } from '../useAdmin';

const API = '/api/admin/accounts/opening';

const LABELS: Record<OpeningAmountKey, { label: string; description: string }> = {
  courier_receivable: { label: 'Owed by couriers', description: 'Cash on delivery the couriers have not paid over yet' },
  company_receivable: { label: 'Owed by companies', description: 'Sales on credit not paid yet' },
  inventory: { label: 'Stock value', description: 'What the goods in stock cost' },
  loan_receivable: { label: 'Loans given', description: 'Only loans you will not record under Loans: a loan recorded there books itself' },
  supplier_payable: { label: 'Due to suppliers', description: 'Purchases not paid yet' },
  loan_payable: { label: 'Loans taken', description: 'Only loans you will not record under Loans: a loan recorded there books itself' },
};

type Form = { date: string; balances: { balance_id: number; name: string; amount: number | null }[]; note: string } & Record<
  OpeningAmountKey,
  number | null
>;

const toForm = (view: OpeningBalancesView): Form => ({
  date: view.date ?? new Date().toLocaleDateString('en-CA'),
  balances: view.balances.map((row) => ({ ...row })),
  note: view.note,
  ...(Object.fromEntries(OPENING_AMOUNT_KEYS.map((key) => [key, view[key]])) as Record<OpeningAmountKey, number>),
});

/**
 * `/admin/account/opening`: what the shop held and owed on the day it started using Haat, saved as one
 * entry against opening balances (decision 051). Saving again reverses that entry and posts the new one.
 */
export default function OpeningBalances() {
  const phrase = usePhrase();
  const money = useMoney();
  const can = useCan();
  const client = useQueryClient();
  const { data, error: loadError } = useQuery({
    queryKey: ['opening-balances'],
    queryFn: () => get<{ data: OpeningBalancesView }>(API).then((answer) => answer.data),
  });
  const [form, setForm] = useState<Form | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  useEffect(() => {
    if (data) setForm(toForm(data));
  }, [data]);
  if (loadError) return <Alert color="red">{phrase(loadError.message)}</Alert>;
  if (!data || !form) return null;

  const held = form.balances.reduce((sum, row) => sum + (row.amount ?? 0), 0);
  const equity = OPENING_AMOUNT_KEYS.reduce(
    (sum, key) => sum + (OPENING_AMOUNT_SIDES[key] === 'asset' ? (form[key] ?? 0) : -(form[key] ?? 0)),
    held,
  );
  const error = (field: string) => (errors[field] ? phrase(errors[field]) : undefined);
  const editable = can('accounts.opening.update');

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setWorking(true);
    setErrors({});
    setMessage(null);
    try {
      const answer = await put<{ message: string; data: OpeningBalancesView }>(API, {
        date: form.date,
        balances: form.balances.map((row) => ({ balance_id: row.balance_id, amount: row.amount ?? 0 })),
        note: form.note,
        ...Object.fromEntries(OPENING_AMOUNT_KEYS.map((key) => [key, form[key] ?? 0])),
      });
      toast.success(phrase(answer.message));
      await client.invalidateQueries();
    } catch (failure) {
      if (!(failure instanceof ApiError)) throw failure;
      setErrors(failure.fieldErrors());
      setMessage(failure.message);
    } finally {
      setWorking(false);
    }
  };

  const amountInput = (key: OpeningAmountKey) => (
    <MoneyInput
      key={key}
      label={phrase(LABELS[key].label)}
      description={phrase(LABELS[key].description)}
      min={0}
      value={form[key]}
      onChange={(value) => setForm({ ...form, [key]: value })}
      error={error(key)}
      disabled={!editable}
    />
  );

  return (
    <Stack component="form" onSubmit={save} aria-label={phrase('Opening balances')}>
      <Title order={1} fz="h3">
        {phrase('Opening balances')}
      </Title>
      <Text c="dimmed" fz="sm">
        {phrase(
          'For a shop that starts using Haat part way through the year: what it held and owed on one day. It is booked once, against opening balances; saving again puts right the earlier figures (the earlier booking is reversed and the new one made).',
        )}
      </Text>
      {data.saves > 0 && (
        <Alert color="blue">
          {phrase('Saved {{n}} times, last on {{when}} by {{who}}. Saving again reverses the booking before and makes a new one.', {
            n: data.saves,
            when: data.saved_at ? formatDateTime(data.saved_at) : '—',
            who: data.saved_by ?? '—',
          })}
        </Alert>
      )}
      {message && (
        <Alert color="red" role="alert">
          {phrase(message)}
        </Alert>
      )}
      <Card withBorder>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            type="date"
            label={phrase('Opening date')}
            required
            value={form.date}
            onChange={(event) => setForm({ ...form, date: event.currentTarget.value })}
            error={error('date')}
            disabled={!editable}
          />
        </SimpleGrid>
      </Card>
      <Card withBorder>
        <Title order={2} fz="h4" mb="xs">
          {phrase('Money held')}
        </Title>
        <Text c="dimmed" fz="sm" mb="xs">
          {phrase('Each balance’s opening balance, the same figure as on its own form: only a change is booked.')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
          {form.balances.map((row, index) => (
            <MoneyInput
              key={row.balance_id}
              label={phrase(row.name)}
              min={0}
              value={row.amount}
              onChange={(value) =>
                setForm({ ...form, balances: form.balances.map((each, at) => (at === index ? { ...each, amount: value } : each)) })
              }
              error={error(`balances.${index}.amount`) ?? error(`balances.${index}.balance_id`)}
              disabled={!editable}
            />
          ))}
        </SimpleGrid>
      </Card>
      <Card withBorder>
        <Title order={2} fz="h4" mb="xs">
          {phrase('Owed to the shop, and stock')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
          {OPENING_AMOUNT_KEYS.filter((key) => OPENING_AMOUNT_SIDES[key] === 'asset').map(amountInput)}
        </SimpleGrid>
      </Card>
      <Card withBorder>
        <Title order={2} fz="h4" mb="xs">
          {phrase('What the shop owes')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
          {OPENING_AMOUNT_KEYS.filter((key) => OPENING_AMOUNT_SIDES[key] === 'liability').map(amountInput)}
        </SimpleGrid>
      </Card>
      <Card withBorder>
        <Group justify="space-between" align="end">
          <Text>
            {phrase('The owners’ share at the start (held and owed to the shop, less what it owes)')}: <strong>{money(equity)}</strong>
          </Text>
        </Group>
        <Textarea
          mt="sm"
          label={phrase('Note')}
          autosize
          value={form.note}
          onChange={(event) => setForm({ ...form, note: event.currentTarget.value })}
          error={error('note')}
          disabled={!editable}
        />
      </Card>
      {editable && (
        <Group>
          <Button type="submit" loading={working}>
            {phrase(data.saves > 0 ? 'Save again' : 'Save opening balances')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
