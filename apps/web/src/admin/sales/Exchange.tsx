import {
  type CounterItem,
  type CounterSaleDetail,
  exchangeTotals,
  type ReturnableSale,
  SALE_PAYMENT_METHOD_LABELS,
  SALE_PAYMENT_METHODS,
  type SalePaymentMethod,
} from '@haat/contracts';
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Grid,
  Group,
  Kbd,
  NumberInput,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, get, post } from '../../lib/api';
import { MoneyInput } from '../../ui/resource/fields';
import { TableScroll } from '../../ui/TableScroll';
import { toast } from '../../ui/toast/toast';
import { useOrderWords } from '../orders/order-ui';

interface Line {
  variant_id: number;
  product_name: string;
  variant_label: string;
  sku: string;
  quantity: number;
  unit_price: number;
  discount: number;
  /** For an item coming back from a known sale: how many can still come back. */
  max?: number;
}

const itemName = (item: { product_name: string; variant_label: string }) =>
  item.variant_label ? `${item.product_name} (${item.variant_label})` : item.product_name;

const fromItem = (item: CounterItem): Line => ({
  variant_id: item.variant_id,
  product_name: item.product_name,
  variant_label: item.variant_label,
  sku: item.sku,
  quantity: 1,
  unit_price: item.unit_price,
  discount: 0,
});

/** A scan box for one side of the exchange: Enter adds an exact barcode or SKU, words show the matches. */
function ScanBox({
  label,
  inputRef,
  onAdd,
}: {
  label: string;
  inputRef: React.RefObject<HTMLInputElement | null>;
  onAdd: (item: CounterItem) => void;
}) {
  const { phrase, money, number } = useOrderWords();
  const [code, setCode] = useState('');
  const [matches, setMatches] = useState<CounterItem[] | null>(null);
  const [message, setMessage] = useState('');
  const add = (item: CounterItem) => {
    onAdd(item);
    setMessage(phrase('Added: {{name}}', { name: itemName(item) }));
    setMatches(null);
    setCode('');
    inputRef.current?.focus();
  };
  const scan = async () => {
    const text = code.trim();
    if (!text) return;
    const answer = await get<{ exact: boolean; data: CounterItem[] }>(
      `/api/admin/sales/counter/items?${new URLSearchParams({ code: text })}`,
    );
    const [first] = answer.data;
    if ((answer.exact || answer.data.length === 1) && first) add(first);
    else {
      setMatches(answer.data);
      setMessage(
        answer.data.length
          ? phrase('{{n}} matches: choose one', { n: number(answer.data.length) })
          : phrase('Nothing matches “{{q}}”', { q: text }),
      );
    }
  };
  return (
    <Stack gap="xs">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void scan();
        }}
      >
        <TextInput ref={inputRef} label={label} value={code} onChange={(event) => setCode(event.currentTarget.value)} autoComplete="off" />
      </form>
      <Text fz="sm" role="status" aria-live="polite">
        {message}
      </Text>
      {matches && matches.length > 0 && (
        <Card withBorder>
          <Stack gap="xs">
            {matches.map((item) => (
              <Button key={item.variant_id} variant="light" justify="space-between" onClick={() => add(item)}>
                {itemName(item)} · {item.sku} · {money(item.unit_price)}
              </Button>
            ))}
          </Stack>
        </Card>
      )}
    </Stack>
  );
}

/**
 * `/admin/sale/exchange/add` (decision 040): items coming back (from an earlier sale's number, at the
 * price they were sold for, or scanned) and items going out (scanned, at today's price); the
 * customer pays the difference, or the shop refunds it. Keyboard as the counter: F6 coming back,
 * F7 going out, F4 cash, F2 saves and prints, Esc closes the matches.
 */
