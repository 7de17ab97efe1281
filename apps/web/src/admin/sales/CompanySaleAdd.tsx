import { COMPANY_PAYMENT_METHOD_LABELS, COMPANY_PAYMENT_METHODS, type CompanySaleView, type CounterItem } from '@haat/contracts';
import { Alert, Button, Card, Grid, Group, NumberInput, Select, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, get, post } from '../../lib/api';
import { MoneyInput } from '../../ui/resource/fields';
import { TableScroll } from '../../ui/TableScroll';
import { toast } from '../../ui/toast/toast';
import { useOrderWords } from '../orders/order-ui';

type Line = CounterItem & { quantity: number; discount: number };
const itemName = (item: CounterItem) => [item.product_name, item.variant_label].filter(Boolean).join(' — ');

/**
 * `/admin/sale/add/company`: a sale to a buyer company or a goods supplier on credit — items found
 * by SKU, barcode or name, what is paid now, the rest due by a date (decision 039).
 */
/** The buyers the form offers (`GET /api/admin/sales/company/buyers`). */
export interface BuyerChoices {
  companies: { id: number; name: string; phone: string; credit_limit: number }[];
  suppliers: { id: number; name: string; company: string; phone: string }[];
}

export default function CompanySaleAdd() {
  const { phrase, money, number } = useOrderWords();
  const navigate = useNavigate();
  const buyers = useQuery({
    queryKey: ['sales', 'company', 'buyers'],
    queryFn: () => get<{ data: BuyerChoices }>('/api/admin/sales/company/buyers').then((answer) => answer.data),
  });
  const [buyer, setBuyer] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [matches, setMatches] = useState<CounterItem[] | null>(null);
  const [lines, setLines] = useState<Line[]>([]);
  const [discount, setDiscount] = useState(0);
  const [paid, setPaid] = useState(0);
  const [method, setMethod] = useState<string>('cash');
  const [reference, setReference] = useState('');
  const [dueDate, setDueDate] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const add = (item: CounterItem) => {
    setLines((current) =>
      current.some((line) => line.variant_id === item.variant_id)
        ? current.map((line) => (line.variant_id === item.variant_id ? { ...line, quantity: line.quantity + 1 } : line))
        : [...current, { ...item, quantity: 1, discount: 0 }],
    );
    setMatches(null);
    setCode('');
  };
  const find = async (event: FormEvent) => {
    event.preventDefault();
    const text = code.trim();
    if (!text) return;
    const answer = await get<{ exact: boolean; data: CounterItem[] }>(
      `/api/admin/sales/counter/items?${new URLSearchParams({ code: text })}`,
    );
    const [first] = answer.data;
    if ((answer.exact || answer.data.length === 1) && first) add(first);
    else setMatches(answer.data);
  };
  const change = (index: number, patch: Partial<Line>) =>
    setLines((current) => current.map((line, at) => (at === index ? { ...line, ...patch } : line)));
  const subtotal = lines.reduce((sum, line) => sum + line.quantity * line.unit_price - line.discount, 0);
  const total = Math.max(0, subtotal - discount);

  const save = async () => {
    if (saving) return;
    setSaving(true);
    setErrors({});
    setMessage(null);
    try {
      const answer = await post<{ data: CompanySaleView; message: string }>('/api/admin/sales/company', {
        company_id: buyer?.startsWith('c') ? Number(buyer.slice(1)) : null,
        supplier_id: buyer?.startsWith('s') ? Number(buyer.slice(1)) : null,
        lines: lines.map(({ variant_id, quantity, unit_price, discount: off }) => ({ variant_id, quantity, unit_price, discount: off })),
        discount,
        paid,
        method,
        reference,
        due_date: dueDate,
        note,
      });
      toast.success(phrase(answer.message));
      navigate(`/admin/sale/view/${answer.data.id}`);
    } catch (failure) {
      if (failure instanceof ApiError) {
        setErrors(failure.fieldErrors());
        setMessage(failure.message);
      } else throw failure;
    } finally {
      setSaving(false);
    }
  };
  const buyerOptions = [
    {
      group: phrase('Companies'),
      items: (buyers.data?.companies ?? []).map((row) => ({ value: `c${row.id}`, label: row.name })),
    },
    {
      group: phrase('Suppliers'),
      items: (buyers.data?.suppliers ?? []).map((row) => ({ value: `s${row.id}`, label: row.name })),
    },
  ];
  const fieldError = (name: string) => (errors[name] ? phrase(errors[name]) : undefined);

  return (
    <Stack>
      <Title order={1}>{phrase('New company sale')}</Title>
      {message && (
        <Alert color="red" role="alert">
          {phrase(message)}
        </Alert>
      )}
      <Grid>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack>
            <Card withBorder>
              <Select
                label={phrase('Buyer')}
                data={buyerOptions}
                value={buyer}
                onChange={setBuyer}
                searchable
                required
                error={fieldError('company_id') ?? fieldError('supplier_id')}
              />
            </Card>
            <Card withBorder>
              <form onSubmit={find}>
                <Group align="flex-end">
                  <TextInput
                    label={phrase('Find an item by SKU, barcode or name')}
                    value={code}
                    onChange={(event) => setCode(event.currentTarget.value)}
                    style={{ flex: 1 }}
                  />
                  <Button type="submit" variant="light">
                    {phrase('Find')}
                  </Button>
                </Group>
              </form>
              {matches && (
                <Stack gap={4} mt="sm">
                  {matches.length === 0 && <Text c="dimmed">{phrase('Nothing matches “{{q}}”', { q: code })}</Text>}
                  {matches.map((item) => (
                    <Button key={item.variant_id} variant="subtle" justify="flex-start" onClick={() => add(item)}>
                      {`${itemName(item)} · ${item.sku} · ${money(item.unit_price)}`}
                    </Button>
                  ))}
                </Stack>
              )}
              {errors.lines && <Text c="red">{phrase(errors.lines)}</Text>}
              <TableScroll minWidth={720}>
                <Table mt="sm">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{phrase('Item')}</Table.Th>
                      <Table.Th>{phrase('Quantity')}</Table.Th>
                      <Table.Th>{phrase('Price')}</Table.Th>
                      <Table.Th>{phrase('Line discount')}</Table.Th>
                      <Table.Th ta="right">{phrase('Line total')}</Table.Th>
                      <Table.Th />
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {lines.map((line, index) => (
                      <Table.Tr key={line.variant_id}>
                        <Table.Td>
                          <Text size="sm">{itemName(line)}</Text>
                          <Text size="xs" c="dimmed">
                            {line.sku} · {phrase('In stock: {{n}}', { n: number(line.stock) })}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <NumberInput
                            aria-label={phrase('Quantity of {{name}}', { name: itemName(line) })}
                            min={1}
                            value={line.quantity}
                            onChange={(value) => change(index, { quantity: Math.max(1, Number(value) || 1) })}
                            error={fieldError(`lines.${index}.quantity`)}
                            w={90}
                          />
                        </Table.Td>
                        <Table.Td>
                          <MoneyInput
                            aria-label={phrase('Price of {{name}}', { name: itemName(line) })}
                            value={line.unit_price}
                            onChange={(value) => change(index, { unit_price: value ?? 0 })}
                            w={130}
                          />
                        </Table.Td>
                        <Table.Td>
                          <MoneyInput
                            aria-label={phrase('Discount on {{name}}', { name: itemName(line) })}
                            value={line.discount}
                            onChange={(value) => change(index, { discount: value ?? 0 })}
                            error={fieldError(`lines.${index}.discount`)}
                            w={120}
                          />
                        </Table.Td>
                        <Table.Td ta="right">{money(line.quantity * line.unit_price - line.discount)}</Table.Td>
                        <Table.Td>
                          <Button
                            variant="subtle"
                            color="red"
                            aria-label={phrase('Remove {{name}}', { name: itemName(line) })}
                            onClick={() => setLines((current) => current.filter((_, at) => at !== index))}
                          >
                            {phrase('Remove')}
                          </Button>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </TableScroll>
            </Card>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Card withBorder>
            <Stack>
              <Text>
                {phrase('Subtotal')}: {money(subtotal)}
              </Text>
              <MoneyInput
                label={phrase('Discount on the sale')}
                value={discount}
                onChange={(value) => setDiscount(value ?? 0)}
                error={fieldError('discount')}
              />
              <Text fw={700}>
                {phrase('Total')}: {money(total)}
              </Text>
              <MoneyInput label={phrase('Paid now')} value={paid} onChange={(value) => setPaid(value ?? 0)} error={fieldError('paid')} />
              <Select
                label={phrase('Payment method')}
                data={COMPANY_PAYMENT_METHODS.map((value) => ({ value, label: phrase(COMPANY_PAYMENT_METHOD_LABELS[value]) }))}
                value={method}
                onChange={(value) => setMethod(value ?? 'cash')}
                allowDeselect={false}
              />
              <TextInput label={phrase('Reference')} value={reference} onChange={(event) => setReference(event.currentTarget.value)} />
              <Text>
                {phrase('Due')}: {money(Math.max(0, total - paid))}
              </Text>
              <TextInput
                type="date"
                label={phrase('Due date')}
                value={dueDate}
                onChange={(event) => setDueDate(event.currentTarget.value)}
                error={fieldError('due_date')}
              />
              <Textarea label={phrase('Note')} value={note} onChange={(event) => setNote(event.currentTarget.value)} />
              <Button onClick={save} loading={saving} disabled={lines.length === 0}>
                {phrase('Save the sale')}
              </Button>
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
