import '../stacked-table.css';
import {
  type CustomerLookup,
  EDITABLE_ORDER_STATUSES,
  type EntryVariant,
  exchangeOrderInput,
  type OrderView,
  orderEditInput,
  PAYMENT_METHODS,
  type PaymentMethodCode,
  type PublicCity,
  type PublicSubCity,
  type StaffOrderQuote,
  staffOrderInput,
} from '@haat/contracts';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Grid,
  Group,
  NumberInput,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError, get, post, put } from '../../../lib/api';
import { MoneyInput } from '../../../ui/resource/fields';
import { toast } from '../../../ui/toast/toast';
import { useZodForm } from '../../../ui/useZodForm';
import { EntryPhoneRisk } from '../../risk/EntryPhoneRisk';
import { useCan } from '../../useAdmin';
import { useOrderWords } from '../order-ui';
import { useEntryT } from './messages';
import { TierEditor } from './TierEditor';

export type EntryKind = 'phone' | 'wholesale' | 'exchange' | 'edit';

/** A line of the form: what was chosen, with what the search said about it. */
interface FormLine {
  variant_id: number;
  product_id: number;
  name: string;
  variant_label: string;
  sku: string;
  quantity: number;
  wholesale_price?: number;
  /** The stock the search showed when it was added: says "only n left" before the quote (which needs a city) answers. */
  stock?: number;
}

interface ExchangeableOrder {
  order: OrderView;
  returnable: Record<string, number>;
}

/** What comes back from the earlier order of an exchange: its line and how many. */
type Returned = { line_id: number; quantity: number };

/** The form's values: every kind's fields (each kind's contract reads its own), the lines with what was chosen. */
type Values = {
  name: string;
  phone: string;
  address: string;
  city_id: string | null;
  sub_city_id: string | null;
  lines: FormLine[];
  discount: number;
  advance_paid: number;
  source: string;
  payment_method: PaymentMethodCode;
  note: string;
  reason: string;
  idempotency_key: string;
  exchange_of_order_id: number | null;
  returned: Returned[];
};

/** What the server checks each kind with: the form checks it first. */
const CONTRACTS = { phone: staffOrderInput, wholesale: staffOrderInput, exchange: exchangeOrderInput, edit: orderEditInput };

const lineName = (line: { name: string; variant_label: string }) =>
  line.variant_label ? `${line.name} (${line.variant_label})` : line.name;

/**
 * The one form behind the staff's order screens: a phone order (`/admin/add/order`), a wholesale
 * order (`/admin/add/wholesale`), an exchange (`/admin/exchange/order/add`) and editing an order
 * (`/admin/orderEdit/{id}`). The server prices everything: the summary is its quote, asked again
 * as the form changes, and placing sends only what staff chose.
 */
