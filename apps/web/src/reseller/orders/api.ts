import type { Paginator, ResellerOrderRow, ResellerOrderView } from '@haat/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { get } from '../../lib/api';

/** The reseller's order calls, shared by the order pages. */
export const orderQueries = {
  list: (status: string, search: string) =>
    queryOptions({
      queryKey: ['reseller', 'orders', status, search],
      queryFn: () =>
        get<Paginator<ResellerOrderRow> & { counts: Record<string, number> }>(`/api/reseller/orders/status/${status}?${search}`),
      placeholderData: keepPreviousData,
    }),
  one: (id: string | number) =>
    queryOptions({
      queryKey: ['reseller', 'order', String(id)],
      queryFn: async () => (await get<{ data: ResellerOrderView }>(`/api/reseller/orders/${id}`)).data,
    }),
};

export const STATUS_COLORS: Record<number, string> = {
  1: 'yellow',
  2: 'blue',
  3: 'indigo',
  4: 'cyan',
  5: 'green',
  6: 'orange',
  7: 'gray',
  8: 'grape',
};
