/** The two pagination shapes of seed §3. */
export interface Paginator<T> {
  data: T[];
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
  from: number | null;
  to: number | null;
  next_page_url: string | null;
  prev_page_url: string | null;
}

export interface PaginatorMeta {
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
  from: number | null;
  to: number | null;
}

export interface ResourceCollection<T> {
  data: T[];
  meta: PaginatorMeta;
  links: { first: string | null; last: string | null; next: string | null; prev: string | null };
}

/** Pagination is shown only when total exceeds per_page (seed §5). */
export function showPagination(meta: Pick<PaginatorMeta, 'total' | 'per_page'>): boolean {
  return meta.total > meta.per_page;
}
