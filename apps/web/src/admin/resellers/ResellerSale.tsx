import '../orders/stacked-table.css';
import { resellerSaleInput } from '@haat/contracts';
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
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { get, post } from '../../lib/api';
import { useNumber } from '../../lib/numbers';
import { usePhrase } from '../../lib/phrases';
import { MoneyInput } from '../../ui/resource/fields';
import { toast } from '../../ui/toast/toast';
import { useZodForm } from '../../ui/useZodForm';
import { useMoney } from './MoneyCell';

interface Variant {
  variant_id: number;
  name: string;
  variant_label: string;
  sku: string;
  stock: number;
  unit_price: number;
  wholesale_price: number;
}

type Line = {
  /** What the search said about it, for the table. */
  variant: Variant;
  variant_id: number;
  quantity: number;
  /** Paisa; empty (null) = the shop's price. */
  unit_price: number | null;
};

type Values = {
  reseller_id: string | null;
  name: string;
  phone: string;
  address: string;
  city_id: string | null;
  sub_city_id: string | null;
  lines: Line[];
  advance_paid: number | null;
  note: string;
  idempotency_key: string;
};

const variantLabel = (variant: Variant) => `${variant.name}${variant.variant_label ? ` (${variant.variant_label})` : ''} · ${variant.sku}`;

/**
 * `/admin/reseller/sale/add`: staff enter a sale a reseller made; it becomes a reseller order of
 * that reseller at the reseller's prices (never below wholesale), credited to their cashbook when
 * it is delivered.
 */
