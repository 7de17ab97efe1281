import { orderPrintQuery, type ParcelPrint } from '@haat/contracts';
import type { Ctx } from '../../context';
import { notFound } from '../../http/errors';
import { courierSummary } from '../couriers';
import { findOrder, orderViews } from '../orders';
import { resellerBrands } from '../resellers';
import { readSetting, SETTING_GROUPS } from '../settings';

/**
 * The print sheet of barcoded invoices and parcel stickers (`GET /api/admin/order-scan/print?ids=`):
 * each order with the brand it goes out under — the shop's, or for a reseller's order the
 * reseller's shop name, phone, address and logo (their customer never saw our name) — its courier,
 * tracking code and the cash to collect. Up to 200 orders, in the order asked for; unknown ids are
 * left out.
 */
export async function parcelPrintSheet(ctx: Ctx, query: Record<string, unknown>): Promise<ParcelPrint> {
  const { db } = ctx;
  const { ids } = orderPrintQuery.parse({ ids: query.ids });
  const views = await orderViews(db, ids);
  const general = await readSetting(db, SETTING_GROUPS.general);
  const shop = { name: general.site_name, phone: general.contact_phone, address: general.address, logo: general.logo ?? null };
  const rows = new Map<number, NonNullable<Awaited<ReturnType<typeof findOrder>>>>();
  for (const id of ids) {
    if (!views.has(id)) continue;
    const row = await findOrder(db, id);
    if (row) rows.set(id, row);
  }
  const brands = await resellerBrands(
    db,
    [...rows.values()].flatMap((row) => (row.resellerId ? [row.resellerId] : [])),
  );
  const courierNames = new Map<number, string>();
  for (const row of rows.values()) {
    if (row.courierId && !courierNames.has(row.courierId)) {
      courierNames.set(row.courierId, (await courierSummary(db, row.courierId))?.name ?? '');
    }
  }
  const sheet: ParcelPrint['orders'] = [];
  for (const id of ids) {
    const view = views.get(id);
    const row = rows.get(id);
    if (!view || !row) continue;
    sheet.push({
      id,
      number: view.number,
      placed_at: view.placed_at,
      status: view.status,
      brand: (row.resellerId && brands.get(row.resellerId)) || shop,
      customer_name: view.customer_name,
      phone: view.phone,
      address: [view.address, view.sub_city_name, view.city_name].filter(Boolean).join(', '),
      courier_name: row.courierId ? courierNames.get(row.courierId) || null : null,
      tracking_code: row.trackingCode,
      lines: view.lines.map((line) => ({
        id: line.id,
        name: line.variant_label ? `${line.name} (${line.variant_label})` : line.name,
        sku: line.sku,
        quantity: line.quantity,
        unit_price: line.unit_price,
        line_total: line.line_total,
      })),
      subtotal: view.subtotal,
      delivery_charge: view.delivery_charge,
      discount: view.discount,
      advance_paid: view.advance_paid,
      total: view.total,
      cod: Math.max(0, view.total - view.advance_paid),
      note: view.note,
    });
  }
  if (sheet.length === 0) throw notFound('The orders to print');
  return { currency_symbol: general.currency_symbol, orders: sheet };
}