export function OrderEntryForm({ kind, orderId }: { kind: EntryKind; orderId?: number }) {
  const t = useEntryT();
  const navigate = useNavigate();
  const can = useCan();
  const { number, money, status: statusLabel } = useOrderWords();

  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const form = useZodForm<(typeof CONTRACTS)[EntryKind], Values>(CONTRACTS[kind], {
    name: '',
    phone: '',
    address: '',
    city_id: null,
    sub_city_id: null,
    lines: [],
    discount: 0,
    advance_paid: 0,
    source: kind === 'wholesale' ? '' : 'Phone',
    payment_method: 'cod',
    note: '',
    reason: '',
    idempotency_key: idempotencyKey,
    exchange_of_order_id: null,
    returned: [],
  });
  const { values, errors, setValues, setErrors } = form;
  const { lines, returned } = values;
  const [lookup, setLookup] = useState<CustomerLookup | null>(null);
  const [lookingUp, setLookingUp] = useState(false);
  const [earlier, setEarlier] = useState<ExchangeableOrder | null>(null);
  const [tierProduct, setTierProduct] = useState<{ id: number; name: string } | null>(null);
  const [loadedOrder, setLoadedOrder] = useState<OrderView | null>(null);

  const set = <Key extends keyof Values & string>(key: Key, value: Values[Key]) => form.setValue(key, value);

  // Editing: the order as it stands fills the form.
  const existing = useQuery({
    queryKey: ['order', orderId],
    queryFn: () => get<{ data: OrderView }>(`/api/admin/orders/${orderId}`),
    enabled: kind === 'edit' && Boolean(orderId) && can('order.view'),
  });
  useEffect(() => {
    const order = existing.data?.data;
    if (!order || loadedOrder?.id === order.id) return;
    setLoadedOrder(order);
    setValues({
      name: order.customer_name,
      phone: order.phone,
      address: order.address,
      city_id: String(order.city_id),
      sub_city_id: order.sub_city_id ? String(order.sub_city_id) : null,
      lines: order.lines.map((line) => ({
        variant_id: line.variant_id,
        product_id: line.product_id,
        name: line.name,
        variant_label: line.variant_label,
        sku: line.sku,
        quantity: line.quantity,
      })),
      discount: order.discount,
      advance_paid: order.advance_paid,
      source: '',
      payment_method: order.payment_method as PaymentMethodCode,
      note: order.note,
      reason: '',
    });
  }, [existing.data, loadedOrder, setValues]);

  const cities = useQuery({ queryKey: ['public-cities'], queryFn: () => get<{ cities: PublicCity[] }>('/_public/cities') });
  const subCities = useQuery({
    queryKey: ['public-sub-cities', values.city_id],
    queryFn: () => get<{ sub_cities: PublicSubCity[] }>(`/_public/cities/${values.city_id}/sub-cities`),
    enabled: Boolean(values.city_id),
  });
  const sources = useQuery({
    queryKey: ['order-entry-sources'],
    queryFn: () => get<{ data: { id: number; name: string }[] }>('/api/admin/order-entry/sources'),
    enabled: kind !== 'edit',
  });

  // The live quote: the server's prices, delivery charge and totals for the form as it is.
  const quoteBody = useMemo(
    () =>
      values.city_id
        ? {
            type: kind === 'edit' ? 'phone' : kind,
            city_id: values.city_id,
            sub_city_id: values.sub_city_id,
            // A line being retyped (no quantity yet) waits; its field says what is missing.
            lines: lines.filter((line) => line.quantity >= 1).map((line) => ({ variant_id: line.variant_id, quantity: line.quantity })),
            discount: values.discount,
            advance_paid: values.advance_paid,
            order_id: kind === 'edit' ? orderId : undefined,
            exchange_of_order_id: values.exchange_of_order_id ?? undefined,
            returned,
          }
        : null,
    [values.city_id, values.sub_city_id, values.discount, values.advance_paid, values.exchange_of_order_id, lines, kind, orderId, returned],
  );
  const [debouncedQuote] = useDebouncedValue(quoteBody, 250);
  const quote = useQuery({
    queryKey: ['order-entry-quote', debouncedQuote],
    queryFn: () => post<StaffOrderQuote>('/api/admin/order-entry/quote', debouncedQuote as Record<string, unknown>),
    enabled: Boolean(debouncedQuote),
    placeholderData: keepPreviousData,
  });
  const quoted = quote.data;
  const quotedLine = (variantId: number) => quoted?.lines.find((line) => line.variant_id === variantId);

  const findCustomer = async (phone = values.phone) => {
    if (!/^(\+?88)?01\d{9}$/.test(phone.replace(/[\s-]/g, ''))) {
      setErrors((current) => ({ ...current, phone: 'Enter a mobile number like 01712345678' }));
      return;
    }
    setLookingUp(true);
    try {
      const found = await get<CustomerLookup>(`/api/admin/order-entry/customer?phone=${encodeURIComponent(phone)}`);
      setLookup(found);
      const customer = found.customer;
      if (customer) {
        setValues((current) => ({
          phone: customer.phone,
          name: customer.name || current.name,
          address: customer.address ?? current.address,
          city_id: customer.city_id ? String(customer.city_id) : current.city_id,
          sub_city_id: customer.city_id ? (customer.sub_city_id ? String(customer.sub_city_id) : null) : current.sub_city_id,
        }));
      }
    } catch (error) {
      if (error instanceof ApiError) setErrors((current) => ({ ...current, ...error.fieldErrors() }));
    } finally {
      setLookingUp(false);
    }
  };

  const addVariant = (variant: EntryVariant) => {
    const index = lines.findIndex((line) => line.variant_id === variant.variant_id);
    if (index >= 0) {
      form.setValue(`lines.${index}.quantity`, (lines[index]?.quantity ?? 0) + 1);
      return;
    }
    set('lines', [
      ...lines,
      {
        variant_id: variant.variant_id,
        product_id: variant.product_id,
        name: variant.name,
        variant_label: variant.variant_label,
        sku: variant.sku,
        quantity: 1,
        wholesale_price: variant.wholesale_price,
        stock: variant.stock,
      },
    ]);
  };

  const pickEarlier = (found: ExchangeableOrder) => {
    setEarlier(found);
    const order = found.order;
    setValues({
      exchange_of_order_id: order.id,
      returned: [],
      name: order.customer_name,
      phone: order.phone,
      address: order.address,
      city_id: String(order.city_id),
      sub_city_id: order.sub_city_id ? String(order.sub_city_id) : null,
    });
  };

  /** How many of an earlier line come back: a line with none is not listed. */
  const setReturned = (lineId: number, quantity: number) => {
    const others = returned.filter((row) => row.line_id !== lineId);
    const at = returned.findIndex((row) => row.line_id === lineId);
    if (quantity <= 0) set('returned', others);
    else if (at >= 0) form.setValue(`returned.${at}.quantity`, quantity);
    else set('returned', [...returned, { line_id: lineId, quantity }]);
  };

  const submit = form.onSubmit(async (_parsed, values) => {
    if (kind === 'exchange' && values.returned.length === 0) {
      form.setFormError(t('nothingReturned'));
      return;
    }
    const body = {
      name: values.name,
      phone: values.phone,
      address: values.address,
      city_id: values.city_id ?? '',
      sub_city_id: values.sub_city_id,
      lines: values.lines.map((line) => ({ variant_id: line.variant_id, quantity: line.quantity })),
      discount: values.discount,
      advance_paid: values.advance_paid,
      payment_method: values.payment_method,
      note: values.note,
      ...(kind === 'edit' ? { reason: values.reason } : { source: values.source, idempotency_key: values.idempotency_key }),
      ...(kind === 'exchange' ? { exchange_of_order_id: values.exchange_of_order_id, returned: values.returned } : {}),
    };
    const answer =
      kind === 'edit'
        ? await put<{ data: OrderView }>(`/api/admin/orders/${orderId}`, body)
        : await post<{ data: OrderView }>(`/api/admin/orders/${kind}`, body);
    toast.success(kind === 'edit' ? t('saved', { number: answer.data.number }) : t('placed', { number: answer.data.number }));
    navigate(`/admin/view/order/${answer.data.id}`);
  });

  const editRefused =
    kind === 'edit' && loadedOrder && !(EDITABLE_ORDER_STATUSES as readonly number[]).includes(loadedOrder.status) ? loadedOrder : null;

  const needed = kind === 'edit' ? 'order.update' : 'order.create';
  if (!can(needed)) {
    return (
      <Stack>
        <Title order={1}>{kind === 'edit' ? t('title.edit', { number: '' }) : t(`title.${kind}`)}</Title>
        <Alert color="orange" role="alert">
          {t('noPermission', { permission: needed })}
        </Alert>
      </Stack>
    );
  }
  if (kind === 'edit' && existing.isPending) return <Skeleton h={400} />;
  if (kind === 'edit' && existing.error) {
    return (
      <Alert color="red" role="alert">
        {existing.error.message}
      </Alert>
    );
  }

  const title = kind === 'edit' ? t('title.edit', { number: loadedOrder?.number ?? '' }) : t(`title.${kind}`);
  const fieldError = (name: string) => errors[name];
  const quoteErrors = quoted?.errors ?? {};

  return (
    <form onSubmit={submit} noValidate aria-label={title}>
      <Stack>
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={1}>{title}</Title>
            <Text c="dimmed" fz="sm">
              {t(`intro.${kind}`)}
            </Text>
          </div>
          {loadedOrder && (
            <Button component={Link} to={`/admin/view/order/${loadedOrder.id}`} variant="default">
              {t('viewOrder')}
            </Button>
          )}
        </Group>

        {editRefused && (
          <Alert color="orange" role="alert" title={t('notEditable')}>
            {t('notEditableStatus', { status: statusLabel(editRefused.status) })}
          </Alert>
        )}
        {form.formError && (
          <Alert color="red" role="alert">
            {form.formError}
          </Alert>
        )}

        <Grid gap="md">
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <Stack>
              {kind === 'exchange' && (
                <EarlierOrderPicker
                  earlier={earlier}
                  returned={returned}
                  onFound={pickEarlier}
                  onReturned={setReturned}
                  errors={{ ...quoteErrors, ...Object.fromEntries(Object.entries(errors).map(([key, value]) => [key, [value]])) }}
                  money={money}
                />
              )}

              <Card withBorder component="section" aria-labelledby="entry-customer">
                <Title order={2} fz="h4" id="entry-customer" mb="sm">
                  {t('customer')}
                </Title>
                <Grid>
                  <Grid.Col span={{ base: 12, sm: 6 }}>
                    <Group align="flex-end" gap="xs" wrap="nowrap">
                      <TextInput
                        style={{ flex: 1 }}
                        label={t('phone')}
                        name="phone"
                        required
                        inputMode="tel"
                        autoComplete="off"
                        value={values.phone}
                        error={fieldError('phone')}
                        onChange={(event) => set('phone', event.currentTarget.value)}
                        onBlur={(event) => {
                          const phone = event.currentTarget.value;
                          if (kind !== 'edit' && /^01\d{9}$/.test(phone.trim()) && lookup?.customer?.phone !== phone.trim())
                            void findCustomer(phone);
                        }}
                        onKeyDown={(event) => {
                          if (event.key === 'Enter') {
                            event.preventDefault();
                            void findCustomer();
                          }
                        }}
                      />
                      <Button variant="default" onClick={() => void findCustomer()} loading={lookingUp}>
                        {t('findCustomer')}
                      </Button>
                    </Group>
                    {lookup && (
                      <Text fz="sm" mt={4} c={lookup.customer?.blocked ? 'red' : 'dimmed'} role="status">
                        {lookup.customer?.blocked
                          ? t('blocked')
                          : lookup.customer
                            ? lookup.customer.orders_count > 0
                              ? t('knownCustomer', { n: number(lookup.customer.orders_count), number: lookup.customer.last_order_number })
                              : t('knownCustomerNoOrders')
                            : t('newCustomer')}
                      </Text>
                    )}
                    {kind !== 'edit' && <EntryPhoneRisk phone={values.phone} />}
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, sm: 6 }}>
                    <TextInput
                      label={t('name')}
                      name="name"
                      required
                      value={values.name}
                      error={fieldError('name')}
                      onChange={(event) => set('name', event.currentTarget.value)}
                    />
                  </Grid.Col>
                  <Grid.Col span={12}>
                    <Textarea
                      label={t('address')}
                      name="address"
                      required
                      autosize
                      minRows={2}
                      value={values.address}
                      error={fieldError('address')}
                      onChange={(event) => set('address', event.currentTarget.value)}
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, sm: 6 }}>
                    <Select
                      label={t('city')}
                      name="city_id"
                      required
                      searchable
                      data={(cities.data?.cities ?? []).map((city) => ({
                        value: String(city.id),
                        label: `${city.name} · ${city.name_bn}`,
                      }))}
                      value={values.city_id}
                      error={fieldError('city_id') ?? quoteErrors.city_id?.[0]}
                      onChange={(value) => setValues({ city_id: value, sub_city_id: null })}
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, sm: 6 }}>
                    <Select
                      label={t('subCity')}
                      name="sub_city_id"
                      searchable
                      clearable
                      disabled={!values.city_id}
                      data={(subCities.data?.sub_cities ?? []).map((sub) => ({
                        value: String(sub.id),
                        label: `${sub.name} · ${sub.name_bn}`,
                      }))}
                      value={values.sub_city_id}
                      error={fieldError('sub_city_id') ?? quoteErrors.sub_city_id?.[0]}
                      onChange={(value) => set('sub_city_id', value)}
                    />
                  </Grid.Col>
                </Grid>
              </Card>

              <Card withBorder component="section" aria-labelledby="entry-products">
                <Title order={2} fz="h4" id="entry-products" mb="sm">
                  {t('products')}
                </Title>
                <ProductSearch kind={kind} onAdd={addVariant} chosen={lines.map((line) => line.variant_id)} money={money} />
                {fieldError('lines') && (
                  <Text c="red" fz="sm" role="alert" mt="xs">
                    {fieldError('lines')}
                  </Text>
                )}
                {lines.length === 0 ? (
                  <Text c="dimmed" fz="sm" mt="md">
                    {t('noLines')}
                  </Text>
                ) : (
                  <Table verticalSpacing="xs" aria-label={t('products')} mt="md" className="stacked-table">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t('product')}</Table.Th>
                        <Table.Th ta="right">{t('unitPrice')}</Table.Th>
                        <Table.Th w={140}>{t('quantity')}</Table.Th>
                        <Table.Th ta="right">{t('lineTotal')}</Table.Th>
                        <Table.Th w={40} />
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {lines.map((line, index) => {
                        const priced = quotedLine(line.variant_id);
                        // Above the stock is said at the field, with how many are left; the quantity stays as typed.
                        const available = priced?.available ?? line.stock;
                        const problem =
                          line.quantity < 1
                            ? t('quantityAtLeastOne')
                            : available !== undefined && line.quantity > available
                              ? t('onlyLeft', { n: number(available) })
                              : (fieldError(`lines.${index}.quantity`) ?? priced?.problem ?? undefined);
                        return (
                          <Table.Tr key={line.variant_id}>
                            <Table.Td>
                              <Text fz="sm" fw={500}>
                                {lineName(line)}
                              </Text>
                              <Group gap="xs">
                                <Text fz="xs" c="dimmed">
                                  {line.sku}
                                  {priced ? ` · ${t(kind === 'edit' ? 'available' : 'inStock', { n: number(priced.available) })}` : ''}
                                </Text>
                                {kind === 'wholesale' && (
                                  <Button
                                    variant="subtle"
                                    size="compact-xs"
                                    onClick={() => setTierProduct({ id: line.product_id, name: line.name })}
                                  >
                                    {t('breaks')}
                                  </Button>
                                )}
                              </Group>
                            </Table.Td>
                            <Table.Td ta="right" data-label={t('unitPrice')}>
                              {priced ? money(priced.unit_price) : '…'}
                            </Table.Td>
                            <Table.Td data-label={t('quantity')}>
                              <NumberInput
                                className="stacked-value"
                                aria-label={`${t('quantity')}: ${lineName(line)}`}
                                size="xs"
                                maw={140}
                                min={1}
                                allowDecimal={false}
                                allowNegative={false}
                                clampBehavior="none"
                                value={line.quantity}
                                error={problem}
                                onChange={(value) => form.setValue(`lines.${index}.quantity`, Number(value) || 0)}
                              />
                            </Table.Td>
                            <Table.Td ta="right" data-label={t('lineTotal')}>
                              {priced ? money(priced.line_total) : '…'}
                            </Table.Td>
                            <Table.Td ta="right">
                              <ActionIcon
                                variant="subtle"
                                color="red"
                                aria-label={t('remove', { name: lineName(line) })}
                                onClick={() =>
                                  set(
                                    'lines',
                                    lines.filter((_, i) => i !== index),
                                  )
                                }
                              >
                                ×
                              </ActionIcon>
                            </Table.Td>
                          </Table.Tr>
                        );
                      })}
                    </Table.Tbody>
                  </Table>
                )}
              </Card>

              <Card withBorder component="section" aria-labelledby="entry-payment">
                <Title order={2} fz="h4" id="entry-payment" mb="sm">
                  {t('payment')}
                </Title>
                <Grid>
                  <Grid.Col span={{ base: 12, sm: 6 }}>
                    <MoneyInput
                      label={t('discount')}
                      name="discount"
                      value={values.discount}
                      error={fieldError('discount') ?? quoteErrors.discount?.[0]}
                      onChange={(paisa) => set('discount', paisa ?? 0)}
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, sm: 6 }}>
                    <MoneyInput
                      label={t('advance')}
                      name="advance_paid"
                      value={values.advance_paid}
                      error={fieldError('advance_paid') ?? quoteErrors.advance_paid?.[0]}
                      onChange={(paisa) => set('advance_paid', paisa ?? 0)}
                    />
                  </Grid.Col>
                  {kind !== 'edit' && (
                    <Grid.Col span={{ base: 12, sm: 6 }}>
                      <Select
                        label={t('source')}
                        name="source"
                        data={[
                          { value: '', label: t('noSource') },
                          ...(sources.data?.data ?? []).map((source) => ({ value: source.name, label: source.name })),
                        ]}
                        value={values.source}
                        error={fieldError('source')}
                        onChange={(value) => set('source', value ?? '')}
                      />
                    </Grid.Col>
                  )}
                  <Grid.Col span={{ base: 12, sm: 6 }}>
                    <Select
                      label={t('paymentMethod')}
                      name="payment_method"
                      data={PAYMENT_METHODS.map((method) => ({ value: method.code, label: method.name }))}
                      value={values.payment_method}
                      error={fieldError('payment_method')}
                      onChange={(value) => set('payment_method', (value ?? 'cod') as PaymentMethodCode)}
                      allowDeselect={false}
                    />
                  </Grid.Col>
                  <Grid.Col span={12}>
                    <Textarea
                      label={t('note')}
                      name="note"
                      autosize
                      minRows={2}
                      value={values.note}
                      error={fieldError('note')}
                      onChange={(event) => set('note', event.currentTarget.value)}
                    />
                  </Grid.Col>
                  {kind === 'edit' && (
                    <Grid.Col span={12}>
                      <TextInput
                        label={t('reason')}
                        name="reason"
                        value={values.reason}
                        error={fieldError('reason')}
                        onChange={(event) => set('reason', event.currentTarget.value)}
                      />
                    </Grid.Col>
                  )}
                </Grid>
              </Card>
            </Stack>
          </Grid.Col>

          <Grid.Col span={{ base: 12, lg: 4 }}>
            <Card withBorder component="section" aria-labelledby="entry-summary" style={{ position: 'sticky', top: 80 }}>
              <Title order={2} fz="h4" id="entry-summary" mb="sm">
                {t('summary')}
              </Title>
              {!values.city_id ? (
                <Text c="dimmed" fz="sm">
                  {t('chooseCity')}
                </Text>
              ) : !quoted ? (
                <Text c="dimmed" fz="sm">
                  {t('quoting')}
                </Text>
              ) : (
                <Stack gap={6} aria-live="polite" aria-busy={quote.isFetching}>
                  <SummaryRow label={t('subtotal')} value={money(quoted.subtotal)} />
                  <SummaryRow label={t('delivery')} value={money(quoted.delivery_charge)} />
                  {quoted.discount > 0 && <SummaryRow label={t('discount')} value={`− ${money(quoted.discount)}`} />}
                  {kind === 'exchange' && (
                    <>
                      <SummaryRow label={t('exchangeCredit')} value={`− ${money(quoted.exchange_credit)}`} />
                      <SummaryRow label={t('difference')} value={money(quoted.price_difference)} />
                    </>
                  )}
                  <SummaryRow label={t('total')} value={money(quoted.total)} strong testId="quote-total" />
                  {quoted.advance_paid > 0 && <SummaryRow label={t('advance')} value={`− ${money(quoted.advance_paid)}`} />}
                  <SummaryRow label={t('due')} value={money(quoted.due)} strong />
                  {quoted.refund_due > 0 && (
                    <Badge color="orange" variant="light" size="lg">
                      {t('refundDue')}: {money(quoted.refund_due)}
                    </Badge>
                  )}
                </Stack>
              )}
              <Button
                type="submit"
                fullWidth
                mt="md"
                loading={form.submitting}
                disabled={Boolean(editRefused) || lookup?.customer?.blocked}
              >
                {form.submitting ? t('submitting') : t(`submit.${kind}`)}
              </Button>
            </Card>
          </Grid.Col>
        </Grid>
      </Stack>
      {tierProduct && (
        <TierEditor
          productId={tierProduct.id}
          name={tierProduct.name}
          canEdit={can('product.update')}
          onClose={() => setTierProduct(null)}
          onSaved={() => void quote.refetch()}
        />
      )}
    </form>
  );
}

