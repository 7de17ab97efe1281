import { type ResellerOrderView, type ResellerProduct, resellerOrderInput } from '@haat/contracts';
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Group,
  NumberInput,
  Paper,
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
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { get, post, put } from '../../lib/api';
import { useNumber } from '../../lib/numbers';
import { usePhrase } from '../../lib/phrases';
import { queryClient } from '../../lib/query';
import { MoneyInput } from '../../ui/resource/fields';
import { toast } from '../../ui/toast/toast';
import { useZodForm } from '../../ui/useZodForm';
import { Loaded, PageHeading, useMoney, useText } from '../account/kit';
import { productQueries } from '../products/api';
import { orderQueries } from './api';

type Line = {
  key: string;
  /** What the search said about it, for the table. */
  product: Pick<ResellerProduct, 'id' | 'name' | 'variants' | 'wholesale_price'>;
  variant_id: number;
  quantity: number;
  unit_price: number | null;
  /** The variants' stock came with the search (a new line); a saved order's lines do not know it. */
  stockKnown: boolean;
};

type Values = {
  customer_name: string;
  customer_phone: string;
  customer_address: string;
  city_id: string;
  sub_city_id: string;
  lines: Line[];
  advance_paid: number | null;
  note: string;
  /** Only a new order: a repeated submit makes one order. */
  idempotency_key?: string;
};

/** `/dropshipper/add/new/order`: a new order for the reseller's customer. */
export function AddOrder() {
  const { t } = useText();
  return (
    <Stack>
      <PageHeading title={t('addOrderTitle', 'Add new order')} />
      <OrderForm />
    </Stack>
  );
}

/** `/dropshipper/order/edit/{id}`: the same form, while the order is still pending. */
export function EditOrder() {
  const { id = '' } = useParams();
  const { t } = useText();
  const order = useQuery(orderQueries.one(id));
  return (
    <Stack>
      <PageHeading title={t('editOrderTitle', 'Edit order')}>
        <Button component={Link} to={`/dropshipper/order/view/${id}`} variant="default">
          {t('backToOrder', 'Back to the order')}
        </Button>
      </PageHeading>
      <Loaded query={order}>
        {(data) =>
          data.editable ? (
            <OrderForm order={data} />
          ) : (
            <Alert color="yellow" role="alert">
              {t('notEditable', 'Order {{number}} is {{status}}: only pending orders can be edited.', {
                number: data.number,
                status: data.status_label.toLowerCase(),
              })}
            </Alert>
          )
        }
      </Loaded>
    </Stack>
  );
}

/** A figure of a line (its wholesale price, its total) under its label, like the inputs beside it. */
function Figure({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div>
      <Text fz="sm" fw={500}>
        {label}
      </Text>
      <Text fz="sm" fw={strong ? 700 : 400} mt={6}>
        {value}
      </Text>
    </div>
  );
}

let lineCount = 0;
const nextKey = () => {
  lineCount += 1;
  return `line-${lineCount}`;
};

