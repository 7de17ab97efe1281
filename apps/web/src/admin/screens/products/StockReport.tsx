import { formatMoney, fromPaisa, type Paginator, STOCK_REPORT_GROUPS, type StockReportGroup } from '@haat/contracts';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { get } from '../../../lib/api';
import { useNumber } from '../../../lib/numbers';
import { usePhrase } from '../../../lib/phrases';
import { useSiteInfo } from '../../../lib/site';
import { AA_COLORS } from '../../../ui/colors';
import { ExportCsvButton } from '../../../ui/ExportCsvButton';
import { Pagination } from '../../../ui/resource/Pagination';
import { useReferenceOptions } from '../../../ui/resource/reference';
import { SortHeader } from '../../../ui/resource/SortHeader';
import { TableScroll } from '../../../ui/TableScroll';
import { StockCell } from '../../resources/products/shared';

type Row = Record<string, unknown>;

interface StockReportAnswer extends Paginator<Row> {
  group: StockReportGroup;
  totals: { rows: number; quantity: number; stock_value: number; low_stock: number };
}

const GROUP_LABELS: Record<StockReportGroup, string> = { product: 'Product', category: 'Category', variant: 'Variant' };

/** Money and counts in the page's language (Bengali digits in Bengali). */
interface Formats {
  money: (paisa: unknown) => string;
  number: (value: unknown) => string;
}

interface ReportColumn {
  key: string;
  label: string;
  sort?: string;
  align?: 'right';
  cell: (row: Row, format: Formats) => React.ReactNode;
  /** The CSV cell: plain numbers, money in taka. */
  csv: (row: Row) => unknown;
}

const productLink = (row: Row, text: string) => (
  <Anchor component={Link} to={`/admin/product/edit/${row.product_id}`} fz="sm">
    {text}
  </Anchor>
);

const stockColumns: ReportColumn[] = [
  {
    key: 'stock',
    label: 'Stock',
    sort: 'stock',
    cell: (row) => <StockCell stock={Number(row.stock)} low={Boolean(row.low_stock)} />,
    csv: (row) => row.stock,
  },
  {
    key: 'low_stock_threshold',
    label: 'Low at',
    align: 'right',
    cell: (row, { number }) => number(row.low_stock_threshold),
    csv: (row) => row.low_stock_threshold,
  },
  {
    key: 'purchase_cost',
    label: 'Unit cost',
    align: 'right',
    cell: (row, { money }) => money(row.purchase_cost),
    csv: (row) => fromPaisa(Number(row.purchase_cost)),
  },
  {
    key: 'stock_value',
    label: 'Stock value',
    sort: 'stock_value',
    align: 'right',
    cell: (row, { money }) => (
      <Text fw={600} fz="sm" component="span">
        {money(row.stock_value)}
      </Text>
    ),
    csv: (row) => fromPaisa(Number(row.stock_value)),
  },
];

const COLUMNS: Record<StockReportGroup, ReportColumn[]> = {
  product: [
    { key: 'name', label: 'Product', sort: 'name', cell: (row) => productLink(row, String(row.name)), csv: (row) => row.name },
    { key: 'sku', label: 'SKU', sort: 'sku', cell: (row) => String(row.sku), csv: (row) => row.sku },
    { key: 'category_name', label: 'Category', cell: (row) => String(row.category_name ?? '—'), csv: (row) => row.category_name ?? '' },
    ...stockColumns,
  ],
  variant: [
    { key: 'name', label: 'Product', sort: 'name', cell: (row) => productLink(row, String(row.name)), csv: (row) => row.name },
    { key: 'variant', label: 'Variant', cell: (row) => String(row.variant || '—'), csv: (row) => row.variant },
    { key: 'sku', label: 'SKU', sort: 'sku', cell: (row) => String(row.sku), csv: (row) => row.sku },
    ...stockColumns,
  ],
  category: [
    { key: 'name', label: 'Category', sort: 'name', cell: (row) => String(row.name), csv: (row) => row.name },
    {
      key: 'products',
      label: 'Products',
      sort: 'products',
      align: 'right',
      cell: (row, { number }) => number(row.products),
      csv: (row) => row.products,
    },
    {
      key: 'stock',
      label: 'Units in stock',
      sort: 'stock',
      align: 'right',
      cell: (row, { number }) => number(row.stock),
      csv: (row) => row.stock,
    },
    {
      key: 'low_stock',
      label: 'Low-stock products',
      align: 'right',
      cell: (row, { number }) => (
        <Text
          component="span"
          fz="sm"
          c={Number(row.low_stock) > 0 ? AA_COLORS.warning : undefined}
          fw={Number(row.low_stock) > 0 ? 600 : undefined}
        >
          {number(row.low_stock)}
        </Text>
      ),
      csv: (row) => row.low_stock,
    },
    {
      key: 'stock_value',
      label: 'Stock value',
      sort: 'stock_value',
      align: 'right',
      cell: (row, { money }) => (
        <Text fw={600} fz="sm" component="span">
          {money(row.stock_value)}
        </Text>
      ),
      csv: (row) => fromPaisa(Number(row.stock_value)),
    },
  ],
};

