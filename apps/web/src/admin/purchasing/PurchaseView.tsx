import {
  PURCHASE_STATUS_LABELS,
  type PurchaseDetail,
  type PurchaseLineView,
  SUPPLIER_PAYMENT_METHOD_LABELS,
  SUPPLIER_PAYMENT_METHODS,
} from '@haat/contracts';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError, get, post } from '../../lib/api';
import { usePhrase } from '../../lib/phrases';
import { MoneyInput } from '../../ui/resource/fields';
import { TableScroll } from '../../ui/TableScroll';
import { toast } from '../../ui/toast/toast';
import { PURCHASE_STATUS_COLORS } from '../resources/purchasing/purchase';
import { useCan } from '../useAdmin';
import { CreditNoteForm, CreditNoteList } from './PurchaseCreditNotes';
import { useMoney } from './PurchaseForm';
import './purchasing.css';

type Paper = 'order' | 'receipt';
const lineName = (line: PurchaseLineView) => (line.variant_label ? `${line.product_name} (${line.variant_label})` : line.product_name);

/**
 * `/admin/purchaseView/{id}`: a purchase with its lines, what arrived and went back, its credit notes
 * and payments; receive goods (all or some), return goods to the supplier, record a supplier's credit
 * note (decision 044), pay, and print the purchase order or a
 * goods-received note.
 */
