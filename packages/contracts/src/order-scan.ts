import { z } from 'zod';

/**
 * Printing and scanning parcels (decision 059): the dispatch scan that hands processing orders to a
 * courier, the returns check-in that receives returned parcels, and the print sheet of barcoded
 * invoices and parcel stickers.
 */

/** What a scanner reads off a sticker or invoice: an order number (HB-100245) or a courier's tracking code. */
const scannedCode = z
  .string({ error: 'Scan or type the order number' })
  .trim()
  .min(1, 'Scan or type the order number')
  .max(80, 'Use at most 80 characters');

/** `POST /api/admin/order-scan/dispatch`: one scanned parcel handed to the chosen courier. */
export const dispatchScanInput = z.object({
  code: scannedCode,
  courier_id: z.coerce
    .number({ error: 'Choose the courier' })
    .int('Choose the courier')
    .positive('Choose the courier')
    .max(2_147_483_647, 'Choose the courier'),
});
export type DispatchScanInput = z.infer<typeof dispatchScanInput>;

/** `POST /api/admin/order-scan/return`: one returned parcel received back at the shop. */
export const returnScanInput = z.object({ code: scannedCode });
export type ReturnScanInput = z.infer<typeof returnScanInput>;

/** `POST /api/admin/order-scan/dispatch/undo`: the last hand-over taken back (the order to processing). */
export const dispatchUndoInput = z.object({
  order_id: z.coerce
    .number({ error: 'Choose the order' })
    .int('Choose the order')
    .positive('Choose the order')
    .max(2_147_483_647, 'Choose the order'),
});

/** A scanned parcel as the running list shows it and the hand-over sheet prints it. */
export const scannedParcelSchema = z.object({
  id: z.number(),
  number: z.string(),
  status: z.number(),
  customer_name: z.string(),
  phone: z.string(),
  /** Address, sub city and city in one line. */
  address: z.string(),
  courier_id: z.number().nullable(),
  courier_name: z.string().nullable(),
  consignment_id: z.string().nullable(),
  tracking_code: z.string().nullable(),
  /** Cash the courier collects (paisa): total − advance paid. */
  cod: z.number(),
  /** A return: what it cost the shop (paisa). */
  return_charge: z.number().nullable(),
});
export type ScannedParcel = z.infer<typeof scannedParcelSchema>;

/**
 * A scan's answer (200). `handed_over`/`received`: done now; `already`: done before (a repeated scan
 * changes nothing). A refusal (wrong status, another courier) is a 409 `{message, errors}`; an unknown
 * code a 404.
 */
export const scanResultSchema = z.object({
  result: z.enum(['handed_over', 'received', 'already']),
  message: z.string(),
  order: scannedParcelSchema,
});
export type ScanResult = z.infer<typeof scanResultSchema>;

/** Invoices on an A4 page: one, two or three. */
export const INVOICES_PER_PAGE = [1, 2, 3] as const;
export type InvoicesPerPage = (typeof INVOICES_PER_PAGE)[number];

/** `GET /api/admin/order-scan/print?ids=1,2`: what the invoices and stickers print, each order with its seller's brand. */
export const parcelPrintSchema = z.object({
  currency_symbol: z.string(),
  orders: z.array(
    z.object({
      id: z.number(),
      number: z.string(),
      placed_at: z.string(),
      status: z.number(),
      /** Whose name, logo and phone the invoice and sticker carry: the shop's, or the reseller's for a reseller order. */
      brand: z.object({ name: z.string(), phone: z.string(), address: z.string(), logo: z.string().nullable() }),
      customer_name: z.string(),
      phone: z.string(),
      address: z.string(),
      courier_name: z.string().nullable(),
      tracking_code: z.string().nullable(),
      lines: z.array(
        z.object({
          id: z.number(),
          name: z.string(),
          sku: z.string(),
          quantity: z.number(),
          unit_price: z.number(),
          line_total: z.number(),
        }),
      ),
      subtotal: z.number(),
      delivery_charge: z.number(),
      discount: z.number(),
      advance_paid: z.number(),
      total: z.number(),
      /** Cash to collect on delivery. */
      cod: z.number(),
      note: z.string(),
    }),
  ),
});
export type ParcelPrint = z.infer<typeof parcelPrintSchema>;