function SummaryRow({ label, value, strong, testId }: { label: string; value: string; strong?: boolean; testId?: string }) {
  return (
    <Group justify="space-between" gap="xs">
      <Text fz="sm" fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Text fz="sm" fw={strong ? 700 : 400} data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
}

/** The product search: name or SKU, with stock and the price this kind of order charges. */
function ProductSearch({
  kind,
  onAdd,
  chosen,
  money,
}: {
  kind: EntryKind;
  onAdd: (variant: EntryVariant) => void;
  chosen: number[];
  money: (paisa: number) => string;
}) {
  const t = useEntryT();
  const { number, phrase } = useOrderWords();
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), 250);
  const results = useQuery({
    queryKey: ['order-entry-variants', query],
    queryFn: () => get<{ data: EntryVariant[] }>(`/api/admin/order-entry/variants?limit=8&q=${encodeURIComponent(query)}`),
    enabled: query.length > 0,
    placeholderData: keepPreviousData,
  });
  const rows = query ? (results.data?.data ?? []) : [];
  return (
    <Stack gap="xs">
      <TextInput
        label={t('searchProducts')}
        placeholder={t('searchPlaceholder')}
        type="search"
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            const first = rows.find((row) => row.stock > 0);
            if (first) onAdd(first);
          }
        }}
      />
      {query && results.isFetched && rows.length === 0 && (
        <Text c="dimmed" fz="sm">
          {t('noProducts')}
        </Text>
      )}
      {rows.length > 0 && (
        <Table verticalSpacing={4} fz="sm" aria-label={t('searchProducts')} className="stacked-table">
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.variant_id}>
                <Table.Td>
                  <Text fz="sm" fw={500}>
                    {lineName(row)}
                  </Text>
                  <Text fz="xs" c="dimmed">
                    {row.sku}
                    {!row.published && ` · ${t('hidden')}`}
                    {kind === 'wholesale' &&
                      row.tiers.length > 0 &&
                      ` · ${row.tiers.map((tier) => t('tiersShort', { quantity: number(tier.min_quantity), price: money(tier.unit_price) })).join(', ')}`}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" data-label={t('unitPrice')}>
                  {money(kind === 'wholesale' ? row.wholesale_price : row.unit_price)}
                </Table.Td>
                <Table.Td data-label={phrase('Stock')}>
                  <Badge color={row.stock > 0 ? 'teal' : 'red'} variant="light">
                    {row.stock > 0 ? t('inStock', { n: number(row.stock) }) : t('outOfStock')}
                  </Badge>
                </Table.Td>
                <Table.Td ta="right">
                  <Button
                    size="compact-sm"
                    variant={chosen.includes(row.variant_id) ? 'light' : 'filled'}
                    disabled={row.stock <= 0}
                    onClick={() => onAdd(row)}
                    aria-label={`${t('add')} ${lineName(row)}`}
                  >
                    {t('add')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

/** The exchange's earlier order: found by number, with how many of each line come back. */
function EarlierOrderPicker({
  earlier,
  returned,
  onFound,
  onReturned,
  errors,
  money,
}: {
  earlier: ExchangeableOrder | null;
  returned: Returned[];
  onFound: (found: ExchangeableOrder) => void;
  onReturned: (lineId: number, quantity: number) => void;
  errors: Record<string, string[]>;
  money: (paisa: number) => string;
}) {
  const t = useEntryT();
  const { number: formatCount } = useOrderWords();
  const [number, setNumber] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [finding, setFinding] = useState(false);
  const find = async () => {
    setError(null);
    setFinding(true);
    try {
      onFound(await get<ExchangeableOrder>(`/api/admin/order-entry/exchangeable?number=${encodeURIComponent(number)}`));
    } catch (failure) {
      if (failure instanceof ApiError) setError(failure.fieldErrors().number ?? failure.message);
      else throw failure;
    } finally {
      setFinding(false);
    }
  };
  const indexOf = (lineId: number) => returned.findIndex((row) => row.line_id === lineId);
  return (
    <Card withBorder component="section" aria-labelledby="entry-earlier">
      <Title order={2} fz="h4" id="entry-earlier" mb="sm">
        {t('earlier')}
      </Title>
      <Group align="flex-end" gap="xs">
        <TextInput
          label={t('orderNumber')}
          name="number"
          // i18n-ignore: an order number's form
          placeholder="HB-100001"
          value={number}
          error={error ?? errors.exchange_of_order_id?.[0]}
          onChange={(event) => setNumber(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              void find();
            }
          }}
        />
        <Button variant="default" onClick={() => void find()} loading={finding} disabled={!number.trim()}>
          {t('find')}
        </Button>
      </Group>
      {earlier && (
        <Stack gap="xs" mt="md">
          <Text fz="sm" fw={500}>
            {t('earlierSummary', { number: earlier.order.number, status: earlier.order.status_label, name: earlier.order.customer_name })}
          </Text>
          {errors.returned?.[0] && (
            <Text c="red.8" fz="sm" role="alert">
              {errors.returned[0]}
            </Text>
          )}
          <Table verticalSpacing="xs" fz="sm" aria-label={t('earlier')} className="stacked-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('product')}</Table.Th>
                <Table.Th ta="right">{t('unitPrice')}</Table.Th>
                <Table.Th ta="right">{t('bought')}</Table.Th>
                <Table.Th ta="right">{t('canReturn')}</Table.Th>
                <Table.Th w={140}>{t('returning')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {earlier.order.lines.map((line) => {
                const left = earlier.returnable[String(line.id)] ?? 0;
                const index = indexOf(line.id);
                return (
                  <Table.Tr key={line.id}>
                    <Table.Td>{lineName(line)}</Table.Td>
                    <Table.Td ta="right" data-label={t('unitPrice')}>
                      {money(line.unit_price)}
                    </Table.Td>
                    <Table.Td ta="right" data-label={t('bought')}>
                      {formatCount(line.quantity)}
                    </Table.Td>
                    <Table.Td ta="right" data-label={t('canReturn')}>
                      {formatCount(left)}
                    </Table.Td>
                    <Table.Td data-label={t('returning')}>
                      <NumberInput
                        className="stacked-value"
                        maw={140}
                        aria-label={`${t('returning')}: ${lineName(line)}`}
                        size="xs"
                        min={0}
                        max={left}
                        disabled={left === 0}
                        allowDecimal={false}
                        allowNegative={false}
                        clampBehavior="strict"
                        value={returned[index]?.quantity ?? 0}
                        error={index >= 0 ? errors[`returned.${index}.quantity`]?.[0] : undefined}
                        onChange={(value) => onReturned(line.id, Number(value) || 0)}
                      />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Stack>
      )}
    </Card>
  );
}
