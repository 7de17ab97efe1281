import { toPaisa } from '@haat/contracts';
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
import { type FormEvent, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, get, post } from '../../lib/api';
import { toast } from '../../ui/toast/toast';
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

interface Line {
  variant: Variant;
  quantity: number;
  /** Taka as typed; empty = the shop's price. */
  price: string;
}

const variantLabel = (variant: Variant) => `${variant.name}${variant.variant_label ? ` (${variant.variant_label})` : ''} · ${variant.sku}`;

/** Taka as typed → paisa, or null when it is not an amount. */
function paisaOf(text: string): number | null {
  try {
    return toPaisa(text.replace(/,/g, ''));
  } catch {
    return null;
  }
}

/**
 * `/admin/reseller/sale/add`: staff enter a sale a reseller made; it becomes a reseller order of
 * that reseller at the reseller's prices (never below wholesale), credited to their cashbook when
 * it is delivered.
 */
export default function ResellerSale() {
  const money = useMoney();
  const navigate = useNavigate();
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [resellerSearch, setResellerSearch] = useState('');
  const [resellerQuery] = useDebouncedValue(resellerSearch, 250);
  const [resellerId, setResellerId] = useState<string | null>(null);
  const [customer, setCustomer] = useState({ name: '', phone: '', address: '' });
  const [cityId, setCityId] = useState<string | null>(null);
  const [subCityId, setSubCityId] = useState<string | null>(null);
  const [productSearch, setProductSearch] = useState('');
  const [productQuery] = useDebouncedValue(productSearch, 250);
  const [lines, setLines] = useState<Line[]>([]);
  const [advance, setAdvance] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

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
    .map((variant) => ({ value: String(variant.variant_id), label: `${variantLabel(variant)} · ${variant.stock} in stock` }));

  const profit = useMemo(
    () =>
      lines.reduce((sum, line) => {
        const price = line.price.trim() ? (paisaOf(line.price) ?? 0) : line.variant.unit_price;
        return sum + (price - line.variant.wholesale_price) * line.quantity;
      }, 0),
    [lines],
  );

  const addVariant = (id: string | null) => {
    const variant = variants.data?.data.find((each) => String(each.variant_id) === id);
    if (variant) setLines((current) => [...current, { variant, quantity: 1, price: '' }]);
    setProductSearch('');
  };
  const change = (index: number, patch: Partial<Line>) =>
    setLines((current) => current.map((line, at) => (at === index ? { ...line, ...patch } : line)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const next: Record<string, string> = {};
    const body = {
      reseller_id: resellerId ? Number(resellerId) : null,
      ...customer,
      city_id: cityId ? Number(cityId) : null,
      sub_city_id: subCityId ? Number(subCityId) : null,
      lines: lines.map((line, index) => {
        const price = line.price.trim() ? paisaOf(line.price) : null;
        if (line.price.trim() && price === null) next[`lines.${index}.unit_price`] = 'Enter the price in taka, like 950';
        return { variant_id: line.variant.variant_id, quantity: line.quantity, unit_price: price };
      }),
      advance_paid: advance.trim() ? (paisaOf(advance) ?? -1) : 0,
      note,
      idempotency_key: idempotencyKey,
    };
    if (Object.keys(next).length) {
      setErrors(next);
      return;
    }
    setBusy(true);
    try {
      const answer = await post<{ order: { id: number; number: string }; message: string }>('/api/admin/reseller-sales', body);
      toast.success(answer.message);
      navigate(`/admin/view/order/${answer.order.id}`);
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.errors).length) {
        setErrors(error.fieldErrors());
        setFormError(error.message);
      } else setFormError(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack maw={1000}>
        <div>
          <Title order={1}>Add a reseller sale</Title>
          <Text c="dimmed">
            A sale a reseller made, entered for them: it is placed as their order, at their prices (never below wholesale), and its profit
            reaches their cashbook when it is delivered.
          </Text>
        </div>
        {formError && (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        )}
        <Card withBorder>
          <Select
            label="Reseller"
            placeholder="Search by name, phone or shop"
            required
            searchable
            searchValue={resellerSearch}
            onSearchChange={setResellerSearch}
            filter={({ options }) => options}
            data={resellerOptions}
            value={resellerId}
            error={errors.reseller_id}
            onChange={setResellerId}
            nothingFoundMessage="No active reseller found"
          />
        </Card>
        <Card withBorder>
          <Title order={2} fz="h4" mb="sm">
            Their customer
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Customer name"
              required
              value={customer.name}
              error={errors.name}
              onChange={(event) => setCustomer({ ...customer, name: event.currentTarget.value })}
            />
            <TextInput
              label="Customer phone"
              required
              value={customer.phone}
              error={errors.phone}
              onChange={(event) => setCustomer({ ...customer, phone: event.currentTarget.value })}
            />
            <Select
              label="City"
              required
              searchable
              data={(cities.data?.cities ?? []).map((city) => ({ value: String(city.id), label: city.name }))}
              value={cityId}
              error={errors.city_id}
              onChange={(value) => {
                setCityId(value);
                setSubCityId(null);
              }}
            />
            <Select
              label="Area"
              searchable
              disabled={!cityId}
              data={(subCities.data?.sub_cities ?? []).map((place) => ({ value: String(place.id), label: place.name }))}
              value={subCityId}
              error={errors.sub_city_id}
              onChange={setSubCityId}
            />
          </SimpleGrid>
          <Textarea
            mt="sm"
            label="Delivery address"
            required
            value={customer.address}
            error={errors.address}
            onChange={(event) => setCustomer({ ...customer, address: event.currentTarget.value })}
          />
        </Card>
        <Card withBorder>
          <Title order={2} fz="h4" mb="sm">
            Products
          </Title>
          <Select
            label="Add a product"
            placeholder="Search by name or SKU"
            searchable
            searchValue={productSearch}
            onSearchChange={setProductSearch}
            filter={({ options }) => options}
            data={variantOptions}
            value={null}
            onChange={addVariant}
            error={errors.lines}
            nothingFoundMessage="No product found"
          />
          {lines.length > 0 && (
            <Table mt="sm" verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Product</Table.Th>
                  <Table.Th>Wholesale</Table.Th>
                  <Table.Th w={120}>Quantity</Table.Th>
                  <Table.Th w={170}>Reseller's price (৳)</Table.Th>
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
                        {line.variant.stock} in stock · shop price {money(line.variant.unit_price)}
                      </Text>
                    </Table.Td>
                    <Table.Td>{money(line.variant.wholesale_price)}</Table.Td>
                    <Table.Td>
                      <NumberInput
                        aria-label={`Quantity of ${line.variant.name}`}
                        min={1}
                        max={1000}
                        allowDecimal={false}
                        value={line.quantity}
                        error={errors[`lines.${index}.quantity`]}
                        onChange={(value) => change(index, { quantity: Math.max(1, Number(value) || 1) })}
                      />
                    </Table.Td>
                    <Table.Td>
                      <TextInput
                        aria-label={`Reseller's price of ${line.variant.name}`}
                        inputMode="decimal"
                        placeholder={String(line.variant.unit_price / 100)}
                        value={line.price}
                        error={errors[`lines.${index}.unit_price`]}
                        onChange={(event) => change(index, { price: event.currentTarget.value })}
                      />
                    </Table.Td>
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remove ${line.variant.name}`}
                        onClick={() => setLines((current) => current.filter((_, at) => at !== index))}
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
              The reseller's profit on these prices: <strong>{money(profit)}</strong> (less any discount; the customer pays the delivery
              charge).
            </Text>
          )}
        </Card>
        <Card withBorder>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Advance paid (৳)"
              inputMode="decimal"
              value={advance}
              error={errors.advance_paid}
              onChange={(event) => setAdvance(event.currentTarget.value)}
            />
            <Textarea label="Note" value={note} error={errors.note} onChange={(event) => setNote(event.currentTarget.value)} />
          </SimpleGrid>
        </Card>
        <Group>
          <Button type="submit" loading={busy}>
            Place the reseller order
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
