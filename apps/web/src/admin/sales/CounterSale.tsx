import {
  type CounterItem,
  type CounterSaleDetail,
  counterSaleTotals,
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

interface Line extends CounterItem {
  quantity: number;
  discount: number;
}

interface Payment {
  /** The row's identity on screen. */
  key: number;
  method: Exclude<SalePaymentMethod, 'cash'>;
  amount: number;
  reference: string;
}

const itemName = (item: { product_name: string; variant_label: string }) =>
  item.variant_label ? `${item.product_name} (${item.variant_label})` : item.product_name;

/**
 * `/admin/sale/add`: the counter's point of sale. The scan box keeps the focus: a scanner types a
 * barcode and Enter, which adds the item (or one more of it); typed words show the matches. F2 pays,
 * Esc goes back to the scan box. After the sale, its receipt opens ready to print.
 */
export default function CounterSale() {
  const { phrase, money, number } = useOrderWords();
  const navigate = useNavigate();
  const scanRef = useRef<HTMLInputElement>(null);
  const cashRef = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [matches, setMatches] = useState<CounterItem[] | null>(null);
  const [lines, setLines] = useState<Line[]>([]);
  const [discount, setDiscount] = useState(0);
  const [cash, setCash] = useState(0);
  const [payments, setPayments] = useState<Payment[]>([]);
  const [customerName, setCustomerName] = useState('');
  const [customerPhone, setCustomerPhone] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [scanMessage, setScanMessage] = useState('');

  const allPayments = [
    ...(cash > 0 ? [{ method: 'cash' as const, amount: cash, reference: '' }] : []),
    ...payments.map(({ method, amount, reference }) => ({ method, amount, reference })),
  ];
  const totals = counterSaleTotals({
    discount,
    lines: lines.map((line) => ({ quantity: line.quantity, unit_price: line.unit_price, discount: line.discount })),
    payments: allPayments,
  });

  const add = (item: CounterItem) => {
    setLines((current) => {
      const found = current.find((line) => line.variant_id === item.variant_id);
      if (found) return current.map((line) => (line === found ? { ...line, quantity: line.quantity + 1 } : line));
      return [...current, { ...item, quantity: 1, discount: 0 }];
    });
    setScanMessage(phrase('Added: {{name}}', { name: itemName(item) }));
    setMatches(null);
    setCode('');
    scanRef.current?.focus();
  };

  const scan = async () => {
    const text = code.trim();
    if (!text) return;
    const answer = await get<{ exact: boolean; data: CounterItem[] }>(
      `/api/admin/sales/counter/items?${new URLSearchParams({ code: text })}`,
    );
    const [first] = answer.data;
    if (answer.exact && first) add(first);
    else if (answer.data.length === 1 && first) add(first);
    else {
      setMatches(answer.data);
      setScanMessage(
        answer.data.length
          ? phrase('{{n}} matches: choose one', { n: number(answer.data.length) })
          : phrase('Nothing matches “{{q}}”', { q: text }),
      );
    }
  };

  const pay = async () => {
    if (saving) return;
    setSaving(true);
    setErrors({});
    try {
      const answer = await post<{ data: CounterSaleDetail; message: string }>('/api/admin/sales/counter', {
        customer_name: customerName,
        customer_phone: customerPhone,
        discount,
        lines: lines.map((line) => ({
          variant_id: line.variant_id,
          quantity: line.quantity,
          unit_price: line.unit_price,
          discount: line.discount,
        })),
        payments: allPayments,
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
    scanRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'F2') {
        event.preventDefault();
        document.getElementById('counter-pay')?.click();
      } else if (event.key === 'F4') {
        event.preventDefault();
        cashRef.current?.focus();
      } else if (event.key === 'Escape') {
        setMatches(null);
        scanRef.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const setLine = (index: number, patch: Partial<Line>) =>
    setLines((current) => current.map((line, at) => (at === index ? { ...line, ...patch } : line)));

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {phrase('Counter sale')}
        </Title>
        <Text fz="sm" c="dimmed">
          {/* i18n-ignore: the keys are named as printed on the keyboard */}
          <Kbd>Enter</Kbd> {phrase('adds')} · <Kbd>F4</Kbd> {phrase('cash')} · <Kbd>F2</Kbd> {phrase('pay and print')} · <Kbd>Esc</Kbd>{' '}
          {phrase('back to the scan box')}
        </Text>
      </Group>
      <Grid>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack>
            <form
              onSubmit={(event) => {
                event.preventDefault();
                void scan();
              }}
            >
              <TextInput
                ref={scanRef}
                label={phrase('Scan or type a barcode, SKU or name')}
                value={code}
                onChange={(event) => setCode(event.currentTarget.value)}
                autoComplete="off"
                size="md"
              />
            </form>
            <Text fz="sm" role="status" aria-live="polite">
              {scanMessage}
            </Text>
            {matches && matches.length > 0 && (
              <Card withBorder>
                <Stack gap="xs">
                  {matches.map((item) => (
                    <Button
                      key={item.variant_id}
                      variant="light"
                      justify="space-between"
                      onClick={() => add(item)}
                      disabled={item.stock <= 0}
                    >
                      {itemName(item)} · {item.sku} · {money(item.unit_price)} · {phrase('{{n}} in stock', { n: number(item.stock) })}
                    </Button>
                  ))}
                </Stack>
              </Card>
            )}
            <TableScroll minWidth={640}>
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{phrase('Item')}</Table.Th>
                    <Table.Th>{phrase('Quantity')}</Table.Th>
                    <Table.Th>{phrase('Price')}</Table.Th>
                    <Table.Th>{phrase('Discount')}</Table.Th>
                    <Table.Th ta="right">{phrase('Amount')}</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>{phrase('Remove')}</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {lines.length === 0 && (
                    <Table.Tr>
                      <Table.Td colSpan={6}>
                        <Text c="dimmed">{phrase('Scan an item to start the sale.')}</Text>
                      </Table.Td>
                    </Table.Tr>
                  )}
                  {lines.map((line, index) => (
                    <Table.Tr key={line.variant_id}>
                      <Table.Td>
                        <Text fz="sm" fw={600}>
                          {itemName(line)}
                        </Text>
                        <Text fz="xs" c="dimmed">
                          {line.sku} · {phrase('{{n}} in stock', { n: number(line.stock) })}
                        </Text>
                      </Table.Td>
                      <Table.Td miw={90}>
                        <NumberInput
                          aria-label={phrase('Quantity of {{name}}', { name: itemName(line) })}
                          min={1}
                          value={line.quantity}
                          onChange={(value) => setLine(index, { quantity: Number(value) || 1 })}
                          error={errors[`lines.${index}.quantity`]}
                        />
                      </Table.Td>
                      <Table.Td miw={130}>
                        <MoneyInput
                          aria-label={phrase('Price of {{name}}', { name: itemName(line) })}
                          value={line.unit_price}
                          onChange={(paisa) => setLine(index, { unit_price: paisa ?? 0 })}
                          error={errors[`lines.${index}.unit_price`]}
                        />
                      </Table.Td>
                      <Table.Td miw={120}>
                        <MoneyInput
                          aria-label={phrase('Discount on {{name}}', { name: itemName(line) })}
                          value={line.discount}
                          onChange={(paisa) => setLine(index, { discount: paisa ?? 0 })}
                          error={errors[`lines.${index}.discount`]}
                        />
                      </Table.Td>
                      <Table.Td ta="right">{money(line.quantity * line.unit_price - line.discount)}</Table.Td>
                      <Table.Td>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={phrase('Remove {{name}}', { name: itemName(line) })}
                          onClick={() => setLines((current) => current.filter((_, at) => at !== index))}
                        >
                          ×
                        </ActionIcon>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </TableScroll>
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
                <Text>{phrase('Subtotal')}</Text>
                <Text>{money(totals.subtotal)}</Text>
              </Group>
              <MoneyInput
                label={phrase('Discount on the sale')}
                value={discount}
                onChange={(paisa) => setDiscount(paisa ?? 0)}
                error={errors.discount}
              />
              <Group justify="space-between">
                <Text fw={700} fz="xl">
                  {phrase('Total')}
                </Text>
                <Text fw={700} fz="xl">
                  {money(totals.total)}
                </Text>
              </Group>
              <MoneyInput ref={cashRef} label={phrase('Cash received')} value={cash} onChange={(paisa) => setCash(paisa ?? 0)} />
              {payments.map((payment, index) => (
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
                      onChange={(value) =>
                        setPayments((current) =>
                          current.map((item, at) => (at === index ? { ...item, method: (value ?? 'card') as Payment['method'] } : item)),
                        )
                      }
                    />
                    <MoneyInput
                      label={phrase('Amount')}
                      value={payment.amount}
                      onChange={(paisa) =>
                        setPayments((current) => current.map((item, at) => (at === index ? { ...item, amount: paisa ?? 0 } : item)))
                      }
                      error={errors[`payments.${index + (cash > 0 ? 1 : 0)}.amount`]}
                    />
                    <TextInput
                      label={phrase('Transaction id')}
                      value={payment.reference}
                      onChange={(event) => {
                        const reference = event.currentTarget.value;
                        setPayments((current) => current.map((item, at) => (at === index ? { ...item, reference } : item)));
                      }}
                      error={errors[`payments.${index + (cash > 0 ? 1 : 0)}.reference`]}
                    />
                    <Button variant="subtle" color="red" onClick={() => setPayments((current) => current.filter((_, at) => at !== index))}>
                      {phrase('Remove this payment')}
                    </Button>
                  </Stack>
                </Card>
              ))}
              <Button
                variant="light"
                onClick={() =>
                  setPayments((current) => [
                    ...current,
                    { key: Date.now(), method: 'bkash', amount: Math.max(0, totals.total - totals.tendered), reference: '' },
                  ])
                }
              >
                {phrase('Add card or mobile payment')}
              </Button>
              <Group justify="space-between">
                <Text>{phrase('Paid')}</Text>
                <Text>{money(totals.tendered)}</Text>
              </Group>
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
              {Object.keys(errors).length > 0 && (
                <Alert color="red" role="alert" title={phrase('The sale was not saved')}>
                  {Object.values(errors).map((message) => (
                    <Text key={message} fz="sm">
                      {message}
                    </Text>
                  ))}
                </Alert>
              )}
              <Button id="counter-pay" size="lg" onClick={() => void pay()} loading={saving} disabled={lines.length === 0}>
                {phrase('Pay and print receipt')}
              </Button>
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
