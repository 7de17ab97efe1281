import type { Paginator } from '@haat/contracts';
import { Anchor, Group, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link, type Params, useParams, useSearchParams } from 'react-router';
import { usePhrase } from '../../lib/phrases';
import { usePageTitle } from '../../ui/Title';
import { useOrderWords } from '../orders/order-ui';
import {
  type ReportAnswer,
  ReportChart,
  type ReportColumn,
  ReportHeader,
  ReportTable,
  type ReportTotals,
  TotalCards,
  useCount,
  useDuration,
  useMoney,
  useReport,
  useReportParams,
} from './report-kit';

/** One choice of a report's filter. */
export interface ReportOption {
  value: string;
  label: string;
}

/**
 * A filter above the report: a labelled select writing one URL search parameter, which goes as it is to the
 * API and to the CSV export.
 */
export interface ReportFilter {
  param: string;
  label: string;
  /** The choices, or where to load them (a list of suppliers) and under which query key. */
  options: ReportOption[] | { key: readonly unknown[]; load: () => Promise<ReportOption[]> };
  /** A filter that always has a value (a grouping): shown when the URL has none, and it cannot be cleared. */
  initial?: string;
  placeholder?: string;
  searchable?: boolean;
}

/** The words and formats a declaration builds its texts and cells with, and where the page is. */
export interface ReportTools {
  t: TFunction;
  phrase: ReturnType<typeof usePhrase>;
  words: ReturnType<typeof useOrderWords>;
  money: ReturnType<typeof useMoney>;
  count: ReturnType<typeof useCount>;
  duration: ReturnType<typeof useDuration>;
  /** The URL's search parameters, and the route's (`:id`). */
  params: URLSearchParams;
  route: Readonly<Params<string>>;
  /** The URL's date range as a query string (`from=…&to=…`, or empty) to carry to another report. */
  range: string;
}

type RowOf<Answer> = Answer extends ReportAnswer<infer Row> ? Row : never;

/** What a report is: where it comes from, how it may be narrowed, and what it shows. */
export interface ReportDeclaration<Answer extends ReportAnswer<unknown>> {
  /** The JSON endpoint; `${api}/export.csv` answers the same filters as CSV. */
  api: string;
  perPage?: number;
  /** The page's one heading (also the table's name unless `tableLabel`); a function when it names what was loaded. */
  title: string | ((answer: Answer | undefined) => string);
  tableLabel?: string;
  /** A link back above the heading, and a line under it from the answer. */
  back?: { label: string; to: string };
  subtitle?: (answer: Answer) => string;
  filters?: ReportFilter[];
  /** Figure cards over every row. */
  cards: { label: string; value: (answer: Answer) => string }[];
  /** The day-by-day chart: orders (a count) or amount (money) of each day. */
  chart: { title: string; value: 'orders' | 'amount' };
  columns: ReportColumn<RowOf<Answer>>[];
  rowKey: (row: RowOf<Answer>) => string;
  /** The table's totals row. */
  totals?: (answer: Answer) => ReportTotals;
  /** A note under the table saying how the figures are counted. */
  note?: string;
}

/**
 * Declares a back-office report (decision 046): the function returns the declaration in the admin's language
 * on every render; the returned component is the whole screen.
 */
export function defineReport<Answer extends ReportAnswer<unknown>>(declare: (tools: ReportTools) => ReportDeclaration<Answer>) {
  return function DeclaredReport() {
    return <ReportScreen declare={declare} />;
  };
}

/**
 * A report screen: heading and CSV link, the date range and filters (kept in the URL), figure cards, the chart,
 * then the rows with their totals and paging.
 */
export function ReportScreen<Answer extends ReportAnswer<unknown>>({
  declare,
}: {
  declare: (tools: ReportTools) => ReportDeclaration<Answer>;
}) {
  const { t } = useTranslation();
  const phrase = usePhrase();
  const words = useOrderWords();
  const money = useMoney();
  const count = useCount();
  const duration = useDuration();
  const route = useParams();
  const [params] = useSearchParams();
  const range = new URLSearchParams();
  for (const key of ['from', 'to']) {
    const value = params.get(key);
    if (value) range.set(key, value);
  }
  const report = declare({ t, phrase, words, money, count, duration, params, route, range: range.toString() });
  const filters = report.filters ?? [];
  const { page, filters: query, update } = useReportParams(filters.map((filter) => filter.param));
  const { data, error, isPending, isFetching } = useReport<Answer>(report.api, query, page, report.perPage);
  const title = typeof report.title === 'function' ? report.title(data) : report.title;
  usePageTitle(typeof report.title === 'function' ? title : null);

  return (
    <Stack>
      {report.back && (
        <Group>
          <Anchor component={Link} to={report.back.to} fz="sm">
            {report.back.label}
          </Anchor>
        </Group>
      )}
      <ReportHeader
        title={title}
        exportUrl={`${report.api}/export.csv?${query}`}
        range={data?.range}
        onRange={(from, to) => update({ from, to })}
      >
        {filters.map((filter) => (
          <ReportFilterSelect
            key={filter.param}
            filter={filter}
            value={params.get(filter.param)}
            onChange={(value) => update({ [filter.param]: value })}
          />
        ))}
      </ReportHeader>
      {report.subtitle && data && (
        <Text c="dimmed" fz="sm">
          {report.subtitle(data)}
        </Text>
      )}
      <TotalCards cards={report.cards.map((card) => ({ label: card.label, value: data && card.value(data) }))} />
      <ReportChart
        title={report.chart.title}
        points={data?.chart.map((point) => ({ date: point.date, value: point[report.chart.value] }))}
        format={report.chart.value === 'amount' ? money : undefined}
      />
      <ReportTable
        label={report.tableLabel ?? title}
        columns={report.columns}
        answer={data as Paginator<RowOf<Answer>> | undefined}
        error={error}
        isPending={isPending}
        isFetching={isFetching}
        rowKey={report.rowKey}
        page={page}
        onPage={(next) => update({ page: String(next) })}
        totals={data && report.totals?.(data)}
      />
      {report.note && (
        <Text fz="sm" c="dimmed">
          {report.note}
        </Text>
      )}
    </Stack>
  );
}

/** One filter's select; an empty choice removes the parameter. */
function ReportFilterSelect({
  filter,
  value,
  onChange,
}: {
  filter: ReportFilter;
  value: string | null;
  onChange: (value: string | null) => void;
}) {
  const source = Array.isArray(filter.options) ? null : filter.options;
  const loaded = useQuery({
    queryKey: source?.key ?? ['report-filter', filter.param],
    queryFn: () => source?.load() ?? [],
    enabled: source !== null,
  });
  const options = Array.isArray(filter.options) ? filter.options : (loaded.data ?? []);
  const fixed = filter.initial !== undefined;
  return (
    <Select
      label={filter.label}
      placeholder={filter.placeholder}
      data={options}
      value={value ?? filter.initial ?? null}
      onChange={(next) => onChange(next || null)}
      allowDeselect={!fixed}
      clearable={!fixed}
      searchable={filter.searchable}
      w={200}
    />
  );
}