export default function PurchaseView() {
  const phrase = usePhrase();
  const money = useMoney();
  const can = useCan();
  const { id } = useParams();
  const client = useQueryClient();
  const { data, error, isPending } = useQuery({
    queryKey: ['purchase', id],
    queryFn: () => get<{ data: PurchaseDetail }>(`/api/admin/purchases/${id}`).then((answer) => answer.data),
  });
  const [panel, setPanel] = useState<'receive' | 'return' | 'pay' | 'credit' | null>(null);
  const [paper, setPaper] = useState<Paper>('order');
  const [quantities, setQuantities] = useState<Record<number, number | ''>>({});
  const [reason, setReason] = useState('');
  const [amount, setAmount] = useState<number | null>(null);
  const [method, setMethod] = useState<string>('cash');
  const [reference, setReference] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [working, setWorking] = useState(false);

  if (isPending) return <Text>{phrase('Loading…')}</Text>;
  if (error || !data) return <Alert color="red">{error?.message ?? phrase('The purchase was not found.')}</Alert>;
  const purchase = data;
  const open = (line: PurchaseLineView) => line.quantity - line.received_quantity;
  const held = (line: PurchaseLineView) => line.received_quantity - line.returned_quantity;
  const anyOpen = purchase.lines.some((line) => open(line) > 0);
  const anyHeld = purchase.lines.some((line) => held(line) > 0);
  const anyCreditable = purchase.creditable.some((line) => line.amount > 0);

  const show = (next: typeof panel) => {
    setPanel(next);
    setErrors({});
    setMessage(null);
    setQuantities(
      Object.fromEntries(purchase.lines.map((line) => [line.id, next === 'receive' ? open(line) : 0])) as Record<number, number>,
    );
    if (next === 'pay') setAmount(Math.max(0, purchase.due));
  };

  const act = async (url: string, body: Record<string, unknown>) => {
    setWorking(true);
    setErrors({});
    setMessage(null);
    try {
      const answer = await post<{ message: string }>(url, body);
      toast.success(phrase(answer.message));
      setPanel(null);
      await client.invalidateQueries({ queryKey: ['purchase', id] });
    } catch (failure) {
      if (failure instanceof ApiError) {
        setErrors(failure.fieldErrors());
        setMessage(failure.message);
      } else throw failure;
    } finally {
      setWorking(false);
    }
  };
  const lineBody = () =>
    purchase.lines.map((line) => ({ line_id: line.id, quantity: Number(quantities[line.id] || 0) })).filter((line) => line.quantity > 0);
  const fieldOf = (lineId: number) => {
    const index = lineBody().findIndex((line) => line.line_id === lineId);
    return index >= 0 ? errors[`lines.${index}.quantity`] : undefined;
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (panel === 'receive') void act(`/api/admin/purchases/${id}/receive`, { lines: lineBody() });
    if (panel === 'return') void act(`/api/admin/purchases/${id}/returns`, { lines: lineBody(), reason });
    if (panel === 'pay')
      void act(`/api/admin/suppliers/${purchase.supplier_id}/payments`, {
        amount: amount ?? 0,
        method,
        reference,
        purchase_id: purchase.id,
      });
  };
  const print = (which: Paper) => {
    setPaper(which);
    setTimeout(() => window.print(), 50);
  };

  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Group gap="sm">
          <Title order={1}>{phrase('Purchase {{number}}', { number: purchase.number })}</Title>
          <Badge color={PURCHASE_STATUS_COLORS[purchase.status]} variant="light" size="lg">
            {phrase(PURCHASE_STATUS_LABELS[purchase.status])}
          </Badge>
        </Group>
        <Group gap="xs" wrap="wrap">
          {anyOpen && can('purchase.receive') && <Button onClick={() => show('receive')}>{phrase('Receive goods')}</Button>}
          {anyHeld && can('purchase.return') && (
            <Button variant="default" onClick={() => show('return')}>
              {phrase('Return to supplier')}
            </Button>
          )}
          {anyCreditable && can('purchase.credit') && (
            <Button variant="default" onClick={() => show('credit')}>
              {phrase('Record credit note')}
            </Button>
          )}
          {can('supplier.pay') && (
            <Button variant="default" onClick={() => show('pay')}>
              {phrase('Pay supplier')}
            </Button>
          )}
          {can('purchase.update') && (
            <Button component={Link} to={`/admin/purchaseEdit/${purchase.id}`} variant="default">
              {phrase('Edit')}
            </Button>
          )}
          <Button variant="default" onClick={() => print('order')}>
            {phrase('Print purchase order')}
          </Button>
          {purchase.received_units > 0 && (
            <Button variant="default" onClick={() => print('receipt')}>
              {phrase('Print goods-received note')}
            </Button>
          )}
        </Group>
      </Group>

      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
        <Card withBorder>
          <Text fz="sm" c="dimmed">
            {phrase('Supplier')}
          </Text>
          <Anchor component={Link} to={`/admin/supplier/${purchase.supplier_id}/amount`} fw={600}>
            {purchase.supplier_name}
          </Anchor>
          <Text fz="sm">{purchase.supplier_phone}</Text>
        </Card>
        <Card withBorder>
          <Text fz="sm" c="dimmed">
            {phrase('Date')}
          </Text>
          <Text fw={600}>{purchase.purchased_on}</Text>
          <Text fz="sm">{purchase.reference ? phrase('Reference: {{reference}}', { reference: purchase.reference }) : ''}</Text>
        </Card>
        <Card withBorder>
          <Text fz="sm" c="dimmed">
            {phrase('Total')}
          </Text>
          <Text fw={700} fz="lg">
            {money(purchase.total)}
          </Text>
          <Text fz="sm">{phrase('Paid {{paid}}', { paid: money(purchase.paid) })}</Text>
        </Card>
        <Card withBorder>
          <Text fz="sm" c="dimmed">
            {phrase('Due')}
          </Text>
          <Text fw={700} fz="lg" data-testid="purchase-due">
            {money(purchase.due)}
          </Text>
          <Text fz="sm">{purchase.returned_value ? phrase('Returned {{value}}', { value: money(purchase.returned_value) }) : ''}</Text>
          <Text fz="sm">{purchase.credited_value ? phrase('Credited {{value}}', { value: money(purchase.credited_value) }) : ''}</Text>
        </Card>
      </SimpleGrid>

      {panel === 'credit' && <CreditNoteForm purchase={purchase} onClose={() => setPanel(null)} />}
      {panel && panel !== 'credit' && (
        <Card
          withBorder
          component="form"
          onSubmit={submit}
          aria-label={phrase(panel === 'receive' ? 'Receive goods' : panel === 'return' ? 'Return to supplier' : 'Pay supplier')}
        >
          <Stack gap="sm">
            <Title order={2} fz="h4">
              {phrase(panel === 'receive' ? 'Receive goods' : panel === 'return' ? 'Return to supplier' : 'Pay supplier')}
            </Title>
            {message && (
              <Alert color="red" role="alert">
                {phrase(message)}
              </Alert>
            )}
            {panel !== 'pay' &&
              purchase.lines
                .filter((line) => (panel === 'receive' ? open(line) > 0 : held(line) > 0))
                .map((line) => (
                  <NumberInput
                    key={line.id}
                    label={`${lineName(line)} · ${line.sku}`}
                    description={
                      panel === 'receive'
                        ? phrase('{{n}} still to come', { n: open(line) })
                        : phrase('{{n}} received and not returned', { n: held(line) })
                    }
                    min={0}
                    max={panel === 'receive' ? open(line) : held(line)}
                    allowDecimal={false}
                    value={quantities[line.id] ?? 0}
                    onChange={(value) => setQuantities((current) => ({ ...current, [line.id]: value === '' ? '' : Number(value) }))}
                    error={fieldOf(line.id) ? phrase(fieldOf(line.id) as string) : undefined}
                  />
                ))}
            {panel === 'return' && (
              <TextInput
                label={phrase('Reason')}
                required
                value={reason}
                onChange={(event) => setReason(event.currentTarget.value)}
                error={errors.reason ? phrase(errors.reason) : undefined}
              />
            )}
            {panel === 'pay' && (
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <MoneyInput
                  label={phrase('Amount')}
                  required
                  value={amount}
                  onChange={setAmount}
                  error={errors.amount ? phrase(errors.amount) : undefined}
                />
                <Select
                  label={phrase('Paid by')}
                  data={SUPPLIER_PAYMENT_METHODS.map((value) => ({ value, label: phrase(SUPPLIER_PAYMENT_METHOD_LABELS[value]) }))}
                  value={method}
                  onChange={(value) => setMethod(value ?? 'cash')}
                  allowDeselect={false}
                />
                <TextInput
                  label={phrase('Payment reference')}
                  value={reference}
                  onChange={(event) => setReference(event.currentTarget.value)}
                />
              </SimpleGrid>
            )}
            <Group>
              <Button type="submit" loading={working}>
                {phrase(panel === 'receive' ? 'Receive into stock' : panel === 'return' ? 'Return these goods' : 'Record payment')}
              </Button>
              <Button variant="default" onClick={() => setPanel(null)}>
                {phrase('Cancel')}
              </Button>
            </Group>
          </Stack>
        </Card>
      )}

      <Card withBorder>
        <Title order={2} fz="h4" mb="sm">
          {phrase('Products')}
        </Title>
        <TableScroll minWidth={760}>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{phrase('Product')}</Table.Th>
                <Table.Th ta="right">{phrase('Ordered')}</Table.Th>
                <Table.Th ta="right">{phrase('Received')}</Table.Th>
                <Table.Th ta="right">{phrase('Returned')}</Table.Th>
                <Table.Th ta="right">{phrase('Unit cost')}</Table.Th>
                <Table.Th ta="right">{phrase('Landed unit cost')}</Table.Th>
                <Table.Th ta="right">{phrase('In stock now')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {purchase.lines.map((line) => (
                <Table.Tr key={line.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/admin/product/edit/${line.product_id}`} fz="sm">
                      {lineName(line)}
                    </Anchor>
                    <Text fz="xs" c="dimmed">
                      {line.sku}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{line.quantity}</Table.Td>
                  <Table.Td ta="right">{line.received_quantity}</Table.Td>
                  <Table.Td ta="right">{line.returned_quantity}</Table.Td>
                  <Table.Td ta="right">{money(line.unit_cost)}</Table.Td>
                  <Table.Td ta="right">{money(line.landed_unit_cost)}</Table.Td>
                  <Table.Td ta="right" data-testid={`stock-${line.variant_id}`}>
                    {line.stock}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
        <Stack gap={2} mt="sm" align="flex-end">
          <Text fz="sm">{phrase('Subtotal {{value}}', { value: money(purchase.subtotal) })}</Text>
          <Text fz="sm">{phrase('Discount {{value}}', { value: money(purchase.discount) })}</Text>
          <Text fz="sm">{phrase('Shipping {{value}}', { value: money(purchase.shipping_cost) })}</Text>
          <Text fw={700}>{phrase('Total {{value}}', { value: money(purchase.total) })}</Text>
        </Stack>
      </Card>

      <CreditNoteList purchase={purchase} />

      <Card withBorder>
        <Title order={2} fz="h4" mb="sm">
          {phrase('History')}
        </Title>
        {purchase.events.length === 0 ? (
          <Text c="dimmed">{phrase('Nothing received, returned or paid yet.')}</Text>
        ) : (
          <TableScroll minWidth={560}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{phrase('Date')}</Table.Th>
                  <Table.Th>{phrase('What')}</Table.Th>
                  <Table.Th ta="right">{phrase('Units')}</Table.Th>
                  <Table.Th ta="right">{phrase('Amount')}</Table.Th>
                  <Table.Th>{phrase('By')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {purchase.events.map((event) => (
                  <Table.Tr key={`${event.kind}-${event.id}`}>
                    <Table.Td>{event.on}</Table.Td>
                    <Table.Td>
                      {phrase(
                        event.kind === 'receipt'
                          ? 'Goods received'
                          : event.kind === 'return'
                            ? 'Returned to the supplier'
                            : event.kind === 'credit_note'
                              ? 'Credit note'
                              : 'Payment',
                      )}
                      {event.method ? ` · ${phrase(SUPPLIER_PAYMENT_METHOD_LABELS[event.method])}` : ''}
                      {event.reference ? ` · ${event.reference}` : ''}
                      {event.note ? ` · ${event.note}` : ''}
                    </Table.Td>
                    <Table.Td ta="right">{event.units || ''}</Table.Td>
                    <Table.Td ta="right">{money(event.amount)}</Table.Td>
                    <Table.Td>{event.by ?? ''}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        )}
      </Card>

      <PurchasePaper purchase={purchase} paper={paper} />
    </Stack>
  );
}

/** The printed purchase order, or the goods-received note of every receipt so far. */
function PurchasePaper({ purchase, paper }: { purchase: PurchaseDetail; paper: Paper }) {
  const phrase = usePhrase();
  const money = useMoney();
  return (
    <section className="purchase-paper" aria-hidden="true">
      <h2>{phrase(paper === 'order' ? 'Purchase order {{number}}' : 'Goods-received note {{number}}', { number: purchase.number })}</h2>
      <p>
        {purchase.supplier_name}
        {purchase.supplier_company ? `, ${purchase.supplier_company}` : ''}
        <br />
        {purchase.supplier_address}
        <br />
        {purchase.supplier_phone}
      </p>
      <p>
        {phrase('Date')}: {purchase.purchased_on}
        {purchase.reference ? ` · ${phrase('Reference: {{reference}}', { reference: purchase.reference })}` : ''}
      </p>
      <table>
        <thead>
          <tr>
            <th>{phrase('Product')}</th>
            <th>SKU</th>
            <th className="amount">{phrase(paper === 'order' ? 'Ordered' : 'Received')}</th>
            {paper === 'receipt' && <th className="amount">{phrase('Returned')}</th>}
            <th className="amount">{phrase('Unit cost')}</th>
            <th className="amount">{phrase('Amount')}</th>
          </tr>
        </thead>
        <tbody>
          {purchase.lines.map((line) => {
            const units = paper === 'order' ? line.quantity : line.received_quantity;
            return (
              <tr key={line.id}>
                <td>{lineName(line)}</td>
                <td>{line.sku}</td>
                <td className="amount">{units}</td>
                {paper === 'receipt' && <td className="amount">{line.returned_quantity}</td>}
                <td className="amount">{money(paper === 'order' ? line.unit_cost : line.landed_unit_cost)}</td>
                <td className="amount">{money(units * (paper === 'order' ? line.unit_cost : line.landed_unit_cost))}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {paper === 'order' ? (
        <p className="amount">
          {phrase('Subtotal {{value}}', { value: money(purchase.subtotal) })} ·{' '}
          {phrase('Discount {{value}}', { value: money(purchase.discount) })} ·{' '}
          {phrase('Shipping {{value}}', { value: money(purchase.shipping_cost) })} ·{' '}
          <strong>{phrase('Total {{value}}', { value: money(purchase.total) })}</strong>
        </p>
      ) : (
        <p className="amount">
          <strong>{phrase('Received value {{value}}', { value: money(purchase.received_value) })}</strong>
        </p>
      )}
      <p>
        <br />
        {phrase('Signature')}: ____________________
      </p>
    </section>
  );
}
