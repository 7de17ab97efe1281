import { type ResellerOrderView, type ResellerProduct, resellerOrderInput } from '@haat/contracts';
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Group,
  NumberInput,
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
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { get, post, put } from '../../lib/api';
import { queryClient } from '../../lib/query';
import { MoneyInput } from '../../ui/resource/fields';
import { TableScroll } from '../../ui/TableScroll';
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

let lineCount = 0;
const nextKey = () => {
  lineCount += 1;
  return `line-${lineCount}`;
};

function OrderForm({ order }: { order?: ResellerOrderView }) {
  const { t } = useText();
  const money = useMoney();
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
  const { values, errors } = form;
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
      { key: nextKey(), product, variant_id: variant.id, quantity: 1, unit_price: product.my_price ?? product.suggested_price },
    ]);
    setProductSearch('');
  };

  const submit = form.onSubmit(async (_parsed, values) => {
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

  const subtotal = lines.reduce((sum, line) => sum + (line.unit_price ?? 0) * line.quantity, 0);
  const wholesale = lines.reduce((sum, line) => sum + line.product.wholesale_price * line.quantity, 0);
  const deliveryCharge = delivery.data?.delivery_charge ?? 0;
  const productOptions = (found.data?.data ?? []).map((product) => ({
    value: String(product.id),
    label: `${product.name} · ${product.sku}`,
    disabled: product.stock <= 0,
  }));

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {form.formError && (
          <Alert color="red" role="alert">
            {form.formError}
          </Alert>
        )}
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
            <TableScroll minWidth={720} mt="sm">
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('product', 'Product')}</Table.Th>
                    <Table.Th w={110}>{t('quantity', 'Quantity')}</Table.Th>
                    <Table.Th w={170}>{t('myPrice', 'My price')}</Table.Th>
                    <Table.Th ta="right">{t('wholesalePrice', 'Wholesale price')}</Table.Th>
                    <Table.Th ta="right">{t('lineTotal', 'Line total')}</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {lines.map((line, index) => (
                    <Table.Tr key={line.key}>
                      <Table.Td>
                        <Text fw={600} fz="sm">
                          {line.product.name}
                        </Text>
                        {line.product.variants.length > 1 ? (
                          <Select
                            size="xs"
                            mt={4}
                            label={t('option', 'Option')}
                            data={line.product.variants.map((variant) => ({
                              value: String(variant.id),
                              label: `${variant.label || variant.sku} (${t('inStock', '{{count}} in stock', { count: variant.stock })})`,
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
                      </Table.Td>
                      <Table.Td>
                        <NumberInput
                          aria-label={t('quantityOf', 'Quantity of {{name}}', { name: line.product.name })}
                          min={1}
                          max={1000}
                          allowDecimal={false}
                          value={line.quantity}
                          onChange={(value) => setLine(index, 'quantity', Number(value) || 1)}
                          error={errors[`lines.${index}.quantity`]}
                        />
                      </Table.Td>
                      <Table.Td>
                        <MoneyInput
                          aria-label={t('priceOf', 'My price of {{name}}', { name: line.product.name })}
                          value={line.unit_price}
                          onChange={(value) => setLine(index, 'unit_price', value)}
                          error={errors[`lines.${index}.unit_price`]}
                        />
                      </Table.Td>
                      <Table.Td ta="right">{money(line.product.wholesale_price)}</Table.Td>
                      <Table.Td ta="right">{money((line.unit_price ?? 0) * line.quantity)}</Table.Td>
                      <Table.Td>
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
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </TableScroll>
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
                  <Table.Td ta="right" c={subtotal - wholesale < 0 ? 'red.8' : 'green.8'} fw={700}>
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
        <Group justify="flex-end">
          <Button type="submit" size="md" loading={form.submitting}>
            {order ? t('saveOrder', 'Save order') : t('placeOrder', 'Place order')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
