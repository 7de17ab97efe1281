import { type DiscountType, formatMoney } from '@haat/contracts';
import { Badge, MultiSelect, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import i18next from 'i18next';
import { useState } from 'react';
import { get } from '../../../lib/api';
import { formatDateTime } from '../../../lib/dates';
import { formatNumber } from '../../../lib/numbers';
import { phrase, usePhrase } from '../../../lib/phrases';
import { useSiteInfo } from '../../../lib/site';
import { AA_COLORS } from '../../../ui/colors';
import { DateTimeField } from '../../../ui/DateFields';
import type { Field, FieldProps, SharedColumn, SharedField, SharedFilter } from '../types';

type Row = Record<string, unknown>;

/** Pieces the marketing declarations share: running state, discounts, time windows, product and category pickers. */

export type WindowState = 'running' | 'scheduled' | 'ended' | 'off';
export const STATE_LABELS: Record<WindowState, string> = {
  running: 'Running',
  scheduled: 'Starts later',
  ended: 'Ended',
  off: 'Switched off',
};
// i18n-ignore: colour names, not words
const STATE_COLORS: Record<WindowState, string> = { running: AA_COLORS.success, scheduled: 'indigo.9', ended: 'gray.7', off: 'gray.7' };

export function StateBadge({ state }: { state: unknown }) {
  const phrase = usePhrase();
  const known = (state as WindowState) in STATE_LABELS ? (state as WindowState) : 'off';
  return (
    <Badge color={STATE_COLORS[known]} variant="filled" miw="max-content">
      {phrase(STATE_LABELS[known])}
    </Badge>
  );
}

export const stateColumn: SharedColumn<'state'> = { key: 'state', label: 'Now', render: (row) => <StateBadge state={row.state} /> };
export const stateFilter: SharedFilter<'state'> = {
  name: 'state',
  label: 'Now',
  options: Object.entries(STATE_LABELS).map(([value, label]) => ({ value, label })),
};
export const ACTIVE_LABELS = { on: 'Active', off: 'Switched off' };
export const activeStatusFilter: SharedFilter<'status'> = {
  name: 'status',
  label: 'Status',
  options: [
    { value: '1', label: ACTIVE_LABELS.on },
    { value: '0', label: ACTIVE_LABELS.off },
  ],
};
export const activeStatusColumn: SharedColumn<'status'> = { key: 'status', label: 'Status', kind: 'status', statusLabels: ACTIVE_LABELS };
export const activeStatusField: SharedField<'status'> = {
  name: 'status',
  label: 'Status',
  kind: 'status',
  statusLabels: ACTIVE_LABELS,
  half: true,
};

/** "10% off", "৳200 off", "10% off, at most ৳300", in the page's language. */
export function discountText(row: Row, symbol = '৳'): string {
  const language = i18next.language;
  if ((row.discount_type as DiscountType) === 'percent') {
    const percent = formatNumber(Number(row.percent_off ?? 0), language);
    return typeof row.max_discount === 'number'
      ? phrase('{{percent}}% off, at most {{amount}}', { percent, amount: formatMoney(row.max_discount, symbol, language) })
      : phrase('{{percent}}% off', { percent });
  }
  return phrase('{{amount}} off', { amount: formatMoney(Number(row.amount_off ?? 0), symbol, language) });
}

function DiscountCell({ row }: { row: Row }) {
  usePhrase();
  const symbol = useSiteInfo()?.currency_symbol;
  return (
    <Text component="span" fz="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
      {discountText(row, symbol)}
    </Text>
  );
}
export const discountColumn = { own: true as const, key: 'discount', label: 'Discount', render: (row: Row) => <DiscountCell row={row} /> };

/** From when to when, in the shop's time zone and the admin's date language. */
export const windowColumn: SharedColumn<'starts_at', 'ends_at'> = {
  key: 'starts_at',
  label: 'Runs',
  sort: 'ends_at',
  render: (row) => (
    <Stack gap={0} style={{ whiteSpace: 'nowrap' }}>
      <Text component="span" fz="sm">
        {row.starts_at ? formatDateTime(String(row.starts_at)) : phrase('From now')}
      </Text>
      <Text component="span" fz="xs" c={AA_COLORS.muted}>
        {row.ends_at ? phrase('to {{date}}', { date: formatDateTime(String(row.ends_at)) }) : phrase('No end')}
      </Text>
    </Stack>
  ),
};

export const discountTypeField = (initial: DiscountType): SharedField<'discount_type'> => ({
  name: 'discount_type',
  label: 'Kind of discount',
  kind: 'select',
  options: [
    { value: 'percent', label: 'Percentage off' },
    { value: 'amount', label: 'Fixed amount off' },
  ],
  initial,
  half: true,
});
export const percentOffField: SharedField<'percent_off'> = {
  name: 'percent_off',
  label: 'Percentage off',
  kind: 'number',
  description: 'A whole number from 1 to 100',
  initial: '',
  half: true,
};
export const amountOffField: SharedField<'amount_off'> = { name: 'amount_off', label: 'Amount off', kind: 'money', half: true };

/** Shows the percentage fields or the amount field, by the chosen kind of discount. */
export function discountFieldsFor(fields: Field[], values: Row): Field[] {
  const typeField = fields.find((field) => field.name === 'discount_type');
  const type = (values.discount_type ?? typeField?.initial) as DiscountType;
  const hidden = type === 'amount' ? ['percent_off', 'max_discount'] : ['amount_off'];
  return fields.filter((field) => !hidden.includes(field.name));
}

function DateTimeInput({ field, value, error, onChange }: FieldProps) {
  const phrase = usePhrase();
  return (
    <DateTimeField
      label={phrase(field.label)}
      description={field.description && phrase(field.description)}
      error={error}
      value={typeof value === 'string' && value ? value : null}
      onChange={onChange}
    />
  );
}

/** A date and time in the shop's time zone, kept as an instant with its offset. */
export const dateTimeField = <const Name extends string>(
  name: Name,
  label: string,
  options: Omit<Partial<Field>, 'name'> = {},
): SharedField<Name> => ({
  name,
  label,
  kind: 'custom',
  component: DateTimeInput,
  initial: null,
  half: true,
  ...options,
});

// ---- Product and category pickers -------------------------------------------------------------

export interface ProductOption {
  id: number;
  name: string;
  sku: string;
  retail_price: number;
  wholesale_price: number;
  status: number;
  stock: number;
  thumbnail: string | null;
}

const PRODUCTS_API = '/api/admin/marketing/products';

export const productLabel = (product: Pick<ProductOption, 'name' | 'sku' | 'status'>) =>
  product.status === 1
    ? `${product.name} (${product.sku})`
    : phrase('{{name}} ({{sku}}) — draft', { name: product.name, sku: product.sku });

/** Products matching what is typed (name or SKU), plus the chosen ones so their names show. */
export function useProductOptions(search: string, chosen: number[]) {
  const [typed] = useDebouncedValue(search, 250);
  const found = useQuery({
    queryKey: ['reference', PRODUCTS_API, 'search', typed],
    queryFn: () => get<{ data: ProductOption[] }>(`${PRODUCTS_API}?per_page=30${typed ? `&q=${encodeURIComponent(typed)}` : ''}`),
    placeholderData: (previous) => previous,
    staleTime: 30_000,
  });
  const key = [...chosen].sort((a, b) => a - b).join(',');
  const picked = useQuery({
    queryKey: ['reference', PRODUCTS_API, 'ids', key],
    queryFn: () => get<{ data: ProductOption[] }>(`${PRODUCTS_API}?ids=${key}`),
    enabled: chosen.length > 0,
    staleTime: 60_000,
    placeholderData: (previous) => previous,
  });
  const byId = new Map<number, ProductOption>();
  for (const product of [...(picked.data?.data ?? []), ...(found.data?.data ?? [])]) byId.set(product.id, product);
  return { products: [...byId.values()], byId, loading: found.isFetching };
}

/** Several products (an offer's). */
export function ProductsField({ field, value, error, onChange }: FieldProps) {
  const phrase = usePhrase();
  const chosen = Array.isArray(value) ? (value as number[]) : [];
  const [search, setSearch] = useState('');
  const { products, loading } = useProductOptions(search, chosen);
  return (
    <MultiSelect
      label={phrase(field.label)}
      description={field.description && phrase(field.description)}
      error={error}
      placeholder={chosen.length ? undefined : phrase('Search by name or SKU')}
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      nothingFoundMessage={loading ? phrase('Searching…') : phrase('No product found')}
      data={products.map((product) => ({ value: String(product.id), label: productLabel(product) }))}
      value={chosen.map(String)}
      onChange={(next) => onChange(next.map(Number))}
    />
  );
}

/** One product (a landing page's). */
export function ProductField({ field, value, error, onChange }: FieldProps) {
  const phrase = usePhrase();
  const chosen = typeof value === 'number' && value > 0 ? value : null;
  const [search, setSearch] = useState('');
  const { products, loading } = useProductOptions(search, chosen ? [chosen] : []);
  return (
    <Select
      label={phrase(field.label)}
      description={field.description && phrase(field.description)}
      error={error}
      required={field.required}
      placeholder={phrase('Search by name or SKU')}
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      nothingFoundMessage={loading ? phrase('Searching…') : phrase('No product found')}
      data={products.map((product) => ({ value: String(product.id), label: productLabel(product) }))}
      value={chosen ? String(chosen) : null}
      onChange={(next) => onChange(next ? Number(next) : null)}
    />
  );
}

/** Categories at any level, shown with their path ("Women › Saree"). */
export function CategoriesField({ field, value, error, onChange }: FieldProps) {
  const phrase = usePhrase();
  const { data, isPending } = useQuery({
    queryKey: ['reference', '/api/admin/marketing/categories'],
    queryFn: () => get<{ data: { id: number; path: string }[] }>('/api/admin/marketing/categories'),
    staleTime: 60_000,
  });
  const chosen = Array.isArray(value) ? (value as number[]) : [];
  return (
    <MultiSelect
      label={phrase(field.label)}
      description={field.description && phrase(field.description)}
      error={error}
      placeholder={chosen.length ? undefined : isPending ? phrase('Loading…') : phrase('Choose categories')}
      searchable
      clearable
      nothingFoundMessage={phrase('No category found')}
      data={(data?.data ?? []).map((category) => ({ value: String(category.id), label: category.path }))}
      value={chosen.map(String)}
      onChange={(next) => onChange(next.map(Number))}
    />
  );
}
