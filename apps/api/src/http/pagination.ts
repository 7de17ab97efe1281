import type { Paginator, ResourceCollection } from '@haat/contracts';

export interface PageRequest {
  page: number;
  perPage: number;
}

/** Builds both pagination shapes of seed §3 from one page of rows. */
export function paginate<T>(
  rows: T[],
  total: number,
  { page, perPage }: PageRequest,
  url: (page: number) => string,
): { plain: Paginator<T>; resource: ResourceCollection<T> } {
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const from = rows.length ? (page - 1) * perPage + 1 : null;
  const to = rows.length ? (page - 1) * perPage + rows.length : null;
  const next = page < lastPage ? url(page + 1) : null;
  const prev = page > 1 ? url(Math.min(page - 1, lastPage)) : null;
  const counters = { current_page: page, last_page: lastPage, per_page: perPage, total, from, to };
  return {
    plain: { data: rows, ...counters, next_page_url: next, prev_page_url: prev },
    resource: { data: rows, meta: counters, links: { first: url(1), last: url(lastPage), next, prev } },
  };
}

/** `path?query` with `page` replaced, other parameters kept in their order. */
export function pageUrl(path: string, query: Record<string, unknown>, page: number): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (key === 'page' || value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  }
  params.set('page', String(page));
  return `${path}?${params.toString()}`;
}
