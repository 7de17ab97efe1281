import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../../lib/lazy';
import type { RouteHandle } from '../../../ui/Title';

/** The barcoded invoices and parcel stickers (decision 059): their own page, without the menu, for paper. */
export const parcelPrintRoute: RouteObject = {
  path: '/admin/order/print/parcels',
  lazy: lazyRoute('parcel-print', () => import('./ParcelPrint')),
  handle: { title: 'Print invoices and stickers' } satisfies RouteHandle,
};
