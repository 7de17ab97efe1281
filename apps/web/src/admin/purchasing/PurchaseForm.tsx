import {
  formatMoney,
  type PurchaseDetail,
  type PurchaseInput,
  SUPPLIER_PAYMENT_METHOD_LABELS,
  SUPPLIER_PAYMENT_METHODS,
  type SupplierView,
} from '@haat/contracts';
import {
  Alert,
  Button,
  Card,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError, get, post, put } from '../../lib/api';
import { usePhrase } from '../../lib/phrases';
import { useSiteInfo } from '../../lib/site';
import { MoneyInput } from '../../ui/resource/fields';
import { TableScroll } from '../../ui/TableScroll';
import { toast } from '../../ui/toast/toast';
import type { ResourceFormScreenProps } from '../resources/types';
import './purchasing.css';

/** A variant the search found (GET /api/admin/purchase-variants). */
export interface VariantHit {
  variant_id: number;
  product_id: number;
  product_name: string;
  variant_label: string;
  sku: string;
  barcode: string | null;
  stock: number;
  unit_cost: number;
  last_cost: number | null;
  last_supplier: string | null;
}

interface LineState {
  id?: number;
  variant_id: number;
  name: string;
  sku: string;
  quantity: number | '';
  unit_cost: number | null;
  received: number;
}

const today = () => new Date().toISOString().slice(0, 10);

/** The money formatter in the page's language. */
export function useMoney() {
  const site = useSiteInfo();
  const { i18n } = useTranslation();
  return (paisa: number) => formatMoney(paisa, site?.currency_symbol, i18n.language);
}

/**
 * `/admin/addPurchase` and `/admin/purchaseEdit/{id}`: a supplier, a date and reference, lines of
 * variants at cost (found by name, SKU or barcode; a scanner's Enter adds the exact match), discount
 * and shipping (spread over the lines by value), and what is paid now. Lines already received keep
 * their cost and cannot go below what arrived (decision 034).
 */
