import type { InvoicesPerPage } from '@haat/contracts';

export type ParcelPrintKind = 'invoice' | 'sticker';

/** The barcoded print sheet's address (decision 059); it opens in a new tab. */
export const parcelPrintUrl = (ids: number[], kind: ParcelPrintKind, perPage: InvoicesPerPage = 1) =>
  `/admin/order/print/parcels?ids=${ids.join(',')}&kind=${kind}${kind === 'invoice' ? `&per_page=${perPage}` : ''}`;
