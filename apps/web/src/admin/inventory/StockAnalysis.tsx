import {
  DEFAULT_LOW_COVER_DAYS,
  DEFAULT_REORDER_COVER_DAYS,
  formatMoney,
  type ReorderGroup,
  type ReorderSuggestions,
  type StockAnalysisPage,
  type StockAnalysisRow,
} from '@haat/contracts';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError, get, post } from '../../lib/api';
import { formatDate } from '../../lib/dates';
import { useNumber } from '../../lib/numbers';
import { usePhrase } from '../../lib/phrases';
import { useSiteInfo } from '../../lib/site';
import { AA_COLORS } from '../../ui/colors';
import { MoneyInput } from '../../ui/resource/fields';
import { Pagination } from '../../ui/resource/Pagination';
import { useReferenceOptions } from '../../ui/resource/reference';
import { SortHeader } from '../../ui/resource/SortHeader';
import { TableScroll } from '../../ui/TableScroll';
import { toast } from '../../ui/toast/toast';
import { useCan } from '../useAdmin';

type Supplier = { id: number; name: string };

function useFormats() {
  const { i18n } = useTranslation();
  const site = useSiteInfo();
  const number = useNumber();
  return { money: (paisa: number) => formatMoney(paisa, site?.currency_symbol, i18n.language), number };
}

const COLUMNS: { key: string; label: string; sort?: string; align?: 'right' }[] = [
  { key: 'name', label: 'Product', sort: 'name' },
  { key: 'supplier', label: 'Last supplier' },
  { key: 'stock', label: 'Stock', sort: 'stock', align: 'right' },
  { key: 'sold_7', label: 'Sold 7 days', sort: 'sold_7', align: 'right' },
  { key: 'sold_30', label: 'Sold 30 days', sort: 'sold_30', align: 'right' },
  { key: 'sold_90', label: 'Sold 90 days', sort: 'sold_90', align: 'right' },
  { key: 'daily_rate', label: 'Per day', align: 'right' },
  { key: 'cover_days', label: 'Days of cover', sort: 'cover_days', align: 'right' },
  { key: 'stock_value', label: 'Stock value', sort: 'stock_value', align: 'right' },
  { key: 'last_sold_at', label: 'Last sold', sort: 'last_sold_at' },
];

/**
 * `/admin/stock/and/create/analysis`: per variant the units sold in 7, 30 and 90 days, the days its
 * stock lasts at the current rate, its value at cost and whether it is dead stock; filters, sort and
 * CSV; then reorder suggestions by supplier, each a draft purchase in one click.
 */
