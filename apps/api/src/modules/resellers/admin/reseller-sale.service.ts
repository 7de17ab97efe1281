import { formatMoney, type ResellerSaleInput, resellerSaleInput } from '@haat/contracts';
import { eq } from 'drizzle-orm';
import { adminIdOf, type Ctx, onDb } from '../../../context';
import { HttpError, invalid } from '../../../http/errors';
import { recordAudit } from '../../audit';
import { lineName, type PlacedOrder, placeOrder } from '../../orders';
import { readSetting, SETTING_GROUPS } from '../../settings';
import { resellers } from '../reseller.table';

/**
 * `/admin/reseller/sale/add`: staff enter a sale a reseller made (by phone, in the shop). It is
 * placed through placeOrder as a reseller order of that reseller, at the reseller's prices (each
 * at least the wholesale price; empty means the shop's price), so its profit reaches the
 * reseller's cashbook when it is delivered. Only an active reseller can have orders placed. The
 * sale's audit row (who entered it, for which reseller, the lines and prices) is written in the
 * order's transaction.
 */
export async function placeResellerSale(ctx: Ctx, body: ResellerSaleInput): Promise<PlacedOrder> {
  const { db } = ctx;
  const input = resellerSaleInput.parse(body);
  const [reseller] = await db
    .select({ id: resellers.id, status: resellers.status })
    .from(resellers)
    .where(eq(resellers.id, input.reseller_id));
  if (!reseller) throw invalid('reseller_id', 'Choose a reseller.');
  if (reseller.status !== 'active') {
    throw invalid(
      'reseller_id',
      reseller.status === 'suspended' ? 'This reseller is suspended and cannot place orders.' : 'Approve this reseller first.',
    );
  }
  const { currency_symbol: symbol } = await readSetting(db, SETTING_GROUPS.general);
  const wanted = new Map(input.lines.map((line, index) => [line.variant_id, { price: line.unit_price, index }]));
  return placeOrder(
    ctx,
    {
      type: 'reseller',
      resellerId: reseller.id,
      customer: {
        name: input.name,
        phone: input.phone,
        address: input.address,
        cityId: input.city_id,
        subCityId: input.sub_city_id,
      },
      lines: input.lines.map((line, index) => ({ variantId: line.variant_id, quantity: line.quantity, field: `lines.${index}.quantity` })),
      advancePaid: input.advance_paid,
      note: input.note,
      source: 'Reseller',
      publishedOnly: false,
      idempotency: { scope: `admin:${adminIdOf(ctx)}:reseller-sale`, key: input.idempotency_key },
    },
    {
      async placed(tx, order) {
        await recordAudit(onDb(ctx, tx), {
          action: 'reseller_sale.create',
          entity: 'order',
          entityId: order.id,
          changes: {
            number: { before: null, after: order.number },
            reseller_id: { before: null, after: reseller.id },
            customer_phone: { before: null, after: input.phone },
            lines: {
              before: null,
              after: input.lines.map((line) => ({
                variant_id: line.variant_id,
                quantity: line.quantity,
                unit_price: line.unit_price ?? null,
              })),
            },
            advance_paid: { before: null, after: input.advance_paid },
          },
        });
      },
      unitPrice(price) {
        const line = wanted.get(price.variantId);
        if (line?.price === null || line?.price === undefined) return price.unitPrice;
        if (line.price < price.wholesalePrice) {
          const message = `${lineName(price)} cannot sell below its wholesale price, ${formatMoney(price.wholesalePrice, symbol)}.`;
          throw new HttpError(422, message, { [`lines.${line.index}.unit_price`]: [message] });
        }
        return line.price;
      },
    },
  );
}