export default function Exchange() {
  const { phrase, money, number } = useOrderWords();
  const navigate = useNavigate();
  const saleRef = useRef<HTMLInputElement>(null);
  const backRef = useRef<HTMLInputElement>(null);
  const outRef = useRef<HTMLInputElement>(null);
  const cashRef = useRef<HTMLInputElement>(null);
  const [saleNumber, setSaleNumber] = useState('');
  const [original, setOriginal] = useState<ReturnableSale | null>(null);
  const [returns, setReturns] = useState<Line[]>([]);
  const [lines, setLines] = useState<Line[]>([]);
  const [cash, setCash] = useState(0);
  const [other, setOther] = useState<{ method: Exclude<SalePaymentMethod, 'cash'>; amount: number; reference: string } | null>(null);
  const [refundMethod, setRefundMethod] = useState<SalePaymentMethod>('cash');
  const [refundReference, setRefundReference] = useState('');
  const [customerName, setCustomerName] = useState('');
  const [customerPhone, setCustomerPhone] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  const payments = [
    ...(cash > 0 ? [{ method: 'cash' as const, amount: cash, reference: '' }] : []),
    ...(other && other.amount > 0 ? [other] : []),
  ];
  const preview = exchangeTotals({ returns, lines, payments, refunds: [] });
  const refunds = preview.refund > 0 ? [{ method: refundMethod, amount: preview.refund, reference: refundReference }] : [];
  const totals = exchangeTotals({ returns, lines, payments, refunds });

  const loadSale = async () => {
    const id = Number(saleNumber.trim().replace(/^CS-?/i, ''));
    setErrors({});
    if (!Number.isInteger(id) || id <= 0) {
      setErrors({ return_of_sale_id: phrase('Enter a sale number like CS-000042') });
      return;
    }
    try {
      const answer = await get<{ data: ReturnableSale }>(`/api/admin/sales/exchange/returnable/${id}`);
      setOriginal(answer.data);
      setReturns([]);
      if (answer.data.customer_name) setCustomerName(answer.data.customer_name);
      if (answer.data.customer_phone) setCustomerPhone(answer.data.customer_phone);
    } catch (error) {
      if (error instanceof ApiError) setErrors({ return_of_sale_id: phrase(error.message) });
      else throw error;
    }
  };

  const takeBack = (line: ReturnableSale['lines'][number], quantity: number) =>
    setReturns((current) => {
      const rest = current.filter((item) => item.variant_id !== line.variant_id);
      if (quantity <= 0) return rest;
      return [...rest, { ...line, quantity: Math.min(quantity, line.returnable), discount: 0, max: line.returnable }];
    });

  const addTo = (setter: typeof setLines) => (item: CounterItem) =>
    setter((current) => {
      const found = current.find((line) => line.variant_id === item.variant_id);
      if (found) return current.map((line) => (line === found ? { ...line, quantity: line.quantity + 1 } : line));
      return [...current, fromItem(item)];
    });

  const save = async () => {
    if (saving) return;
    setSaving(true);
    setErrors({});
    try {
      const answer = await post<{ data: CounterSaleDetail; message: string }>('/api/admin/sales/exchange', {
        return_of_sale_id: original?.id ?? null,
        customer_name: customerName,
        customer_phone: customerPhone,
        returns: returns.map((line) => ({ variant_id: line.variant_id, quantity: line.quantity, unit_price: line.unit_price })),
        lines: lines.map((line) => ({
          variant_id: line.variant_id,
          quantity: line.quantity,
          unit_price: line.unit_price,
          discount: line.discount,
        })),
        payments: totals.refund > 0 ? [] : payments,
        refunds,
      });
      toast.success(phrase(answer.message));
      navigate(`/admin/sale/print/${answer.data.id}?paper=receipt&auto=1`);
    } catch (error) {
      if (error instanceof ApiError) {
        setErrors(Object.fromEntries(Object.entries(error.errors).map(([key, messages]) => [key, phrase(messages[0] ?? '')])));
        toast.error(phrase(error.message));
      } else throw error;
    } finally {
      setSaving(false);
    }
  };

  useEffect(() => {
    saleRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      const keys: Record<string, () => void> = {
        F2: () => document.getElementById('exchange-save')?.click(),
        F4: () => cashRef.current?.focus(),
        F6: () => backRef.current?.focus(),
        F7: () => outRef.current?.focus(),
      };
      const run = keys[event.key];
      if (run) {
        event.preventDefault();
        run();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const lineTable = (kind: 'in' | 'out', list: Line[], setter: typeof setLines) => (
    <TableScroll minWidth={560}>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{phrase('Item')}</Table.Th>
            <Table.Th>{phrase('Quantity')}</Table.Th>
            <Table.Th>{phrase('Price')}</Table.Th>
            {kind === 'out' && <Table.Th>{phrase('Discount')}</Table.Th>}
            <Table.Th ta="right">{phrase('Amount')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{phrase('Remove')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={6}>
                <Text c="dimmed">{kind === 'in' ? phrase('Nothing coming back yet.') : phrase('Nothing going out yet.')}</Text>
              </Table.Td>
            </Table.Tr>
          )}
          {list.map((line, index) => {
            const field = kind === 'in' ? 'returns' : 'lines';
            const set = (patch: Partial<Line>) =>
              setter((current) => current.map((item, at) => (at === index ? { ...item, ...patch } : item)));
            return (
              <Table.Tr key={line.variant_id}>
                <Table.Td>
                  <Text fz="sm" fw={600}>
                    {itemName(line)}
                  </Text>
                  <Text fz="xs" c="dimmed">
                    {line.sku}
                  </Text>
                </Table.Td>
                <Table.Td miw={90}>
                  <NumberInput
                    aria-label={phrase('Quantity of {{name}}', { name: itemName(line) })}
                    min={1}
                    max={line.max}
                    value={line.quantity}
                    onChange={(value) => set({ quantity: Math.min(Number(value) || 1, line.max ?? Number.MAX_SAFE_INTEGER) })}
                    error={errors[`${field}.${index}.quantity`]}
                  />
                </Table.Td>
                <Table.Td miw={130}>
                  {line.max !== undefined ? (
                    money(line.unit_price)
                  ) : (
                    <MoneyInput
                      aria-label={phrase('Price of {{name}}', { name: itemName(line) })}
                      value={line.unit_price}
                      onChange={(paisa) => set({ unit_price: paisa ?? 0 })}
                      error={errors[`${field}.${index}.unit_price`]}
                    />
                  )}
                </Table.Td>
                {kind === 'out' && (
                  <Table.Td miw={120}>
                    <MoneyInput
                      aria-label={phrase('Discount on {{name}}', { name: itemName(line) })}
                      value={line.discount}
                      onChange={(paisa) => set({ discount: paisa ?? 0 })}
                      error={errors[`lines.${index}.discount`]}
                    />
                  </Table.Td>
                )}
                <Table.Td ta="right">{money(line.quantity * line.unit_price - line.discount)}</Table.Td>
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={phrase('Remove {{name}}', { name: itemName(line) })}
                    onClick={() => setter((current) => current.filter((_, at) => at !== index))}
                  >
                    ×
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {phrase('Exchange at the counter')}
        </Title>
        <Text fz="sm" c="dimmed">
          {/* i18n-ignore: the keys are named as printed on the keyboard */}
          <Kbd>F6</Kbd> {phrase('coming back')} · <Kbd>F7</Kbd> {phrase('going out')} · <Kbd>F4</Kbd> {phrase('cash')} · <Kbd>F2</Kbd>{' '}
          {phrase('save and print')}
        </Text>
      </Group>
      <Grid>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack>
            <Card withBorder>
              <Stack gap="sm">
                <Title order={2} size="h4">
                  {phrase('Coming back')}
                </Title>
                <form
                  onSubmit={(event) => {
                    event.preventDefault();
                    void loadSale();
                  }}
                >
                  <Group align="flex-end">
                    <TextInput
                      ref={saleRef}
                      label={phrase('Earlier sale number (optional)')}
                      value={saleNumber}
                      onChange={(event) => setSaleNumber(event.currentTarget.value)}
                      error={errors.return_of_sale_id}
                      autoComplete="off"
                    />
                    <Button type="submit" variant="light">
                      {phrase('Find the sale')}
                    </Button>
                    {original && (
                      <Button
                        variant="subtle"
                        onClick={() => {
                          setOriginal(null);
                          setReturns([]);
                        }}
                      >
                        {phrase('Not from a known sale')}
                      </Button>
                    )}
                  </Group>
                </form>
                {original ? (
                  <TableScroll minWidth={560}>
                    <Table>
                      <Table.Caption>{phrase('Sale {{number}}: choose what comes back', { number: original.number })}</Table.Caption>
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th>{phrase('Item')}</Table.Th>
                          <Table.Th ta="right">{phrase('Sold')}</Table.Th>
                          <Table.Th ta="right">{phrase('Came back')}</Table.Th>
                          <Table.Th>{phrase('Price')}</Table.Th>
                          <Table.Th>{phrase('Coming back')}</Table.Th>
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {original.lines.map((line, index) => (
                          <Table.Tr key={line.variant_id}>
                            <Table.Td>{itemName(line)}</Table.Td>
                            <Table.Td ta="right">{number(line.sold)}</Table.Td>
                            <Table.Td ta="right">{number(line.returned)}</Table.Td>
                            <Table.Td>{money(line.unit_price)}</Table.Td>
                            <Table.Td miw={100}>
                              <NumberInput
                                aria-label={phrase('How many of {{name}} come back', { name: itemName(line) })}
                                min={0}
                                max={line.returnable}
                                disabled={line.returnable === 0}
                                value={returns.find((item) => item.variant_id === line.variant_id)?.quantity ?? 0}
                                onChange={(value) => takeBack(line, Number(value) || 0)}
                                error={errors[`returns.${returns.findIndex((item) => item.variant_id === line.variant_id)}.quantity`]}
                                data-index={index}
                              />
                            </Table.Td>
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  </TableScroll>
                ) : (
                  <>
                    <ScanBox label={phrase('Scan or type an item coming back')} inputRef={backRef} onAdd={addTo(setReturns)} />
                    {lineTable('in', returns, setReturns)}
                  </>
                )}
              </Stack>
            </Card>
            <Card withBorder>
              <Stack gap="sm">
                <Title order={2} size="h4">
                  {phrase('Going out')}
                </Title>
                <ScanBox label={phrase('Scan or type an item going out')} inputRef={outRef} onAdd={addTo(setLines)} />
                {lineTable('out', lines, setLines)}
              </Stack>
            </Card>
            <Grid>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput
                  label={phrase('Customer name (optional)')}
                  value={customerName}
                  onChange={(event) => setCustomerName(event.currentTarget.value)}
                  error={errors.customer_name}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput
                  label={phrase('Customer phone (optional)')}
                  inputMode="tel"
                  value={customerPhone}
                  onChange={(event) => setCustomerPhone(event.currentTarget.value)}
                  error={errors.customer_phone}
                />
              </Grid.Col>
            </Grid>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Card withBorder>
            <Stack gap="sm">
              <Group justify="space-between">
                <Text>{phrase('Coming back')}</Text>
                <Text>{money(totals.returned)}</Text>
              </Group>
              <Group justify="space-between">
                <Text>{phrase('Going out')}</Text>
                <Text>{money(totals.out)}</Text>
              </Group>
              {totals.refund > 0 ? (
                <>
                  <Group justify="space-between">
                    <Text fw={700} fz="xl">
                      {phrase('Refund to the customer')}
                    </Text>
                    <Text fw={700} fz="xl">
                      {money(totals.refund)}
                    </Text>
                  </Group>
                  <Select
                    label={phrase('Refund by')}
                    data={SALE_PAYMENT_METHODS.map((method) => ({ value: method, label: phrase(SALE_PAYMENT_METHOD_LABELS[method]) }))}
                    value={refundMethod}
                    allowDeselect={false}
                    onChange={(value) => setRefundMethod((value ?? 'cash') as SalePaymentMethod)}
                    error={errors.refunds}
                  />
                  {refundMethod !== 'cash' && (
                    <TextInput
                      label={phrase('Transaction id')}
                      value={refundReference}
                      onChange={(event) => setRefundReference(event.currentTarget.value)}
                      error={errors['refunds.0.reference']}
                    />
                  )}
                </>
              ) : (
                <>
                  <Group justify="space-between">
                    <Text fw={700} fz="xl">
                      {phrase('To pay')}
                    </Text>
                    <Text fw={700} fz="xl">
                      {money(totals.total)}
                    </Text>
                  </Group>
                  <MoneyInput ref={cashRef} label={phrase('Cash received')} value={cash} onChange={(paisa) => setCash(paisa ?? 0)} />
                  {other ? (
                    <Card withBorder p="xs">
                      <Stack gap="xs">
                        <Select
                          label={phrase('Paid by')}
                          data={SALE_PAYMENT_METHODS.filter((method) => method !== 'cash').map((method) => ({
                            value: method,
                            label: phrase(SALE_PAYMENT_METHOD_LABELS[method]),
                          }))}
                          value={other.method}
                          allowDeselect={false}
                          onChange={(value) => setOther({ ...other, method: (value ?? 'card') as typeof other.method })}
                        />
                        <MoneyInput
                          label={phrase('Amount')}
                          value={other.amount}
                          onChange={(paisa) => setOther({ ...other, amount: paisa ?? 0 })}
                        />
                        <TextInput
                          label={phrase('Transaction id')}
                          value={other.reference}
                          onChange={(event) => setOther({ ...other, reference: event.currentTarget.value })}
                        />
                        <Button variant="subtle" color="red" onClick={() => setOther(null)}>
                          {phrase('Remove this payment')}
                        </Button>
                      </Stack>
                    </Card>
                  ) : (
                    <Button
                      variant="light"
                      onClick={() => setOther({ method: 'bkash', amount: Math.max(0, totals.total - totals.tendered), reference: '' })}
                    >
                      {phrase('Add card or mobile payment')}
                    </Button>
                  )}
                  {totals.short > 0 ? (
                    <Group justify="space-between">
                      <Text c="red.8" fw={600}>
                        {phrase('Still to pay')}
                      </Text>
                      <Text c="red.8" fw={600}>
                        {money(totals.short)}
                      </Text>
                    </Group>
                  ) : (
                    <Group justify="space-between">
                      <Text fw={700}>{phrase('Change to give')}</Text>
                      <Text fw={700} fz="lg">
                        {money(totals.change)}
                      </Text>
                    </Group>
                  )}
                </>
              )}
              {Object.keys(errors).length > 0 && (
                <Alert color="red" role="alert" title={phrase('The exchange was not saved')}>
                  {Object.values(errors).map((message) => (
                    <Text key={message} fz="sm">
                      {message}
                    </Text>
                  ))}
                </Alert>
              )}
              <Button id="exchange-save" size="lg" onClick={() => void save()} loading={saving} disabled={returns.length === 0}>
                {phrase('Save exchange and print')}
              </Button>
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
