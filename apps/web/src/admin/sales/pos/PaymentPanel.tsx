import { SALE_PAYMENT_METHOD_LABELS, SALE_PAYMENT_METHODS, type SalePaymentMethod } from '@haat/contracts';
import { Alert, Button, Card, Grid, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import { MoneyInput } from '../../../ui/resource/fields';
import { useOrderWords } from '../../orders/order-ui';

interface PaymentRow {
  /** The row's identity on screen. */
  key: number;
  method: Exclude<SalePaymentMethod, 'cash'>;
  amount: number;
  reference: string;
}

/** Cash received and the card or mobile payments of a point-of-sale screen, as the server takes them. */
export function usePosPayments() {
  const [cash, setCash] = useState(0);
  const [rows, setRows] = useState<PaymentRow[]>([]);
  const payments = [
    ...(cash > 0 ? [{ method: 'cash' as const, amount: cash, reference: '' }] : []),
    ...rows.map(({ method, amount, reference }) => ({ method, amount, reference })),
  ];
  return { cash, setCash, rows, setRows, payments };
}
export type PosPayments = ReturnType<typeof usePosPayments>;

/** The screen's keys (F2, F4 …), on the window while the screen is open. */
export function usePosKeys(keys: Record<string, () => void>, focusFirst: () => void) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the keys act on refs and element ids, fixed for the screen's life
  useEffect(() => {
    focusFirst();
    const onKey = (event: KeyboardEvent) => {
      const run = keys[event.key];
      if (run) {
        event.preventDefault();
        run();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}

/** A label and an amount on one line; `strong` for the total. */
export function TotalRow({ label, amount, strong, color }: { label: string; amount: number; strong?: boolean; color?: string }) {
  const { money } = useOrderWords();
  return (
    <Group justify="space-between">
      <Text fw={strong ? 700 : color ? 600 : undefined} fz={strong ? 'xl' : undefined} c={color}>
        {label}
      </Text>
      <Text fw={strong ? 700 : color ? 600 : undefined} fz={strong ? 'xl' : undefined} c={color}>
        {money(amount)}
      </Text>
    </Group>
  );
}

/**
 * The payment part of the counter's and the exchange's panel: cash received (F4 focuses it), any card
 * or mobile payments with their transaction ids, what was paid, and what is still to pay or the change.
 */
export function PaymentPanel({
  pay,
  cashRef,
  total,
  totals,
  errors,
  showPaid = true,
  changeLabel,
}: {
  pay: PosPayments;
  cashRef: React.RefObject<HTMLInputElement | null>;
  total: number;
  totals: { tendered: number; short: number; change: number };
  errors: Record<string, string>;
  showPaid?: boolean;
  /** On a buyer's account the rest is due, not short: the label says so. */
  changeLabel?: { short: string };
}) {
  const { phrase, money } = useOrderWords();
  const offset = pay.cash > 0 ? 1 : 0;
  const setRow = (index: number, patch: Partial<PaymentRow>) =>
    pay.setRows((current) => current.map((item, at) => (at === index ? { ...item, ...patch } : item)));
  return (
    <>
      <MoneyInput ref={cashRef} label={phrase('Cash received')} value={pay.cash} onChange={(paisa) => pay.setCash(paisa ?? 0)} />
      {pay.rows.map((payment, index) => (
        <Card key={payment.key} withBorder p="xs">
          <Stack gap="xs">
            <Select
              label={phrase('Paid by')}
              data={SALE_PAYMENT_METHODS.filter((method) => method !== 'cash').map((method) => ({
                value: method,
                label: phrase(SALE_PAYMENT_METHOD_LABELS[method]),
              }))}
              value={payment.method}
              allowDeselect={false}
              onChange={(value) => setRow(index, { method: (value ?? 'card') as PaymentRow['method'] })}
            />
            <MoneyInput
              label={phrase('Amount')}
              value={payment.amount}
              onChange={(paisa) => setRow(index, { amount: paisa ?? 0 })}
              error={errors[`payments.${index + offset}.amount`]}
            />
            <TextInput
              label={phrase('Transaction id')}
              value={payment.reference}
              onChange={(event) => setRow(index, { reference: event.currentTarget.value })}
              error={errors[`payments.${index + offset}.reference`]}
            />
            <Button variant="subtle" color="red" onClick={() => pay.setRows((current) => current.filter((_, at) => at !== index))}>
              {phrase('Remove this payment')}
            </Button>
          </Stack>
        </Card>
      ))}
      <Button
        variant="light"
        onClick={() =>
          pay.setRows((current) => [
            ...current,
            { key: Date.now(), method: 'bkash', amount: Math.max(0, total - totals.tendered), reference: '' },
          ])
        }
      >
        {phrase('Add card or mobile payment')}
      </Button>
      {showPaid && <TotalRow label={phrase('Paid')} amount={totals.tendered} />}
      {totals.short > 0 ? (
        <TotalRow label={changeLabel ? changeLabel.short : phrase('Still to pay')} amount={totals.short} color="red.8" />
      ) : (
        <Group justify="space-between">
          <Text fw={700}>{phrase('Change to give')}</Text>
          <Text fw={700} fz="lg">
            {money(totals.change)}
          </Text>
        </Group>
      )}
    </>
  );
}

/** The server's refusals, listed above the save button. */
export function SaveErrors({ title, errors }: { title: string; errors: Record<string, string> }) {
  if (Object.keys(errors).length === 0) return null;
  return (
    <Alert color="red" role="alert" title={title}>
      {Object.values(errors).map((message) => (
        <Text key={message} fz="sm">
          {message}
        </Text>
      ))}
    </Alert>
  );
}

/** The customer's name and phone, both optional. */
export function CustomerFields({
  name,
  phone,
  onName,
  onPhone,
  errors,
}: {
  name: string;
  phone: string;
  onName: (value: string) => void;
  onPhone: (value: string) => void;
  errors: Record<string, string>;
}): ReactNode {
  const { phrase } = useOrderWords();
  return (
    <Grid>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput
          label={phrase('Customer name (optional)')}
          value={name}
          onChange={(event) => onName(event.currentTarget.value)}
          error={errors.customer_name}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput
          label={phrase('Customer phone (optional)')}
          inputMode="tel"
          value={phone}
          onChange={(event) => onPhone(event.currentTarget.value)}
          error={errors.customer_phone}
        />
      </Grid.Col>
    </Grid>
  );
}

/** The server's field errors, each in the reader's language. */
export const fieldErrors = (errors: Record<string, string[]>, phrase: (text: string) => string) =>
  Object.fromEntries(Object.entries(errors).map(([key, messages]) => [key, phrase(messages[0] ?? '')]));