export default function PurchaseForm({ mode }: ResourceFormScreenProps) {
  const phrase = usePhrase();
  const money = useMoney();
  const navigate = useNavigate();
  const { id } = useParams();
  const existing = useQuery({
    queryKey: ['purchase', id],
    queryFn: () => get<{ data: PurchaseDetail }>(`/api/admin/purchases/${id}`).then((answer) => answer.data),
    enabled: mode === 'edit' && Boolean(id),
  });
  const suppliers = useQuery({
    queryKey: ['purchase-suppliers'],
    queryFn: () => get<{ data: SupplierView[] }>('/api/admin/suppliers?per_page=100&sort=name'),
  });
  const [supplierId, setSupplierId] = useState<string | null>(null);
  const [purchasedOn, setPurchasedOn] = useState(today());
  const [reference, setReference] = useState('');
  const [status, setStatus] = useState<'draft' | 'ordered'>('ordered');
  const [note, setNote] = useState('');
  const [discount, setDiscount] = useState<number | null>(0);
  const [shipping, setShipping] = useState<number | null>(0);
  const [paidNow, setPaidNow] = useState<number | null>(0);
  const [method, setMethod] = useState<string>('cash');
  const [paymentReference, setPaymentReference] = useState('');
  const [lines, setLines] = useState<LineState[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [q, setQ] = useState('');
  const [search, setSearch] = useState('');

  useEffect(() => {
    const purchase = existing.data;
    if (!purchase) return;
    setSupplierId(String(purchase.supplier_id));
    setPurchasedOn(purchase.purchased_on);
    setReference(purchase.reference);
    setStatus(purchase.status === 'draft' ? 'draft' : 'ordered');
    setNote(purchase.note);
    setDiscount(purchase.discount);
    setShipping(purchase.shipping_cost);
    setLines(
      purchase.lines.map((line) => ({
        id: line.id,
        variant_id: line.variant_id,
        name: line.variant_label ? `${line.product_name} (${line.variant_label})` : line.product_name,
        sku: line.sku,
        quantity: line.quantity,
        unit_cost: line.unit_cost,
        received: line.received_quantity,
      })),
    );
  }, [existing.data]);

  useEffect(() => {
    const timer = setTimeout(() => setSearch(q.trim()), 200);
    return () => clearTimeout(timer);
  }, [q]);
  const hits = useQuery({
    queryKey: ['purchase-variants', search, supplierId],
    queryFn: () =>
      get<{ data: VariantHit[] }>(
        `/api/admin/purchase-variants?q=${encodeURIComponent(search)}${supplierId ? `&supplier_id=${supplierId}` : ''}`,
      ).then((answer) => answer.data),
    enabled: search.length > 0,
  });

  const addLine = (hit: VariantHit) => {
    setLines((current) => {
      const found = current.findIndex((line) => line.variant_id === hit.variant_id);
      if (found >= 0) return current.map((line, index) => (index === found ? { ...line, quantity: Number(line.quantity || 0) + 1 } : line));
      return [
        ...current,
        {
          variant_id: hit.variant_id,
          name: hit.variant_label ? `${hit.product_name} (${hit.variant_label})` : hit.product_name,
          sku: hit.sku,
          quantity: 1,
          unit_cost: hit.last_cost ?? hit.unit_cost,
          received: 0,
        },
      ];
    });
    setQ('');
    setSearch('');
  };

  const subtotal = useMemo(() => lines.reduce((sum, line) => sum + Number(line.quantity || 0) * (line.unit_cost ?? 0), 0), [lines]);
  const total = subtotal - (discount ?? 0) + (shipping ?? 0);
  const received = existing.data?.has_receipts ?? false;
  const supplierOptions = (suppliers.data?.data ?? []).map((supplier) => ({
    value: String(supplier.id),
    label: supplier.company ? `${supplier.name} — ${supplier.company}` : supplier.name,
  }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setErrors({});
    setMessage(null);
    const body: PurchaseInput = {
      supplier_id: Number(supplierId ?? 0),
      purchased_on: purchasedOn,
      reference,
      status,
      note,
      discount: discount ?? 0,
      shipping_cost: shipping ?? 0,
      lines: lines.map((line) => ({
        id: line.id,
        variant_id: line.variant_id,
        quantity: Number(line.quantity || 0),
        unit_cost: line.unit_cost ?? 0,
      })),
      paid_now: paidNow ?? 0,
      payment_method: method as PurchaseInput['payment_method'],
      payment_reference: paymentReference,
    };
    try {
      const answer =
        mode === 'edit'
          ? await put<{ data: PurchaseDetail; message: string }>(`/api/admin/purchases/${id}`, body)
          : await post<{ data: PurchaseDetail; message: string }>('/api/admin/purchases', body);
      toast.success(phrase(answer.message));
      navigate(`/admin/purchaseView/${answer.data.id}`);
    } catch (error) {
      if (error instanceof ApiError) {
        setErrors(error.fieldErrors());
        setMessage(error.message);
      } else throw error;
    } finally {
      setSaving(false);
    }
  };
  const err = (path: string) => (errors[path] ? phrase(errors[path]) : undefined);

  if (mode === 'edit' && existing.isPending) return <Text>{phrase('Loading…')}</Text>;
  if (existing.error) return <Alert color="red">{existing.error.message}</Alert>;

  return (
    <Stack component="form" onSubmit={submit}>
      <Group justify="space-between">
        <Title order={1}>
          {mode === 'edit' ? phrase('Edit purchase {{number}}', { number: existing.data?.number ?? '' }) : phrase('Add purchase')}
        </Title>
        <Button component={Link} to="/admin/purchase" variant="default">
          {phrase('All purchases')}
        </Button>
      </Group>
      {message && (
        <Alert color="red" role="alert">
          {phrase(message)}
          {Object.entries(errors)
            .filter(([path]) => path.startsWith('lines'))
            .map(([path, text]) => (
              <div key={path}>{phrase(text)}</div>
            ))}
        </Alert>
      )}
      {received && (
        <Alert color="blue">
          {phrase(
            'Goods of this purchase have arrived: the supplier, discount, shipping and the cost of received lines are fixed. Return goods from the purchase page to correct them.',
          )}
        </Alert>
      )}
      <Card withBorder>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
          <Select
            label={phrase('Supplier')}
            required
            searchable
            data={supplierOptions}
            value={supplierId}
            onChange={setSupplierId}
            error={err('supplier_id')}
            disabled={received}
            nothingFoundMessage={phrase('No supplier found')}
          />
          <TextInput
            type="date"
            label={phrase('Date')}
            required
            value={purchasedOn}
            onChange={(event) => setPurchasedOn(event.currentTarget.value)}
            error={err('purchased_on')}
          />
          <TextInput
            label={phrase('Reference')}
            description={phrase("The supplier's invoice or challan number")}
            value={reference}
            onChange={(event) => setReference(event.currentTarget.value)}
            error={err('reference')}
          />
          {!received && (
            <Stack gap={4}>
              <Text fz="sm" fw={500} id="purchase-status-label">
                {phrase('Status')}
              </Text>
              <SegmentedControl
                aria-labelledby="purchase-status-label"
                value={status}
                onChange={(value) => setStatus(value as 'draft' | 'ordered')}
                data={[
                  { value: 'draft', label: phrase('Draft') },
                  { value: 'ordered', label: phrase('Ordered') },
                ]}
              />
            </Stack>
          )}
        </SimpleGrid>
      </Card>

      <Card withBorder>
        <Stack gap="sm">
          <Title order={2} fz="h4">
            {phrase('Products')}
          </Title>
          <TextInput
            label={phrase('Find a product')}
            description={phrase('Name, SKU or barcode; a scanner adds the product at once')}
            value={q}
            onChange={(event) => setQ(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              event.preventDefault();
              const first = hits.data?.find((hit) => hit.barcode === q.trim() || hit.sku === q.trim().toUpperCase()) ?? hits.data?.[0];
              if (first) addLine(first);
            }}
            error={err('lines')}
          />
          {search && (hits.data?.length ?? 0) > 0 && (
            <Stack gap={4} role="list" aria-label={phrase('Products found')}>
              {hits.data?.map((hit) => (
                <Button
                  key={hit.variant_id}
                  role="listitem"
                  variant="subtle"
                  justify="space-between"
                  onClick={() => addLine(hit)}
                  styles={{
                    label: {
                      width: '100%',
                      justifyContent: 'space-between',
                      display: 'flex',
                      gap: 8,
                      whiteSpace: 'normal',
                      textAlign: 'left',
                    },
                  }}
                  h="auto"
                  py={6}
                >
                  <span>
                    {hit.product_name}
                    {hit.variant_label ? ` (${hit.variant_label})` : ''} · {hit.sku}
                  </span>
                  <span>
                    {phrase('Stock {{n}}', { n: hit.stock })} · {money(hit.last_cost ?? hit.unit_cost)}
                  </span>
                </Button>
              ))}
            </Stack>
          )}
          {search && hits.data?.length === 0 && <Text c="dimmed">{phrase('No product matches.')}</Text>}
          <TableScroll minWidth={720}>
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{phrase('Product')}</Table.Th>
                  <Table.Th>{phrase('Quantity')}</Table.Th>
                  <Table.Th>{phrase('Unit cost')}</Table.Th>
                  <Table.Th ta="right">{phrase('Line total')}</Table.Th>
                  <Table.Th>
                    <span className="visually-hidden">{phrase('Remove')}</span>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {lines.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={5}>
                      <Text c="dimmed">{phrase('No products yet: find one above.')}</Text>
                    </Table.Td>
                  </Table.Tr>
                )}
                {lines.map((line, index) => (
                  <Table.Tr key={line.variant_id}>
                    <Table.Td>
                      <Text fz="sm" fw={500}>
                        {line.name}
                      </Text>
                      <Text fz="xs" c="dimmed">
                        {line.sku}
                        {line.received > 0 ? ` · ${phrase('{{n}} received', { n: line.received })}` : ''}
                      </Text>
                    </Table.Td>
                    <Table.Td w={130}>
                      <NumberInput
                        label={phrase('Quantity of {{product}}', { product: line.name })}
                        labelProps={{ className: 'visually-hidden' }}
                        min={Math.max(1, line.received)}
                        allowDecimal={false}
                        value={line.quantity}
                        onChange={(value) =>
                          setLines((current) =>
                            current.map((each, at) => (at === index ? { ...each, quantity: value === '' ? '' : Number(value) } : each)),
                          )
                        }
                        error={err(`lines.${index}.quantity`)}
                      />
                    </Table.Td>
                    <Table.Td w={170}>
                      <MoneyInput
                        label={phrase('Unit cost of {{product}}', { product: line.name })}
                        labelProps={{ className: 'visually-hidden' }}
                        value={line.unit_cost}
                        disabled={line.received > 0}
                        onChange={(value) =>
                          setLines((current) => current.map((each, at) => (at === index ? { ...each, unit_cost: value } : each)))
                        }
                        error={err(`lines.${index}.unit_cost`)}
                      />
                    </Table.Td>
                    <Table.Td ta="right">{money(Number(line.quantity || 0) * (line.unit_cost ?? 0))}</Table.Td>
                    <Table.Td>
                      <Button
                        variant="subtle"
                        color="red"
                        size="xs"
                        disabled={line.received > 0}
                        onClick={() => setLines((current) => current.filter((_, at) => at !== index))}
                        aria-label={phrase('Remove {{product}}', { product: line.name })}
                      >
                        {phrase('Remove')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        </Stack>
      </Card>

      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder>
          <Stack gap="sm">
            <MoneyInput label={phrase('Discount')} value={discount} onChange={setDiscount} error={err('discount')} disabled={received} />
            <MoneyInput
              label={phrase('Shipping cost')}
              description={phrase('Spread over the lines by value: it becomes part of each unit’s cost')}
              value={shipping}
              onChange={setShipping}
              error={err('shipping_cost')}
              disabled={received}
            />
            <Textarea
              label={phrase('Note')}
              value={note}
              onChange={(event) => setNote(event.currentTarget.value)}
              error={err('note')}
              autosize
              minRows={2}
            />
          </Stack>
        </Card>
        <Card withBorder>
          <Stack gap="sm">
            <Group justify="space-between">
              <Text>{phrase('Subtotal')}</Text>
              <Text>{money(subtotal)}</Text>
            </Group>
            <Group justify="space-between">
              <Text fw={700}>{phrase('Total')}</Text>
              <Text fw={700} data-testid="purchase-total">
                {money(total)}
              </Text>
            </Group>
            <MoneyInput label={phrase('Paid now')} value={paidNow} onChange={setPaidNow} error={err('paid_now')} />
            {(paidNow ?? 0) > 0 && (
              <SimpleGrid cols={2}>
                <Select
                  label={phrase('Paid by')}
                  data={SUPPLIER_PAYMENT_METHODS.map((value) => ({ value, label: phrase(SUPPLIER_PAYMENT_METHOD_LABELS[value]) }))}
                  value={method}
                  onChange={(value) => setMethod(value ?? 'cash')}
                  allowDeselect={false}
                  error={err('payment_method')}
                />
                <TextInput
                  label={phrase('Payment reference')}
                  value={paymentReference}
                  onChange={(event) => setPaymentReference(event.currentTarget.value)}
                  error={err('payment_reference')}
                />
              </SimpleGrid>
            )}
            <Group justify="space-between">
              <Text>{phrase('Due')}</Text>
              <Text>{money(total - (existing.data ? existing.data.paid + existing.data.returned_value : 0) - (paidNow ?? 0))}</Text>
            </Group>
            <Button type="submit" loading={saving}>
              {phrase('Save purchase')}
            </Button>
          </Stack>
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