export default function StockAnalysis() {
  const phrase = usePhrase();
  const { money, number } = useFormats();
  const can = useCan();
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(params.get('q') ?? '');
  const [categorySearch, setCategorySearch] = useState('');
  const sort = params.get('sort') ?? 'cover_days';
  const page = Math.max(1, Number(params.get('page') ?? 1) || 1);
  const lowCoverDays = Number(params.get('low_cover_days') ?? DEFAULT_LOW_COVER_DAYS) || DEFAULT_LOW_COVER_DAYS;

  const filters = new URLSearchParams();
  filters.set('sort', sort);
  for (const key of ['q', 'category_id', 'supplier_id', 'low_cover', 'dead', 'low_cover_days']) {
    const value = params.get(key);
    if (value) filters.set(key, value);
  }
  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === '') next.delete(key);
      else next.set(key, value);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next, { replace: true });
  };
  const onSearch = useDebouncedCallback((value: string) => update({ q: value }), 300);
  const { data, error, isPending, isFetching } = useQuery({
    queryKey: ['stock-analysis', filters.toString(), page],
    queryFn: () => get<StockAnalysisPage>(`/api/admin/stock-analysis?${filters}&page=${page}&per_page=25`),
    placeholderData: keepPreviousData,
  });
  const categories = useReferenceOptions({ api: '/api/admin/categories', query: 'sort=name' }, categorySearch, params.get('category_id'));
  const suppliers = useQuery({
    queryKey: ['stock-analysis', 'suppliers'],
    queryFn: () => get<{ data: Supplier[] }>('/api/admin/stock-analysis/suppliers'),
    staleTime: 60_000,
  });
  const rows = data?.data ?? [];

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>{phrase('Stock and create analysis')}</Title>
        <Button component="a" href={`/api/admin/stock-analysis/export.csv?${filters}`} variant="default" download>
          {phrase('Export CSV')}
        </Button>
      </Group>

      <Card withBorder padding="sm">
        <Group align="flex-end" gap="md" wrap="wrap">
          <TextInput
            label={phrase('Search')}
            type="search"
            placeholder={phrase('Name or SKU')}
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              onSearch(event.currentTarget.value);
            }}
            w={200}
          />
          <Select
            label={phrase('Category')}
            placeholder={phrase('All')}
            searchable
            clearable
            onSearchChange={setCategorySearch}
            data={categories.options}
            value={params.get('category_id')}
            onChange={(value) => update({ category_id: value })}
            w={200}
          />
          <Select
            label={phrase('Supplier')}
            placeholder={phrase('All')}
            searchable
            clearable
            data={(suppliers.data?.data ?? []).map((each) => ({ value: String(each.id), label: each.name }))}
            value={params.get('supplier_id')}
            onChange={(value) => update({ supplier_id: value })}
            w={200}
          />
          <NumberInput
            label={phrase('Low cover below (days)')}
            min={1}
            max={365}
            allowDecimal={false}
            value={lowCoverDays}
            onChange={(value) => update({ low_cover_days: value === '' ? null : String(value) })}
            w={170}
          />
          <Switch
            label={phrase('Only low cover')}
            checked={params.get('low_cover') === '1'}
            onChange={(event) => update({ low_cover: event.currentTarget.checked ? '1' : null })}
            mb={8}
          />
          <Switch
            label={phrase('Only dead stock')}
            checked={params.get('dead') === '1'}
            onChange={(event) => update({ dead: event.currentTarget.checked ? '1' : null })}
            mb={8}
          />
        </Group>
      </Card>

      {error && (
        <Alert color="red" role="alert">
          {error.message}
        </Alert>
      )}

      <SimpleGrid cols={{ base: 2, md: 5 }} aria-live="polite">
        {[
          { label: 'Variants', value: data && number(data.totals.variants) },
          { label: 'Units in stock', value: data && number(data.totals.units_in_stock) },
          { label: 'Stock value (at cost)', value: data && money(data.totals.stock_value) },
          {
            label: 'Dead stock',
            value: data && `${number(data.totals.dead_variants)} · ${money(data.totals.dead_stock_value)}`,
          },
          { label: 'Low cover', value: data && number(data.totals.low_cover_variants) },
        ].map((card) => (
          <Card key={card.label} withBorder padding="md">
            <Text fz="sm" c="dimmed">
              {phrase(card.label)}
            </Text>
            {card.value === undefined ? (
              <Skeleton h={28} mt={4} />
            ) : (
              <Text fz={20} fw={700} c="#161745">
                {card.value}
              </Text>
            )}
          </Card>
        ))}
      </SimpleGrid>

      <Card withBorder padding={0}>
        <TableScroll minWidth={1000}>
          <Table striped highlightOnHover verticalSpacing="xs" aria-busy={isFetching} aria-label={phrase('Stock and create analysis')}>
            <Table.Thead>
              <Table.Tr>
                {COLUMNS.map((column) => (
                  <SortHeader
                    key={column.key}
                    label={phrase(column.label)}
                    sortKey={column.sort}
                    sort={sort}
                    align={column.align}
                    onSort={(next) => update({ sort: next })}
                  />
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {isPending &&
                Array.from({ length: 5 }, (_, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                  <Table.Tr key={index}>
                    <Table.Td colSpan={COLUMNS.length}>
                      <Skeleton h={20} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              {rows.map((row) => (
                <AnalysisRow key={row.variant_id} row={row} />
              ))}
              {!isPending && rows.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={COLUMNS.length}>
                    <Text ta="center" py="lg" fw={600}>
                      {phrase('Nothing to show for these filters.')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </TableScroll>
      </Card>
      {data && (
        <Group justify="space-between">
          <Text fz="sm" c="dimmed">
            {data.total === 0
              ? ''
              : phrase('Showing {{from}}–{{to}} of {{n}}', {
                  from: number(data.from ?? 0),
                  to: number(data.to ?? 0),
                  n: number(data.total),
                })}
          </Text>
          <Pagination total={data.total} perPage={data.per_page} page={page} onChange={(next) => update({ page: String(next) })} />
        </Group>
      )}

      <Reorder
        lowCoverDays={lowCoverDays}
        categoryId={params.get('category_id')}
        supplierId={params.get('supplier_id')}
        suppliers={suppliers.data?.data ?? []}
        canDraft={can('purchase.create')}
      />
    </Stack>
  );
}

function AnalysisRow({ row }: { row: StockAnalysisRow }) {
  const phrase = usePhrase();
  const { money, number } = useFormats();
  return (
    <Table.Tr>
      <Table.Td>
        <Anchor component={Link} to={`/admin/product/edit/${row.product_id}`} fz="sm">
          {row.name}
        </Anchor>
        <Text fz="xs" c="dimmed">
          {[row.variant, row.sku].filter(Boolean).join(' · ')}
        </Text>
      </Table.Td>
      <Table.Td>{row.supplier_name ?? '—'}</Table.Td>
      <Table.Td ta="right">{number(row.stock)}</Table.Td>
      <Table.Td ta="right">{number(row.sold_7)}</Table.Td>
      <Table.Td ta="right">{number(row.sold_30)}</Table.Td>
      <Table.Td ta="right">{number(row.sold_90)}</Table.Td>
      <Table.Td ta="right">{number(row.daily_rate)}</Table.Td>
      <Table.Td ta="right">
        {row.dead ? (
          <Badge color="gray" variant="light">
            {phrase('Dead stock')}
          </Badge>
        ) : row.cover_days === null ? (
          '—'
        ) : (
          <Text fz="sm" fw={600} c={row.low_cover ? AA_COLORS.warning : undefined}>
            {phrase('{{n}} days', { n: number(row.cover_days) })}
          </Text>
        )}
      </Table.Td>
      <Table.Td ta="right">{money(row.stock_value)}</Table.Td>
      <Table.Td>{row.last_sold_at ? formatDate(row.last_sold_at) : phrase('Not in 90 days')}</Table.Td>
    </Table.Tr>
  );
}

type EditedLine = { include: boolean; quantity: number | null; unit_cost: number | null };

/** The reorder suggestions: cover N days (editable), grouped by each variant's last supplier. */
function Reorder({
  lowCoverDays,
  categoryId,
  supplierId,
  suppliers,
  canDraft,
}: {
  lowCoverDays: number;
  categoryId: string | null;
  supplierId: string | null;
  suppliers: Supplier[];
  canDraft: boolean;
}) {
  const phrase = usePhrase();
  const [coverDays, setCoverDays] = useState(DEFAULT_REORDER_COVER_DAYS);
  const query = new URLSearchParams({ cover_days: String(coverDays), low_cover_days: String(lowCoverDays) });
  if (categoryId) query.set('category_id', categoryId);
  if (supplierId) query.set('supplier_id', supplierId);
  const { data, error, isFetching } = useQuery({
    queryKey: ['stock-analysis', 'reorder', query.toString()],
    queryFn: () => get<ReorderSuggestions>(`/api/admin/stock-analysis/reorder?${query}`),
    placeholderData: keepPreviousData,
  });
  return (
    <Card withBorder padding="md">
      <Stack>
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={2} fz="h3">
              {phrase('Reorder suggestions')}
            </Title>
            <Text fz="sm" c="dimmed">
              {phrase('Variants whose stock lasts fewer than {{n}} days, by the supplier they were last bought from.', { n: lowCoverDays })}
            </Text>
          </div>
          <NumberInput
            label={phrase('Order enough for (days)')}
            min={1}
            max={365}
            allowDecimal={false}
            value={coverDays}
            onChange={(value) => setCoverDays(Math.min(365, Math.max(1, Number(value) || DEFAULT_REORDER_COVER_DAYS)))}
            w={190}
          />
        </Group>
        {error && (
          <Alert color="red" role="alert">
            {error.message}
          </Alert>
        )}
        {!data && <Skeleton h={80} />}
        {data && data.groups.length === 0 && <Text fw={600}>{phrase('Nothing needs reordering at this cover.')}</Text>}
        <div aria-busy={isFetching}>
          <Stack>
            {data?.groups.map((group) => (
              <ReorderGroupCard
                key={`${group.supplier_id ?? 'none'}-${data.cover_days}`}
                group={group}
                suppliers={suppliers}
                canDraft={canDraft}
              />
            ))}
          </Stack>
        </div>
      </Stack>
    </Card>
  );
}

function ReorderGroupCard({ group, suppliers, canDraft }: { group: ReorderGroup; suppliers: Supplier[]; canDraft: boolean }) {
  const phrase = usePhrase();
  const { money, number } = useFormats();
  const queryClient = useQueryClient();
  const [lines, setLines] = useState<Record<number, EditedLine>>({});
  const [chosenSupplier, setChosenSupplier] = useState<string | null>(group.supplier_id ? String(group.supplier_id) : null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [made, setMade] = useState<number | null>(null);
  useEffect(() => {
    setLines(
      Object.fromEntries(
        group.lines.map((line) => [line.variant_id, { include: true, quantity: line.suggested_quantity, unit_cost: line.unit_cost }]),
      ),
    );
  }, [group]);
  const edited = (variantId: number): EditedLine => lines[variantId] ?? { include: true, quantity: null, unit_cost: null };
  const change = (variantId: number, patch: Partial<EditedLine>) =>
    setLines((current) => ({ ...current, [variantId]: { ...edited(variantId), ...patch } }));
  const chosen = group.lines.filter((line) => edited(line.variant_id).include);
  const total = chosen.reduce((sum, line) => sum + (edited(line.variant_id).quantity ?? 0) * (edited(line.variant_id).unit_cost ?? 0), 0);
  const title = group.supplier_name ?? phrase('Never bought from a supplier yet');

  const makeDraft = async () => {
    setErrors({});
    setSaving(true);
    const sent = chosen.map((line) => ({
      variant_id: line.variant_id,
      quantity: edited(line.variant_id).quantity,
      unit_cost: edited(line.variant_id).unit_cost,
    }));
    try {
      const answer = await post<{ data: { id: number; supplier_name: string } }>('/api/admin/stock-analysis/reorder', {
        supplier_id: chosenSupplier ? Number(chosenSupplier) : null,
        lines: sent,
      });
      setMade(answer.data.id);
      toast.success(phrase('A draft purchase from {{supplier}} was made.', { supplier: answer.data.supplier_name }));
      await queryClient.invalidateQueries({ queryKey: ['stock-analysis', 'reorder'] });
    } catch (failure) {
      if (failure instanceof ApiError) {
        const fields = failure.fieldErrors();
        const flat: Record<string, string> = {};
        for (const [key, messages] of Object.entries(fields)) {
          const [first] = Array.isArray(messages) ? messages : [messages];
          if (first) flat[key] = String(first);
        }
        // Line errors name the line by its place among the lines sent.
        const named: Record<string, string> = {};
        for (const [key, message] of Object.entries(flat)) {
          const match = /^lines\.(\d+)\.(\w+)$/.exec(key);
          const line = match ? chosen[Number(match[1])] : undefined;
          named[line ? `${line.variant_id}.${match?.[2]}` : key] = message;
        }
        setErrors(Object.keys(named).length ? named : { _: failure.message });
      } else setErrors({ _: String(failure) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card withBorder padding="sm" component="section" aria-label={title}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Title order={3} fz="h4">
            {title}
          </Title>
          <Text fw={600}>
            {phrase('{{n}} lines', { n: number(chosen.length) })} · {money(total)}
          </Text>
        </Group>
        {group.supplier_id === null && (
          <Select
            label={phrase('Buy from')}
            placeholder={phrase('Choose a supplier')}
            searchable
            data={suppliers.map((each) => ({ value: String(each.id), label: each.name }))}
            value={chosenSupplier}
            onChange={setChosenSupplier}
            error={errors.supplier_id ? phrase(errors.supplier_id) : undefined}
            w={260}
          />
        )}
        {errors._ && (
          <Alert color="red" role="alert">
            {phrase(errors._)}
          </Alert>
        )}
        {errors.lines && (
          <Alert color="red" role="alert">
            {phrase(errors.lines)}
          </Alert>
        )}
        <TableScroll minWidth={760}>
          <Table verticalSpacing={4} aria-label={phrase('Lines to order from {{supplier}}', { supplier: title })}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{phrase('Order')}</Table.Th>
                <Table.Th>{phrase('Product')}</Table.Th>
                <Table.Th ta="right">{phrase('Stock')}</Table.Th>
                <Table.Th ta="right">{phrase('Sold 30 days')}</Table.Th>
                <Table.Th ta="right">{phrase('Days of cover')}</Table.Th>
                <Table.Th>{phrase('Quantity')}</Table.Th>
                <Table.Th>{phrase('Unit cost')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {group.lines.map((line) => {
                const state = edited(line.variant_id);
                const name = [line.name, line.variant].filter(Boolean).join(' — ');
                return (
                  <Table.Tr key={line.variant_id}>
                    <Table.Td>
                      <Checkbox
                        aria-label={phrase('Order {{name}}', { name })}
                        checked={state.include}
                        onChange={(event) => change(line.variant_id, { include: event.currentTarget.checked })}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Text fz="sm">{name}</Text>
                      <Text fz="xs" c="dimmed">
                        {line.sku}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">{number(line.stock)}</Table.Td>
                    <Table.Td ta="right">{number(line.sold_30)}</Table.Td>
                    <Table.Td ta="right">{line.cover_days === null ? '—' : number(line.cover_days)}</Table.Td>
                    <Table.Td>
                      <NumberInput
                        aria-label={phrase('Quantity of {{name}}', { name })}
                        min={1}
                        allowDecimal={false}
                        value={state.quantity ?? ''}
                        onChange={(value) => change(line.variant_id, { quantity: value === '' ? null : Number(value) })}
                        error={errors[`${line.variant_id}.quantity`] ? phrase(errors[`${line.variant_id}.quantity`] ?? '') : undefined}
                        disabled={!state.include}
                        w={100}
                      />
                    </Table.Td>
                    <Table.Td>
                      <MoneyInput
                        aria-label={phrase('Unit cost of {{name}}', { name })}
                        value={state.unit_cost}
                        onChange={(value) => change(line.variant_id, { unit_cost: value })}
                        error={errors[`${line.variant_id}.unit_cost`] ? phrase(errors[`${line.variant_id}.unit_cost`] ?? '') : undefined}
                        disabled={!state.include}
                        w={140}
                      />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </TableScroll>
        <Group justify="flex-end">
          {made && (
            <Anchor component={Link} to={`/admin/purchaseView/${made}`}>
              {phrase('Open the draft purchase')}
            </Anchor>
          )}
          {canDraft && (
            <Button onClick={makeDraft} loading={saving} disabled={chosen.length === 0}>
              {phrase('Make draft purchase')}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
