import type { Paginator } from '@haat/contracts';
import { useQuery } from '@tanstack/react-query';
import { get } from '../../lib/api';
import type { ReferenceSource } from './types';

type Row = Record<string, unknown>;

const labelOf = (source: ReferenceSource, row: Row) => (source.label ? source.label(row) : String(row.name ?? row.title ?? row.id));

/**
 * Choices from another resource: the first 100 matching the search, plus the chosen one when it is
 * not among them.
 */
export function useReferenceOptions(source: ReferenceSource | undefined, search: string, selected: string | null) {
  const list = useQuery({
    queryKey: ['reference', source?.api, source?.query, search],
    queryFn: () =>
      get<Paginator<Row>>(`${source?.api}?per_page=100&${source?.query ?? ''}${search ? `&q=${encodeURIComponent(search)}` : ''}`),
    enabled: Boolean(source),
    staleTime: 60_000,
    placeholderData: (previous) => previous,
  });
  const rows = list.data?.data ?? [];
  const missing = Boolean(source && selected && !rows.some((row) => String(row.id) === selected));
  const chosen = useQuery({
    queryKey: ['reference-one', source?.api, selected],
    queryFn: () => get<{ data: Row }>(`${source?.api}/${selected}`),
    enabled: missing,
    staleTime: 60_000,
  });
  const all = chosen.data && missing ? [chosen.data.data, ...rows] : rows;
  return {
    options: source ? all.map((row) => ({ value: String(row.id), label: labelOf(source, row) })) : [],
    loading: list.isFetching,
  };
}
