import { Alert, Button, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ApiError, post, put } from '../../lib/api';
import { usePhrase } from '../../lib/phrases';
import { FieldInput } from '../../ui/resource/fields';
import type { Field } from '../../ui/resource/types';
import { toast } from '../../ui/toast/toast';

/**
 * A small form that records one money event (a repayment, a bill, a payment), or corrects one, with the
 * declared field inputs, and shows the API's refusals on their fields ("Not enough in Cash…" on the balance).
 */
export function MoneyEventForm({
  url,
  fields,
  initial,
  submit,
  label,
  onDone,
  method = 'post',
}: {
  /** `put` corrects a recorded one (its form starts from what was recorded). */
  method?: 'post' | 'put';
  url: string;
  fields: Field[];
  initial: Record<string, unknown>;
  submit: string;
  /** The form's accessible name. */
  label: string;
  onDone?: () => void;
}) {
  const phrase = usePhrase();
  const client = useQueryClient();
  const [values, setValues] = useState<Record<string, unknown>>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [working, setWorking] = useState(false);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    setWorking(true);
    setErrors({});
    setMessage(null);
    try {
      const answer = await (method === 'put' ? put : post)<{ message: string }>(url, values);
      toast.success(phrase(answer.message));
      if (method === 'post') setValues(initial);
      await client.invalidateQueries();
      onDone?.();
    } catch (failure) {
      if (!(failure instanceof ApiError)) throw failure;
      setErrors(failure.fieldErrors());
      setMessage(failure.message);
    } finally {
      setWorking(false);
    }
  };

  return (
    <Stack component="form" onSubmit={send} aria-label={label} gap="sm">
      {message && (
        <Alert color="red" role="alert">
          {phrase(message)}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: Math.min(fields.length, 4) }}>
        {fields.map((field) => (
          <FieldInput
            key={field.name}
            field={field}
            value={values[field.name]}
            error={errors[field.name]}
            onChange={(value) => setValues((current) => ({ ...current, [field.name]: value }))}
            values={values}
          />
        ))}
      </SimpleGrid>
      <div>
        <Button type="submit" loading={working}>
          {submit}
        </Button>
      </div>
    </Stack>
  );
}

/**
 * "Edit" on a recorded money event: a dialog with its form, starting from what was recorded, that
 * corrects it (`PUT url`; the API reverses the old entry and posts the right one).
 */
export function EditMoneyEventButton({
  url,
  what,
  fields,
  initial,
  note,
}: {
  url: string;
  /** What is corrected, for the button's accessible name and the dialog's title ("the repayment of 1 July"). */
  what: string;
  fields: Field[];
  initial: Record<string, unknown>;
  /** What a correction does, said above the form. */
  note?: string;
}) {
  const phrase = usePhrase();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="xs" variant="subtle" onClick={() => setOpen(true)} aria-label={phrase('Edit {{what}}', { what })}>
        {phrase('Edit')}
      </Button>
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title={phrase('Correct {{what}}', { what })}
        centered
        size="lg"
        closeButtonProps={{ 'aria-label': phrase('Close') }}
      >
        {note && (
          <Text fz="sm" c="dimmed" mb="sm">
            {note}
          </Text>
        )}
        <MoneyEventForm
          method="put"
          url={url}
          label={phrase('Correct {{what}}', { what })}
          submit={phrase('Save the correction')}
          initial={initial}
          fields={fields}
          onDone={() => setOpen(false)}
        />
      </Modal>
    </>
  );
}

/** The balances a person pays from or receives into, each with what it holds now. */
export const balanceReference = (phrase: (text: string) => string, money: (paisa: number) => string) => ({
  api: '/api/admin/balances',
  query: 'filter[status]=1&sort=code',
  label: (row: Record<string, unknown>) => `${phrase(String(row.name))} (${money(Number(row.balance))})`,
});

export const todayInShop = () => new Date().toLocaleDateString('en-CA');