export default function ResellerSale() {
  const money = useMoney();
  const phrase = usePhrase();
  const count = useNumber();
  const navigate = useNavigate();
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const form = useZodForm<typeof resellerSaleInput, Values>(resellerSaleInput, {
    reseller_id: null,
    name: '',
    phone: '',
    address: '',
    city_id: null,
    sub_city_id: null,
    lines: [],
    advance_paid: null,
    note: '',
    idempotency_key: idempotencyKey,
  });
  const { values, errors } = form;
  const { lines } = values;
  const cityId = values.city_id;
  const [resellerSearch, setResellerSearch] = useState('');
  const [resellerQuery] = useDebouncedValue(resellerSearch, 250);
  const [productSearch, setProductSearch] = useState('');
  const [productQuery] = useDebouncedValue(productSearch, 250);

  const resellers = useQuery({
    queryKey: ['admin', 'reseller-sale', 'resellers', resellerQuery],
    queryFn: () =>
      get<{ data: { id: number; name: string; phone: string; shop_name: string }[] }>(
        `/api/admin/resellers?filter[status]=active&per_page=50&q=${encodeURIComponent(resellerQuery)}`,
      ),
    placeholderData: keepPreviousData,
  });
  const cities = useQuery({
    queryKey: ['public', 'cities'],
    queryFn: () => get<{ cities: { id: number; name: string }[] }>('/_public/cities'),
  });
  const subCities = useQuery({
    queryKey: ['public', 'sub-cities', cityId],
    queryFn: () => get<{ sub_cities: { id: number; name: string }[] }>(`/_public/cities/${cityId}/sub-cities`),
    enabled: Boolean(cityId),
  });
  const variants = useQuery({
    queryKey: ['admin', 'reseller-sale', 'variants', productQuery],
    queryFn: () => get<{ data: Variant[] }>(`/api/admin/order-entry/variants?q=${encodeURIComponent(productQuery)}`),
    placeholderData: keepPreviousData,
  });

  const resellerOptions = (resellers.data?.data ?? []).map((row) => ({
    value: String(row.id),
    label: `${row.name} · ${row.phone}${row.shop_name ? ` · ${row.shop_name}` : ''}`,
  }));
  const variantOptions = (variants.data?.data ?? [])
    .filter((variant) => !lines.some((line) => line.variant.variant_id === variant.variant_id))
    .map((variant) => ({
      value: String(variant.variant_id),
      label: `${variantLabel(variant)} · ${phrase('{{n}} in stock', { n: count(variant.stock) })}`,
    }));

  const profit = useMemo(
    () =>
      lines.reduce((sum, line) => {
        const price = line.unit_price ?? line.variant.unit_price;
        return sum + (price - line.variant.wholesale_price) * line.quantity;
      }, 0),
    [lines],
  );

  const addVariant = (id: string | null) => {
    const variant = variants.data?.data.find((each) => String(each.variant_id) === id);
    if (variant) form.setValue('lines', [...lines, { variant, variant_id: variant.variant_id, quantity: 1, unit_price: null }]);
    setProductSearch('');
  };

  const submit = form.onSubmit(async (_parsed, values) => {
    const answer = await post<{ order: { id: number; number: string }; message: string }>('/api/admin/reseller-sales', {
      reseller_id: Number(values.reseller_id),
      name: values.name,
      phone: values.phone,
      address: values.address,
      city_id: Number(values.city_id),
      sub_city_id: values.sub_city_id ? Number(values.sub_city_id) : null,
      lines: values.lines.map((line) => ({ variant_id: line.variant_id, quantity: line.quantity, unit_price: line.unit_price })),
      advance_paid: values.advance_paid ?? 0,
      note: values.note,
      idempotency_key: values.idempotency_key,
    });
    toast.success(answer.message);
    navigate(`/admin/view/order/${answer.order.id}`);
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack maw={1000}>
        <div>
          <Title order={1}>{phrase('Add a reseller sale')}</Title>
          <Text c="dimmed">
            {phrase(
              'A sale a reseller made, entered for them: it is placed as their order, at their prices (never below wholesale), and its profit reaches their cashbook when it is delivered.',
            )}
          </Text>
        </div>
        {form.formError && (
          <Alert color="red" role="alert">
            {form.formError}
          </Alert>
        )}
        <Card withBorder>
          <Select
            label={phrase('Reseller')}
            placeholder={phrase('Search by name, phone or shop')}
            required
            searchable
            searchValue={resellerSearch}
            onSearchChange={setResellerSearch}
            filter={({ options }) => options}
            data={resellerOptions}
            value={values.reseller_id}
            error={errors.reseller_id}
            onChange={(value) => form.setValue('reseller_id', value)}
            nothingFoundMessage={phrase('No active reseller found')}
          />
        </Card>
        <Card withBorder>
          <Title order={2} fz="h4" mb="sm">
            {phrase('Their customer')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={phrase('Customer name')} required {...form.field('name')} />
            <TextInput label={phrase('Customer phone')} required {...form.field('phone')} />
            <Select
              label={phrase('City')}
              required
              searchable
              data={(cities.data?.cities ?? []).map((city) => ({ value: String(city.id), label: city.name }))}
              value={cityId}
              error={errors.city_id}
              onChange={(value) => form.setValues({ city_id: value, sub_city_id: null })}
            />
            <Select
              label={phrase('Area')}
              searchable
              disabled={!cityId}
              data={(subCities.data?.sub_cities ?? []).map((place) => ({ value: String(place.id), label: place.name }))}
              value={values.sub_city_id}
              error={errors.sub_city_id}
              onChange={(value) => form.setValue('sub_city_id', value)}
            />
          </SimpleGrid>
          <Textarea mt="sm" label={phrase('Delivery address')} required {...form.field('address')} />
        </Card>
        <Card withBorder>
          <Title order={2} fz="h4" mb="sm">
            {phrase('Products')}
          </Title>
          <Select
            label={phrase('Add a product')}
            placeholder={phrase('Search by name or SKU')}
            searchable
            searchValue={productSearch}
            onSearchChange={setProductSearch}
            filter={({ options }) => options}
            data={variantOptions}
            value={null}
            onChange={addVariant}
            error={errors.lines}
            nothingFoundMessage={phrase('No product found')}
          />
          {lines.length > 0 && (
            // A card per line on a phone (stacked-table.css).
            <Table mt="sm" verticalSpacing="xs" className="stacked-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{phrase('Product')}</Table.Th>
                  <Table.Th>{phrase('Wholesale')}</Table.Th>
                  <Table.Th w={120}>{phrase('Quantity')}</Table.Th>
                  <Table.Th w={170}>{phrase("Reseller's price")}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {lines.map((line, index) => (
                  <Table.Tr key={line.variant.variant_id}>
                    <Table.Td>
                      <Text fz="sm" fw={600}>
                        {variantLabel(line.variant)}
                      </Text>
                      <Text fz="xs" c="dimmed">
                        {phrase('{{n}} in stock · shop price {{price}}', {
                          n: count(line.variant.stock),
                          price: money(line.variant.unit_price),
                        })}
                      </Text>
                    </Table.Td>
                    <Table.Td data-label={phrase('Wholesale')}>{money(line.variant.wholesale_price)}</Table.Td>
                    <Table.Td data-label={phrase('Quantity')}>
                      {/* Above the stock is said at the field with how many are left; the quantity stays as typed. */}
                      <NumberInput
                        className="stacked-value"
                        maw={140}
                        aria-label={phrase('Quantity of {{name}}', { name: line.variant.name })}
                        min={1}
                        allowDecimal={false}
                        allowNegative={false}
                        clampBehavior="none"
                        value={line.quantity}
                        error={
                          line.quantity < 1
                            ? phrase('Enter a quantity of at least 1.')
                            : line.quantity > line.variant.stock
                              ? phrase('Only {{n}} left in stock: lower the quantity.', { n: count(line.variant.stock) })
                              : errors[`lines.${index}.quantity`]
                        }
                        onChange={(value) => form.setValue(`lines.${index}.quantity`, Number(value) || 0)}
                      />
                    </Table.Td>
                    <Table.Td data-label={phrase("Reseller's price")}>
                      <MoneyInput
                        className="stacked-value"
                        aria-label={phrase("Reseller's price of {{name}}", { name: line.variant.name })}
                        placeholder={String(line.variant.unit_price / 100)}
                        value={line.unit_price}
                        error={errors[`lines.${index}.unit_price`]}
                        onChange={(paisa) => form.setValue(`lines.${index}.unit_price`, paisa)}
                      />
                    </Table.Td>
                    <Table.Td ta="right">
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={phrase('Remove {{name}}', { name: line.variant.name })}
                        onClick={() =>
                          form.setValue(
                            'lines',
                            lines.filter((_, at) => at !== index),
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
          )}
          {lines.length > 0 && (
            <Text mt="sm" fz="sm">
              {phrase("The reseller's profit on these prices: {{profit}} (less any discount; the customer pays the delivery charge).", {
                profit: money(profit),
              })}
            </Text>
          )}
        </Card>
        <Card withBorder>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <MoneyInput
              label={phrase('Advance paid')}
              value={values.advance_paid}
              error={errors.advance_paid}
              onChange={(paisa) => form.setValue('advance_paid', paisa)}
            />
            <Textarea label={phrase('Note')} {...form.field('note')} />
          </SimpleGrid>
        </Card>
        <Group>
          <Button type="submit" loading={form.submitting}>
            {phrase('Place the reseller order')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
