import { z } from 'zod';
import { COMPANY_SALE_STATUSES, type CompanySaleView } from '../company-sales';
import type { CounterSaleView } from '../sales';
import { defineResourceDescriptor, idFilter, viewOf } from './descriptor';

/** The views as plain object types (an interface has no index signature, a list row needs one). */
type RowOf<View> = { [K in keyof View]: View[K] };

/**
 * Company sales (`/admin/sale/company`, decision 039): the list, its filters, totals and CSV come
 * from the machinery; a sale, its payments and its buyer's statement are the sales module's own routes.
 */
export const companySaleDescriptor = defineResourceDescriptor({
  name: 'company-sale',
  label: 'company sale',
  title: 'Company sales',
  path: '/api/admin/company-sales',
  permission: 'sale',
  input: z.object({}),
  view: viewOf<RowOf<CompanySaleView>>(),
  sort: ['sold_at', 'total'],
  defaultSort: '-sold_at',
  filters: {
    company_id: idFilter,
    supplier_id: idFilter,
    status: z.enum(COMPANY_SALE_STATUSES),
    from: z.iso.date(),
    to: z.iso.date(),
  },
  totals: ['total', 'paid', 'due'],
  readOnly: true,
});

/**
 * The counter's sales and exchanges (`/admin/sale/office`, decision 036): the list, its filters,
 * totals and CSV from the machinery; selling, exchanging and editing are the sales module's routes.
 */
export const counterSaleDescriptor = defineResourceDescriptor({
  name: 'counter-sale',
  label: 'counter sale',
  title: 'Counter sales',
  path: '/api/admin/counter-sales',
  permission: 'sale',
  input: z.object({}),
  view: viewOf<RowOf<CounterSaleView>>(),
  sort: ['sold_at', 'total'],
  defaultSort: '-sold_at',
  filters: {
    kind: z.enum(['counter', 'exchange']),
    admin_id: idFilter,
    from: z.iso.date(),
    to: z.iso.date(),
  },
  totals: ['sales', 'takings', 'profit'],
  readOnly: true,
});
