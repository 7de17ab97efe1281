import type { Paginator } from '@haat/contracts';
import { Alert, Anchor, Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { get } from '../../../lib/api';
import { formatDate, shopDay } from '../../../lib/dates';
import { useNumber } from '../../../lib/numbers';
import { usePhrase } from '../../../lib/phrases';
import { BarChart } from '../../../ui/BarChart';
import { AA_COLORS } from '../../../ui/colors';
import { DateRangeField } from '../../../ui/DateFields';
import { ExportCsvButton } from '../../../ui/ExportCsvButton';
import { Pagination } from '../../../ui/resource/Pagination';
import { TableScroll } from '../../../ui/TableScroll';
import { PRODUCT_STATUS_LABELS } from '../../resources/products/shared';

interface ViewRow {
  product_id: number;
  name: string | null;
  sku: string | null;
  status: number | null;
  views: number;
  [key: string]: unknown;
}

/** The paginator's `from` and `to` counters are replaced by the range's days in this answer. */
interface ViewsAnswer extends Omit<Paginator<ViewRow>, 'from' | 'to'> {
  from: string;
  to: string;
  total_views: number;
  days: { date: string; views: number }[];
}

const RANGES = [7, 30, 90] as const;

/** `/admin/product/view/report`: storefront views per day over a date range, and the most viewed products. */
export default function ProductViewReport() {
  const [params, setParams] = useSearchParams();
  const today = shopDay();
  const from = params.get('from') ?? shopDay(-29);
  const to = params.get('to') ?? today;
  const page = Math.max(1, Number(params.get('page') ?? 1) || 1);
  const range = `from=${from}&to=${to}`;

  const { data, error, isPending, isFetching } = useQuery({
    queryKey: ['report', 'product-views', range, page],
    queryFn: () => get<ViewsAnswer>(`/api/admin/reports/product-views?${range}&page=${page}&per_page=20`),
    placeholderData: keepPreviousData,
  });

  const setRange = (next: { from: string; to: string }) => setParams({ from: next.from, to: next.to }, { replace: true });
  const phrase = usePhrase();
  const number = useNumber();
  const peak = data?.days.reduce((best, day) => (day.views > (best?.views ?? -1) ? day : best), data.days[0]);

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>{phrase('Product views')}</Title>
        <ExportCsvButton
          url={`/api/admin/reports/product-views?${range}`}
          fileName={`product-views-${from}-to-${to}.csv`}
          header={['Product ID', 'Product', 'SKU', 'Views']}
          cells={(row: ViewRow) => [row.product_id, row.name ?? '', row.sku ?? '', row.views]}
          total={data?.total}
        />
      </Group>

      <Card withBorder padding="sm">
        <Group align="flex-end" gap="md" wrap="wrap">
          <DateRangeField
            label={phrase('Dates')}
            value={[from, to]}
            maxDate={today}
            onChange={([start, end]) => {
              if (start && end) setRange({ from: start, to: end });
            }}
          />
          <Group gap="xs">
            {RANGES.map((days) => (
              <Button
                key={days}
                size="sm"
                variant={from === shopDay(1 - days) && to === today ? 'filled' : 'default'}
                onClick={() => setRange({ from: shopDay(1 - days), to: today })}
              >
                {phrase('Last {{n}} days', { n: number(days) })}
              </Button>
            ))}
          </Group>
        </Group>
      </Card>

      {error && (
        <Alert color="red" role="alert">
          {error.message}
        </Alert>
      )}

      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {[
          { label: 'Views', value: data && number(data.total_views) },
          { label: 'Products viewed', value: data && number(data.total) },
          {
            label: 'Busiest day',
            value: data && peak && peak.views > 0 ? `${formatDate(peak.date, 'D MMM')} · ${number(peak.views)}` : data && '—',
          },
        ].map((card) => (
          <Card key={card.label} withBorder padding="md">
            <Text fz="sm" c="dimmed">
              {phrase(card.label)}
            </Text>
            {card.value === undefined ? (
              <Skeleton h={28} mt={4} />
            ) : (
              <Text fz={24} fw={700} c="#161745">
                {card.value}
              </Text>
            )}
          </Card>
        ))}
      </SimpleGrid>

      <Card withBorder padding="lg">
        <Title order={2} fz="h4" mb="sm">
          {phrase('Views by day')}
        </Title>
        {data ? (
          <>
            <BarChart label={phrase('Product views by day')} points={data.days.map((day) => ({ date: day.date, value: day.views }))} />
            <details>
              <summary style={{ cursor: 'pointer', fontSize: 14 }}>{phrase('Show the figures by day')}</summary>
              <Table fz="sm" mt="xs" striped aria-label={phrase('Views by day')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{phrase('Day')}</Table.Th>
                    <Table.Th ta="right">{phrase('Views')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.days.map((day) => (
                    <Table.Tr key={day.date}>
                      <Table.Td>{formatDate(day.date, 'ddd, D MMM YYYY')}</Table.Td>
                      <Table.Td ta="right">{number(day.views)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </details>
          </>
        ) : (
          <Skeleton h={180} />
        )}
      </Card>

      <Card withBorder padding={0}>
        <Group p="md" pb={0}>
          <Title order={2} fz="h4">
            {phrase('Most viewed products')}
          </Title>
        </Group>
        <TableScroll minWidth={520}>
          <Table striped highlightOnHover verticalSpacing="xs" aria-busy={isFetching} aria-label={phrase('Most viewed products')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={60}>{phrase('Rank')}</Table.Th>
                <Table.Th>{phrase('Product')}</Table.Th>
                <Table.Th>{phrase('SKU')}</Table.Th>
                <Table.Th>{phrase('Status')}</Table.Th>
                <Table.Th ta="right">{phrase('Views')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {isPending && (
                <Table.Tr>
                  <Table.Td colSpan={5}>
                    <Skeleton h={20} />
                  </Table.Td>
                </Table.Tr>
              )}
              {data?.data.map((row, index) => (
                <Table.Tr key={row.product_id}>
                  <Table.Td>{number((page - 1) * data.per_page + index + 1)}</Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={`/admin/product/edit/${row.product_id}`} fz="sm">
                      {row.name ?? phrase('Product {{id}}', { id: row.product_id })}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{row.sku ?? '—'}</Table.Td>
                  <Table.Td>
                    <Badge color={row.status === 1 ? AA_COLORS.success : 'gray.7'} variant="filled">
                      {phrase(row.status === 1 ? PRODUCT_STATUS_LABELS.on : PRODUCT_STATUS_LABELS.off)}
                    </Badge>
                  </Table.Td>
                  <Table.Td ta="right" fw={600}>
                    {number(row.views)}
                  </Table.Td>
                </Table.Tr>
              ))}
              {data && data.data.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={5}>
                    <Text ta="center" py="lg" fw={600}>
                      {phrase('No product was viewed in these days.')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </TableScroll>
        {data && (
          <Group p="sm" justify="flex-end">
            <Pagination
              total={data.total}
              perPage={data.per_page}
              page={page}
              onChange={(next) => setParams({ from, to, page: String(next) })}
            />
          </Group>
        )}
      </Card>
    </Stack>
  );
}
