import '../orders/stacked-table.css';
import { formatMoney, type Paginator, type ReportChartPoint, type ReportRange } from '@haat/contracts';
import { Alert, Button, Card, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { get } from '../../lib/api';
import { formatNumber } from '../../lib/numbers';
import { usePhrase } from '../../lib/phrases';
import { useSiteInfo } from '../../lib/site';
import { BarChart } from '../../ui/BarChart';
import { DateRangeField } from '../../ui/DateFields';
import { Pagination } from '../../ui/resource/Pagination';

/** What every order report answers: a page of rows, the range it covers and a day-by-day chart. */
export interface ReportAnswer<Row> extends Paginator<Row> {
  range: ReportRange;
  chart: ReportChartPoint[];
}

/** The URL's filters (everything but the page) and page, and a way to change them. */
export function useReportParams(keys: readonly string[]) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page') ?? 1) || 1);
  const filters = new URLSearchParams();
  for (const key of ['from', 'to', ...keys]) {
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
    setParams(next, { replace: !('page' in changes) });
  };
  return { params, page, filters: filters.toString(), update };
}

/** Loads one page of a report for the URL's filters, keeping the last page on screen while the next loads. */
export function useReport<Answer>(api: string, filters: string, page: number, perPage = 20) {
  const separator = filters ? '&' : '';
  return useQuery({
    queryKey: ['report', api, filters, page, perPage],
    queryFn: () => get<Answer>(`${api}?${filters}${separator}page=${page}&per_page=${perPage}`),
    placeholderData: keepPreviousData,
  });
}

export function useMoney() {
  const site = useSiteInfo();
  const { i18n } = useTranslation();
  return (paisa: number) => formatMoney(paisa, site?.currency_symbol, i18n.language);
}

/** A count in the page's language (Bengali digits in Bengali). */
export function useCount() {
  const { i18n } = useTranslation();
  return (value: number | null | undefined) => (value === null || value === undefined ? '—' : formatNumber(value, i18n.language));
}

/** Minutes as "45 min" or "3 h 20 min" in the page's digits; a dash when there is nothing to measure. */
export function useDuration() {
  const phrase = usePhrase();
  const count = useCount();
  return (minutes: number | null) => {
    if (minutes === null) return '—';
    const whole = Math.round(minutes);
    if (whole < 60) return phrase('{{n}} min', { n: count(whole) });
    return phrase('{{hours}} h {{minutes}} min', { hours: count(Math.floor(whole / 60)), minutes: count(whole % 60) });
  };
}

/** The title, the CSV export of the same filters, the date range and any other filters. */
export function ReportHeader({
  title,
  exportUrl,
  range,
  onRange,
  children,
}: {
  title: string;
  exportUrl: string;
  range: ReportRange | undefined;
  onRange: (from: string | null, to: string | null) => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Group justify="space-between">
        <Title order={1}>{title}</Title>
        <Button component="a" variant="default" href={exportUrl} download>
          {t('reports.exportCsv')}
        </Button>
      </Group>
      <Card withBorder padding="sm">
        <Group align="flex-end" gap="md" wrap="wrap">
          <DateRangeField
            label={t('reports.dates')}
            value={[range?.from ?? null, range?.to ?? null]}
            onChange={([from, to]) => {
              if (from && to) onRange(from, to);
              else if (!from && !to) onRange(null, null);
            }}
          />
          {children}
        </Group>
      </Card>
    </>
  );
}

/** Figure cards over every row of the report: the lists' own (ui/TotalCards), shared. */
export { TotalCards } from '../../ui/TotalCards';

/** The report's day-by-day (or month-by-month) chart in a card. */
export function ReportChart({
  title,
  points,
  format,
  unit,
}: {
  title: string;
  points: { date: string; value: number }[] | undefined;
  format?: (value: number) => string;
  unit?: 'day' | 'month';
}) {
  return (
    <Card withBorder padding="lg" data-testid="report-chart">
      <Title order={2} fz="h4" mb="sm">
        {title}
      </Title>
      {points ? <BarChart label={title} points={points} format={format} unit={unit} /> : <Skeleton h={160} />}
    </Card>
  );
}

export interface ReportColumn<Row> {
  key: string;
  label: string;
  align?: 'right';
  cell: (row: Row) => ReactNode;
}

/**
 * A report's totals row: the first column says what it is ("Total" unless `label` is given), every
 * other column shows its figure (or nothing) — each with its column's name, read beside it on a phone.
 */
export interface ReportTotals {
  label?: ReactNode;
  cells: Partial<Record<string, ReactNode>>;
}

/** The report's rows as a table, with its error, empty state, totals and pagination. */
export function ReportTable<Row>({
  label,
  columns,
  answer,
  error,
  isPending,
  isFetching,
  rowKey,
  page,
  onPage,
  totals,
}: {
  label: string;
  columns: ReportColumn<Row>[];
  answer: Paginator<Row> | undefined;
  error: Error | null;
  isPending: boolean;
  isFetching: boolean;
  rowKey: (row: Row) => string;
  page: number;
  onPage: (page: number) => void;
  totals?: ReportTotals | null;
}) {
  const { t } = useTranslation();
  const count = useCount();
  const phone = useMediaQuery('(max-width: 600px)') ?? false;
  const rows = answer?.data ?? [];
  return (
    <Stack gap="sm">
      {error && (
        <Alert color="red" role="alert">
          {error.message}
        </Alert>
      )}
      <Card withBorder padding={0}>
        {/* A card per row on a phone (stacked-table.css), each figure beside its column's name. */}
        <Table.ScrollContainer minWidth={phone ? 0 : 640} p={phone ? 'xs' : 0}>
          <Table striped={!phone} highlightOnHover verticalSpacing="xs" aria-busy={isFetching} aria-label={label} className="stacked-table">
            <Table.Thead>
              <Table.Tr>
                {columns.map((column) => (
                  <Table.Th key={column.key} ta={column.align}>
                    {column.label}
                  </Table.Th>
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
                  {columns.map((column, index) => (
                    <Table.Td key={column.key} ta={column.align} data-label={index === 0 ? undefined : column.label}>
                      {column.cell(row)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
              {!isPending && rows.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={columns.length}>
                    <Text ta="center" py="lg" fw={600}>
                      {t('reports.nothing')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
            {totals && rows.length > 0 && (
              <Table.Tfoot>
                <Table.Tr fw={700}>
                  {columns.map((column, index) =>
                    index === 0 ? (
                      <Table.Td key={column.key}>{totals.label ?? t('reports.total')}</Table.Td>
                    ) : (
                      <Table.Td key={column.key} ta={column.align} data-label={totals.cells[column.key] == null ? undefined : column.label}>
                        {totals.cells[column.key]}
                      </Table.Td>
                    ),
                  )}
                </Table.Tr>
              </Table.Tfoot>
            )}
          </Table>
        </Table.ScrollContainer>
      </Card>
      {answer && (
        <Group justify="space-between">
          <Text fz="sm" c="dimmed">
            {answer.total === 0 || rows.length === 0
              ? ''
              : t('reports.showing', {
                  from: count((answer.current_page - 1) * answer.per_page + 1),
                  to: count((answer.current_page - 1) * answer.per_page + rows.length),
                  total: count(answer.total),
                })}
          </Text>
          <Pagination total={answer.total} perPage={answer.per_page} page={page} onChange={onPage} />
        </Group>
      )}
    </Stack>
  );
}
