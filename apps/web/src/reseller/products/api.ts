import type { Paginator, ResellerProduct } from '@haat/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { get } from '../../lib/api';

export interface CategoryOption {
  id: number;
  name: string;
  level: number;
  parent_id: number | null;
}

/** The reseller's catalogue calls, shared by the product pages and the order form. */
export const productQueries = {
  list: (search: string) =>
    queryOptions({
      queryKey: ['reseller', 'products', search],
      queryFn: () => get<Paginator<ResellerProduct>>(`/api/reseller/products?${search}`),
      placeholderData: keepPreviousData,
    }),
  one: (id: string | number) =>
    queryOptions({
      queryKey: ['reseller', 'product', String(id)],
      queryFn: async () => (await get<{ data: ResellerProduct }>(`/api/reseller/products/${id}`)).data,
    }),
  categories: () =>
    queryOptions({
      queryKey: ['reseller', 'categories'],
      queryFn: async () => (await get<{ data: CategoryOption[] }>('/api/reseller/products/categories')).data,
      staleTime: 5 * 60_000,
    }),
};

/** "Women › Kurti › Cotton Kurti" labels for a category picker, in tree order. */
export function categoryOptions(categories: CategoryOption[]): { value: string; label: string }[] {
  const byId = new Map(categories.map((category) => [category.id, category]));
  const path = (category: CategoryOption): string => {
    const parent = category.parent_id ? byId.get(category.parent_id) : undefined;
    return parent ? `${path(parent)} › ${category.name}` : category.name;
  };
  return categories
    .map((category) => ({ value: String(category.id), label: path(category) }))
    .sort((a, b) => a.label.localeCompare(b.label));
}