function OrderForm({ order }: { order?: ResellerOrderView }) {
  const { t } = useText();
  const money = useMoney();
  const number = useNumber();
  const navigate = useNavigate();
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const form = useZodForm<typeof resellerOrderInput, Values>(
    resellerOrderInput,
    order
      ? {
          customer_name: order.customer_name,
          customer_phone: order.phone,
          customer_address: order.address,
          city_id: String(order.city_id),
          sub_city_id: order.sub_city_id ? String(order.sub_city_id) : '',
          lines: order.lines.map((line) => ({
            key: nextKey(),
            product: {
              id: line.product_id,
              name: line.name,
              wholesale_price: line.wholesale_price,
              variants: [{ id: line.variant_id, label: line.variant_label, sku: line.sku, stock: 0 }],
            },
            variant_id: line.variant_id,
            quantity: line.quantity,
            unit_price: line.unit_price,
            stockKnown: false,
          })),
          advance_paid: order.advance_paid,
          note: order.note,
        }
      : {
          customer_name: '',
          customer_phone: '',
          customer_address: '',
          city_id: '',
          sub_city_id: '',
          lines: [],
          advance_paid: 0,
          note: '',
          idempotency_key: idempotencyKey,
        },
  );
  const { values } = form;
  const phrase = usePhrase();
  // The contract's and the server's messages, in the reader's language where the phrasebook has them.
  const errors = Object.fromEntries(Object.entries(form.errors).map(([path, message]) => [path, phrase(message)]));
  const { lines } = values;

  const cities = useQuery({
    queryKey: ['public', 'cities'],
    queryFn: async () => (await get<{ cities: { id: number; name: string; name_bn: string | null }[] }>('/_public/cities')).cities,
    staleTime: 10 * 60_000,
  });
  const subCities = useQuery({
    queryKey: ['public', 'sub-cities', values.city_id],
    queryFn: async () =>
      (await get<{ sub_cities: { id: number; name: string }[] }>(`/_public/cities/${values.city_id}/sub-cities`)).sub_cities,
    enabled: Boolean(values.city_id),
    staleTime: 10 * 60_000,
  });
  const delivery = useQuery({
    queryKey: ['public', 'delivery', values.city_id, values.sub_city_id],
    queryFn: () =>
      get<{ delivery_charge: number }>(
        `/_public/delivery/charge?city_id=${values.city_id}${values.sub_city_id ? `&sub_city_id=${values.sub_city_id}` : ''}`,
      ),
    enabled: Boolean(values.city_id),
  });

  const [productSearch, setProductSearch] = useState('');
  const found = useQuery(productQueries.list(new URLSearchParams({ q: productSearch, per_page: '15' }).toString()));

  const set = (name: keyof Values & string, value: string | number | null) => form.setValue(name, value ?? '');
  const setLine = (index: number, name: 'variant_id' | 'quantity' | 'unit_price', value: number | null) =>
    form.setValue(`lines.${index}.${name}`, value);

  const addProduct = (id: string | null) => {
    const product = found.data?.data.find((each) => String(each.id) === id);
    if (!product) return;
    const variant = product.variants.find((each) => each.stock > 0) ?? product.variants[0];
    if (!variant) return;
    if (lines.some((line) => line.variant_id === variant.id)) {
      toast.info(t('alreadyInOrder', '{{name}} is already in the order.', { name: product.name }));
      return;
    }
    form.setValue('lines', [
      ...lines,
      {
        key: nextKey(),
        product,
        variant_id: variant.id,
        quantity: 1,
        unit_price: product.my_price ?? product.suggested_price,
        stockKnown: true,
      },
    ]);
    setProductSearch('');
  };

  /** More than the stock left of a new line's variant: said at its quantity, with how many are left. */
  const overStock = (line: Line): string | undefined => {
    if (!line.stockKnown) return undefined;
    const stock = line.product.variants.find((each) => each.id === line.variant_id)?.stock ?? 0;
    if (line.quantity <= stock) return undefined;
    return stock <= 0
      ? t('noneLeft', 'None left in stock: remove it or choose another option.')
      : t('onlyLeft', 'Only {{n}} left in stock: order at most {{n}}.', { n: number(stock) });
  };

  const submit = form.onSubmit(async (_parsed, values) => {
    const tooMany = values.lines.flatMap((line, index) => {
      const message = overStock(line);
      return message ? [[`lines.${index}.quantity`, message] as const] : [];
    });
    if (tooMany.length > 0) {
      form.setErrors(Object.fromEntries(tooMany));
      return;
    }
    const body = {
      customer_name: values.customer_name,
      customer_phone: values.customer_phone,
      customer_address: values.customer_address,
      city_id: values.city_id,
      sub_city_id: values.sub_city_id || null,
      lines: values.lines.map((line) => ({ variant_id: line.variant_id, quantity: line.quantity, unit_price: line.unit_price ?? '' })),
      advance_paid: values.advance_paid ?? 0,
      note: values.note,
      ...(values.idempotency_key ? { idempotency_key: values.idempotency_key } : {}),
    };
    if (order) {
      const answer = await put<{ data: ResellerOrderView; message: string }>(`/api/reseller/orders/${order.id}`, body);
      queryClient.setQueryData(orderQueries.one(order.id).queryKey, answer.data);
      toast.success(answer.message);
      await queryClient.invalidateQueries({ queryKey: ['reseller', 'orders'] });
      navigate(`/dropshipper/order/view/${order.id}`);
    } else {
      const answer = await post<{ order: { id: number; number: string } }>('/api/reseller/orders', body);
      toast.success(t('orderPlaced', 'Order {{number}} is placed.', { number: answer.order.number }));
      await queryClient.invalidateQueries({ queryKey: ['reseller', 'orders'] });
      navigate(`/dropshipper/order/view/${answer.order.id}`);
    }
  });

  // A refused submit: the first field in error takes the focus, scrolled into view; the button says why nothing happened.
  const formRef = useRef<HTMLFormElement>(null);
  const [attempt, setAttempt] = useState(0);
  const save = async (event: FormEvent) => {
    await submit(event);
    setAttempt((count) => count + 1);
  };
  useEffect(() => {
    if (attempt === 0) return;
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    first?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    first?.focus({ preventScroll: true });
  }, [attempt]);
  const errorCount = Object.keys(errors).length;

  const subtotal = lines.reduce((sum, line) => sum + (line.unit_price ?? 0) * line.quantity, 0);
  const wholesale = lines.reduce((sum, line) => sum + line.product.wholesale_price * line.quantity, 0);
  const deliveryCharge = delivery.data?.delivery_charge ?? 0;
  const productOptions = (found.data?.data ?? []).map((product) => ({
    value: String(product.id),
    label: `${product.name} · ${product.sku}`,
    disabled: product.stock <= 0,
  }));

  return (
    <form ref={formRef} onSubmit={save} noValidate>
      <Stack>
        <Card withBorder>
          <Title order={2} fz="h4" mb="sm">
            {t('customer', 'Customer')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('customerName', 'Customer name')}
              required
              value={values.customer_name}
              onChange={(event) => set('customer_name', event.currentTarget.value)}
              error={errors.customer_name}
            />
            <TextInput
              label={t('customerPhone', 'Customer phone')}
              type="tel"
              placeholder="01712345678"
              required
              value={values.customer_phone}
              onChange={(event) => set('customer_phone', event.currentTarget.value)}
              error={errors.customer_phone}
            />
            <Select
              label={t('city', 'City')}
              required
              searchable
              data={(cities.data ?? []).map((city) => ({ value: String(city.id), label: city.name }))}
              value={values.city_id || null}
              onChange={(value) => form.setValues({ city_id: value ?? '', sub_city_id: '' })}
              error={errors.city_id}
            />
            <Select
              label={t('subCity', 'Sub city / area')}
              searchable
              clearable
              disabled={!values.city_id}
              data={(subCities.data ?? []).map((area) => ({ value: String(area.id), label: area.name }))}
              value={values.sub_city_id || null}
              onChange={(value) => set('sub_city_id', value)}
              error={errors.sub_city_id}
            />
          </SimpleGrid>
          <Textarea
            mt="sm"
            label={t('address', 'Address')}
            required
            autosize
            minRows={2}
            value={values.customer_address}
            onChange={(event) => set('customer_address', event.currentTarget.value)}
            error={errors.customer_address}
          />
        </Card>

        <Card withBorder>
          <Title order={2} fz="h4" mb="sm">
            {t('products', 'Products')}
          </Title>
          <Select
            label={t('addProduct', 'Add a product')}
            placeholder={t('typeToSearch', 'Type a name or SKU')}
            searchable
            searchValue={productSearch}
            onSearchChange={setProductSearch}
            data={productOptions}
            value={null}
            onChange={addProduct}
            filter={({ options }) => options}
            nothingFoundMessage={found.isFetching ? t('loading', 'Loading…') : t('noProducts', 'No products match.')}
            error={errors.lines}
          />
          {lines.length > 0 && (
            // A card per line, its fields side by side where there is room: on a phone nothing is cut off.
            <Stack gap="sm" mt="sm" data-testid="order-lines">
              {lines.map((line, index) => {
                const variant = line.product.variants.find((each) => each.id === line.variant_id);
                const quantityError = overStock(line) ?? errors[`lines.${index}.quantity`];
                return (
                  <Paper key={line.key} withBorder p="sm" radius="md" data-testid="order-line">
                    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                      <Text fw={600} fz="sm" style={{ overflowWrap: 'anywhere' }}>
                        {line.product.name}
                      </Text>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('removeLine', 'Remove {{name}}', { name: line.product.name })}
                        onClick={() =>
                          form.setValue(
                            'lines',
                            lines.filter((each) => each.key !== line.key),
                          )
                        }
                      >
                        ×
                      </ActionIcon>
                    </Group>
                    {line.product.variants.length > 1 ? (
                      <Select
                        size="sm"
                        mt={4}
                        label={t('option', 'Option')}
                        data={line.product.variants.map((each) => ({
                          value: String(each.id),
                          label: line.stockKnown
                            ? `${each.label || each.sku} (${t('inStock', '{{n}} in stock', { n: number(each.stock) })})`
                            : each.label || each.sku,
                          disabled: line.stockKnown && each.stock <= 0 && each.id !== line.variant_id,
                        }))}
                        value={String(line.variant_id)}
                        onChange={(value) => value && setLine(index, 'variant_id', Number(value))}
                        error={errors[`lines.${index}.variant_id`]}
                      />
                    ) : (
                      errors[`lines.${index}.variant_id`] && (
                        <Text c="red.8" fz="xs" role="alert">
                          {errors[`lines.${index}.variant_id`]}
                        </Text>
                      )
                    )}
                    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" verticalSpacing="xs" mt="xs">
                      <NumberInput
                        label={t('quantity', 'Quantity')}
                        aria-label={t('quantityOf', 'Quantity of {{name}}', { name: line.product.name })}
                        id={`${line.key}-quantity`}
                        min={1}
                        max={1000}
                        clampBehavior="none"
                        allowDecimal={false}
                        allowNegative={false}
                        value={line.quantity}
                        onChange={(value) => setLine(index, 'quantity', Number(value) || 1)}
                        error={quantityError}
                        description={
                          line.stockKnown && variant && !quantityError
                            ? t('leftInStock', '{{n}} left', { n: number(variant.stock) })
                            : undefined
                        }
                      />
                      <MoneyInput
                        label={t('myPrice', 'My price')}
                        aria-label={t('priceOf', 'My price of {{name}}', { name: line.product.name })}
                        value={line.unit_price}
                        onChange={(value) => setLine(index, 'unit_price', value)}
                        error={errors[`lines.${index}.unit_price`]}
                      />
                      <Figure label={t('wholesalePrice', 'Wholesale price')} value={money(line.product.wholesale_price)} />
                      <Figure label={t('lineTotal', 'Line total')} value={money((line.unit_price ?? 0) * line.quantity)} strong />
                    </SimpleGrid>
                  </Paper>
                );
              })}
            </Stack>
          )}
        </Card>

        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Card withBorder>
            <Stack>
              <MoneyInput
                label={t('advance', 'Advance paid')}
                value={values.advance_paid}
                onChange={(value) => set('advance_paid', value)}
                error={errors.advance_paid}
              />
              <Textarea
                label={t('note', 'Note for the shop')}
                autosize
                minRows={2}
                value={values.note}
                onChange={(event) => set('note', event.currentTarget.value)}
                error={errors.note}
              />
            </Stack>
          </Card>
          <Card withBorder>
            <Table>
              <Table.Tbody>
                <Table.Tr>
                  <Table.Th scope="row">{t('subtotal', 'Subtotal')}</Table.Th>
                  <Table.Td ta="right">{money(subtotal)}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th scope="row">{t('deliveryCharge', 'Delivery charge')}</Table.Th>
                  <Table.Td ta="right">{values.city_id ? money(deliveryCharge) : t('chooseCity', 'Choose the city')}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th scope="row">{t('total', 'Customer pays')}</Table.Th>
                  <Table.Td ta="right" fw={700}>
                    {money(subtotal + deliveryCharge)}
                  </Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th scope="row">{t('dueOnDelivery', 'Due on delivery')}</Table.Th>
                  <Table.Td ta="right">{money(subtotal + deliveryCharge - (values.advance_paid ?? 0))}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th scope="row">{t('estimatedProfit', 'My estimated profit')}</Table.Th>
                  <Table.Td ta="right" c={subtotal - wholesale < 0 ? 'red.8' : 'teal.9'} fw={700}>
                    {money(subtotal - wholesale)}
                  </Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
            <Text fz="xs" c="dimmed" mt="xs">
              {t(
                'deliveryNote',
                'The delivery charge is the shop’s; heavy parcels may cost more. The final amounts are worked out when the order is saved.',
              )}
            </Text>
          </Card>
        </SimpleGrid>
        <Group justify="flex-end" align="center">
          {(errorCount > 0 || form.formError) && (
            <Text c="red.8" fz="sm" role="alert" data-testid="error-summary" style={{ flex: '1 1 240px' }}>
              {form.formError && phrase(form.formError)}
              {form.formError && errorCount > 0 && ' '}
              {errorCount > 0 && t('fixFields', 'Fields to fix: {{n}}, marked in red.', { n: number(errorCount) })}
            </Text>
          )}
          <Button type="submit" size="md" loading={form.submitting}>
            {order ? t('saveOrder', 'Save order') : t('placeOrder', 'Place order')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