/**
 * `/admin/report/product/stock` and `/admin/product/stock/report`: stock on hand and its value at
 * purchase cost, by product, category or variant (the second path opens by variant), with totals.
 */
export default function StockReport() {
  const { pathname } = useLocation();
  const byVariant = pathname.startsWith('/admin/product/stock/report');
  const phrase = usePhrase();
  const formatNumber = useNumber();
  const { i18n } = useTranslation();
  const title = byVariant ? phrase('Product stock report') : phrase('Stock report');
  const [params, setParams] = useSearchParams();
  const site = useSiteInfo();
  const groupLabel = useId();
  const [search, setSearch] = useState(params.get('q') ?? '');
  const [categorySearch, setCategorySearch] = useState('');

  const groupParam = params.get('group');
  const group: StockReportGroup = STOCK_REPORT_GROUPS.includes(groupParam as StockReportGroup)
    ? (groupParam as StockReportGroup)
    : byVariant
      ? 'variant'
      : 'product';
  const page = Math.max(1, Number(params.get('page') ?? 1) || 1);
  const sort = params.get('sort') ?? (group === 'category' ? '-stock_value' : 'name');
  const lowOnly = params.get('filter[low_stock]') === '1';
  const categoryId = params.get('filter[category_id]');

  const filters = new URLSearchParams();
  filters.set('group', group);
  filters.set('sort', sort);
  for (const key of ['q', 'filter[low_stock]', 'filter[category_id]']) {
    const value = params.get(key);
    if (value) filters.set(key, value);
  }
  const filterString = filters.toString();

  const { data, error, isPending, isFetching } = useQuery({
    queryKey: ['report', 'stock', filterString, page],
    queryFn: () => get<StockReportAnswer>(`/api/admin/reports/stock?${filterString}&page=${page}&per_page=25`),
    placeholderData: keepPreviousData,
  });
  const categories = useReferenceOptions({ api: '/api/admin/categories', query: 'sort=name' }, categorySearch, categoryId);

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === '') next.delete(key);
      else next.set(key, value);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next, { replace: !('page' in changes) });
  };
  const onSearch = useDebouncedCallback((value: string) => update({ q: value }), 300);

  const money = (paisa: unknown) => formatMoney(Number(paisa ?? 0), site?.currency_symbol, i18n.language);
  const number = (value: unknown) => formatNumber(Number(value ?? 0));
  const columns = COLUMNS[group];
  const rows = data?.data ?? [];
  const rowKey = (row: Row) => String(row.variant_id ?? row.product_id ?? row.category_id ?? 'none');

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>{title}</Title>
        <ExportCsvButton
          url={`/api/admin/reports/stock?${filterString}`}
          fileName={`stock-by-${group}.csv`}
          header={columns.map((column) => column.label)}
          cells={(row: Row) => columns.map((column) => column.csv(row))}
          total={data?.total}
        />
      </Group>

      <Card withBorder padding="sm">
        <Group align="flex-end" gap="md" wrap="wrap">
          <Stack gap={4}>
            <Text component="span" id={groupLabel} fz="sm" fw={500}>
              {phrase('Group by')}
            </Text>
            <SegmentedControl
              aria-labelledby={groupLabel}
              value={group}
              onChange={(value) => update({ group: value, sort: null })}
              data={STOCK_REPORT_GROUPS.map((value) => ({ value, label: phrase(GROUP_LABELS[value]) }))}
            />
          </Stack>
          {group !== 'category' && (
            <TextInput
              label={phrase('Search')}
              type="search"
              placeholder={phrase('Name or SKU')}
              value={search}
              onChange={(event) => {
                setSearch(event.currentTarget.value);
                onSearch(event.currentTarget.value);
              }}
              w={220}
            />
          )}
          <Select
            label={phrase('Category')}
            placeholder={phrase('All')}
            searchable
            clearable
            onSearchChange={setCategorySearch}
            data={categories.options}
            value={categoryId}
            onChange={(value) => update({ 'filter[category_id]': value })}
            w={220}
          />
          <Switch
            label={phrase('Low stock only')}
            checked={lowOnly}
            onChange={(event) => update({ 'filter[low_stock]': event.currentTarget.checked ? '1' : null })}
            mb={8}
          />
        </Group>
      </Card>

      {error && (
        <Alert color="red" role="alert">
          {error.message}
        </Alert>
      )}

      <SimpleGrid cols={{ base: 2, md: 4 }} aria-live="polite">
        {[
          {
            label: group === 'category' ? 'Categories' : group === 'variant' ? 'Variants' : 'Products',
            value: data && number(data.totals.rows),
          },
          { label: 'Units in stock', value: data && number(data.totals.quantity) },
          { label: 'Stock value (at cost)', value: data ? money(data.totals.stock_value) : undefined },
          {
            label: group === 'variant' ? 'Low-stock variants' : 'Low-stock products',
            value: data && number(data.totals.low_stock),
          },
        ].map((card) => (
          <Card key={card.label} withBorder padding="md">
            <Text fz="sm" c="dimmed">
              {phrase(card.label)}
            </Text>
            {!card.value ? (
              <Skeleton h={28} mt={4} />
            ) : (
              <Text fz={24} fw={700} c="#161745">
                {card.value}
              </Text>
            )}
          </Card>
        ))}
      </SimpleGrid>

      <Card withBorder padding={0}>
        <TableScroll minWidth={640}>
          <Table
            striped
            highlightOnHover
            verticalSpacing="xs"
            aria-busy={isFetching}
            aria-label={phrase('{{report}}, by {{group}}', { report: title, group: phrase(GROUP_LABELS[group]) })}
          >
            <Table.Thead>
              <Table.Tr>
                {columns.map((column) => (
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
                    <Table.Td colSpan={columns.length}>
                      <Skeleton h={20} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              {rows.map((row) => (
                <Table.Tr key={rowKey(row)}>
                  {columns.map((column) => (
                    <Table.Td key={column.key} ta={column.align}>
                      {group === 'category' && column.key === 'name' && row.category_id && Number(row.level) < 3 ? (
                        <UnstyledButton
                          fz="sm"
                          c="navy.7"
                          td="underline"
                          onClick={() => update({ 'filter[category_id]': String(row.category_id) })}
                        >
                          {String(row.name)}
                        </UnstyledButton>
                      ) : (
                        column.cell(row, { money, number })
                      )}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
              {!isPending && rows.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={columns.length}>
                    <Text ta="center" py="lg" fw={600}>
                      {lowOnly ? phrase('Nothing is low on stock here.') : phrase('Nothing to show for these filters.')}
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
              : phrase('Showing {{from}}–{{to}} of {{n}}', { from: number(data.from), to: number(data.to), n: number(data.total) })}
          </Text>
          <Pagination total={data.total} perPage={data.per_page} page={page} onChange={(next) => update({ page: String(next) })} />
        </Group>
      )}
      {group === 'category' && (
        <Text fz="sm" c="dimmed">
          {phrase('Choose a category to see its subcategories.')}{' '}
          {categoryId && (
            <Button variant="subtle" size="compact-sm" onClick={() => update({ 'filter[category_id]': null })}>
              {phrase('Back to all categories')}
            </Button>
          )}
        </Text>
      )}
    </Stack>
  );
}
