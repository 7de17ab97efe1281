import type { SaleProfitAnswer } from '@haat/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actingAs, systemCtx } from '../../context';
import { rowsOf } from '../../db/client';
import { ADMIN } from '../../test/harness';
import { freshPhone, openShop, type Shop, stockedProduct } from '../orders/order.fixture';
import { placeOrder } from '../orders/order.service';
import { orderProfitTotals } from '../orders/order-profit.service';
import { moveOrderStatus } from '../orders/order-status.service';
import { productVariants, stockMovements } from '../products/product.table';
import { ledgerMismatches } from '../products/stock.service';
import { admins } from '../staff/admin.table';
import { counterSaleLines, counterSales } from './sale.table';
import { spreadDiscount } from './sale-lines';

let shop: Shop;
let panjabi: number;
let saree: number;
let adminId = 0;

beforeAll(async () => {
  shop = await openShop();
  panjabi = (await stockedProduct(shop, 10, { retail_price: 150000, purchase_cost: 90000 })).variantId;
  saree = (await stockedProduct(shop, 3, { retail_price: 500000, purchase_cost: 320000 })).variantId;
  const [me] = await shop.t.database.db.select({ id: admins.id }).from(admins).where(eq(admins.email, ADMIN.email));
  adminId = me?.id ?? 0;
}, 240_000);
afterAll(() => shop?.t.close());

const db = () => shop.t.database.db;
const stockOf = async (id: number) =>
  (await db().select({ stock: productVariants.stock }).from(productVariants).where(eq(productVariants.id, id)))[0]?.stock;
const saleCount = async () => (await db().select({ n: sql<number>`count(*)::int` }).from(counterSales))[0]?.n;

async function counterSale(lines: { variant_id: number; quantity: number; unit_price: number; discount?: number }[]) {
  const total = lines.reduce((sum, line) => sum + line.quantity * line.unit_price - (line.discount ?? 0), 0);
  const response = await shop.admin.post('/api/admin/sales/counter', {
    lines: lines.map((line) => ({ discount: 0, ...line })),
    payments: [{ method: 'cash', amount: total }],
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number; number: string };
}

describe('an exchange at the counter', () => {
  it('takes items back at the price they were sold for and sends others out: stock both ways, the ledger matches, the difference paid', async () => {
    const sale = await counterSale([
      { variant_id: panjabi, quantity: 2, unit_price: 150000, discount: 10000 },
      { variant_id: saree, quantity: 1, unit_price: 500000 },
    ]);
    const returnable = (await shop.admin.get(`/api/admin/sales/exchange/returnable/${sale.id}`)).json().data;
    expect(returnable.lines).toEqual([
      expect.objectContaining({ variant_id: panjabi, sold: 2, returned: 0, returnable: 2, unit_price: 145000 }),
      expect.objectContaining({ variant_id: saree, sold: 1, returnable: 1, unit_price: 500000 }),
    ]);
    const before = { panjabi: await stockOf(panjabi), saree: await stockOf(saree) };
    const response = await shop.admin.post('/api/admin/sales/exchange', {
      return_of_sale_id: sale.id,
      // The price sent is ignored: a known sale's lines come back at what they were sold for.
      returns: [{ variant_id: panjabi, quantity: 1, unit_price: 999999 }],
      lines: [{ variant_id: saree, quantity: 1, unit_price: 500000, discount: 0 }],
      payments: [
        { method: 'bkash', amount: 200000, reference: 'TRX9' },
        { method: 'cash', amount: 200000 },
      ],
    });
    expect(response.statusCode, response.body).toBe(201);
    const exchange = response.json().data;
    // 5,000 out − 1,450 back = 3,550 to pay; 4,000 handed over → 450 change from the cash.
    expect(exchange).toMatchObject({ kind: 'exchange', total: 355000, refunded: 0, paid: 400000, change_given: 45000 });
    expect(exchange.lines).toEqual([
      expect.objectContaining({
        direction: 'in',
        variant_id: panjabi,
        quantity: 1,
        unit_price: 145000,
        unit_cost: 90000,
        return_of_sale_id: sale.id,
      }),
      expect.objectContaining({ direction: 'out', variant_id: saree, quantity: 1, unit_price: 500000, unit_cost: 320000 }),
    ]);
    expect(exchange.profit).toBe(355000 - (320000 - 90000));
    expect({ panjabi: await stockOf(panjabi), saree: await stockOf(saree) }).toEqual({
      panjabi: (before.panjabi ?? 0) + 1,
      saree: (before.saree ?? 0) - 1,
    });
    const moves = await db()
      .select({ variantId: stockMovements.variantId, quantity: stockMovements.quantity, kind: stockMovements.kind })
      .from(stockMovements)
      .where(and(eq(stockMovements.referenceType, 'counter_exchange'), eq(stockMovements.referenceId, exchange.id)));
    expect(moves).toEqual(
      expect.arrayContaining([
        { variantId: panjabi, quantity: 1, kind: 'return' },
        { variantId: saree, quantity: -1, kind: 'sale' },
      ]),
    );
    expect(await ledgerMismatches(db())).toEqual([]);
    const [row] = await db().select({ cost: counterSales.cost }).from(counterSales).where(eq(counterSales.id, exchange.id));
    expect(row?.cost).toBe(320000 - 90000);
    // The view and the office list show it; the list can be narrowed by kind.
    const view = (await shop.admin.get(`/api/admin/sales/counter/${exchange.id}`)).json().data;
    expect(view.lines.map((line: { direction: string }) => line.direction)).toEqual(['in', 'out']);
    const list = (await shop.admin.get('/api/admin/counter-sales?filter[kind]=exchange')).json();
    expect(list.data.map((item: { id: number }) => item.id)).toContain(exchange.id);
    expect(list.data.every((item: { kind: string }) => item.kind === 'exchange')).toBe(true);
    const after = (await shop.admin.get(`/api/admin/sales/exchange/returnable/${sale.id}`)).json().data;
    expect(after.lines[0]).toMatchObject({ returned: 1, returnable: 1 });
  });

  it('never takes back more than was sold less what came back, nor sends out more than is in stock: 422, nothing written', async () => {
    const sale = await counterSale([{ variant_id: panjabi, quantity: 1, unit_price: 150000 }]);
    const count = await saleCount();
    const stock = await stockOf(panjabi);
    const tooMany = await shop.admin.post('/api/admin/sales/exchange', {
      return_of_sale_id: sale.id,
      returns: [{ variant_id: panjabi, quantity: 2, unit_price: 150000 }],
      refunds: [{ method: 'cash', amount: 300000 }],
    });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors).toHaveProperty(['returns.0.quantity']);
    const notSold = await shop.admin.post('/api/admin/sales/exchange', {
      return_of_sale_id: sale.id,
      returns: [{ variant_id: saree, quantity: 1, unit_price: 500000 }],
      refunds: [{ method: 'cash', amount: 500000 }],
    });
    expect(notSold.statusCode).toBe(422);
    expect(notSold.json().errors).toHaveProperty(['returns.0.variant_id']);
    const shortfall = await shop.admin.post('/api/admin/sales/exchange', {
      returns: [{ variant_id: panjabi, quantity: 1, unit_price: 150000 }],
      lines: [{ variant_id: saree, quantity: 50, unit_price: 500000, discount: 0 }],
      payments: [{ method: 'cash', amount: 50 * 500000 }],
    });
    expect(shortfall.statusCode).toBe(422);
    expect(shortfall.json().errors).toHaveProperty(['lines.0.quantity']);
    expect(await saleCount()).toBe(count);
    expect(await stockOf(panjabi)).toBe(stock);

    // Two cashiers take the last unit back at once: one exchange is saved, the other is refused.
    const body = {
      return_of_sale_id: sale.id,
      returns: [{ variant_id: panjabi, quantity: 1, unit_price: 150000 }],
      refunds: [{ method: 'cash', amount: 150000 }],
    };
    const answers = await Promise.all([
      shop.admin.post('/api/admin/sales/exchange', body),
      shop.admin.post('/api/admin/sales/exchange', body),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 422]);
    const returned = await db()
      .select({ n: sql<number>`coalesce(sum(${counterSaleLines.quantity}), 0)::int` })
      .from(counterSaleLines)
      .where(and(eq(counterSaleLines.returnOfSaleId, sale.id), eq(counterSaleLines.direction, 'in')));
    expect(returned[0]?.n).toBe(1);
    expect(await stockOf(panjabi)).toBe((stock ?? 0) + 1);
  });

  it('refunds when the goods coming back are worth more, by method, exactly the difference', async () => {
    const sale = await counterSale([{ variant_id: saree, quantity: 1, unit_price: 480000 }]);
    const base = {
      return_of_sale_id: sale.id,
      returns: [{ variant_id: saree, quantity: 1, unit_price: 480000 }],
      lines: [{ variant_id: panjabi, quantity: 1, unit_price: 150000, discount: 0 }],
    };
    const paying = await shop.admin.post('/api/admin/sales/exchange', { ...base, payments: [{ method: 'cash', amount: 1000 }] });
    expect(paying.statusCode).toBe(422);
    expect(paying.json().errors).toHaveProperty('payments');
    const wrong = await shop.admin.post('/api/admin/sales/exchange', { ...base, refunds: [{ method: 'cash', amount: 100000 }] });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toHaveProperty('refunds');
    const noId = await shop.admin.post('/api/admin/sales/exchange', { ...base, refunds: [{ method: 'bkash', amount: 330000 }] });
    expect(noId.statusCode).toBe(422);
    expect(noId.json().errors).toHaveProperty(['refunds.0.reference']);
    const response = await shop.admin.post('/api/admin/sales/exchange', {
      ...base,
      refunds: [
        { method: 'bkash', amount: 130000, reference: 'RF1' },
        { method: 'cash', amount: 200000 },
      ],
    });
    expect(response.statusCode, response.body).toBe(201);
    const exchange = response.json().data;
    expect(exchange).toMatchObject({ total: 0, refunded: 330000, paid: 0, change_given: 0 });
    expect(exchange.payments).toEqual([
      expect.objectContaining({ method: 'bkash', amount: 130000, refund: true }),
      expect.objectContaining({ method: 'cash', amount: 200000, refund: true }),
    ]);
    // The drawer: the office sale report nets the refund off the cash.
    const report = (await shop.admin.get('/api/admin/reports/office-sales')).json();
    expect(report.totals.total).toBe(
      rowsOf<{ v: number }>(await db().execute(sql`select coalesce(sum(total - refunded), 0)::bigint as v from counter_sales`)).map((row) =>
        Number(row.v),
      )[0],
    );
  });
});

describe('the sale profit report', () => {
  it('totals lines × (price − recorded cost) over counter sales, exchanges and delivered orders, per channel', async () => {
    const ctx = actingAs(systemCtx(db()), { kind: 'admin', id: adminId, name: null });
    const item = await stockedProduct(shop, 10, { purchase_cost: 40000 });
    const placed = await placeOrder(ctx, {
      type: 'phone',
      customer: {
        name: 'Rina Akter',
        phone: freshPhone(),
        address: 'Zindabazar',
        cityId: shop.sylhet.city_id,
        subCityId: shop.sylhet.sub_city_id,
      },
      lines: [{ variantId: item.variantId, quantity: 2 }],
      publishedOnly: false,
    });
    for (const to of [2, 3, 4, 5] as const) expect((await moveOrderStatus(ctx, { orderIds: [placed.order.id], to })).refused).toEqual([]);

    const response = await shop.admin.get('/api/admin/reports/sale-profit?per_page=100');
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json() as SaleProfitAnswer;
    const [counter] = rowsOf<Record<string, unknown>>(
      await db().execute(sql`select
        coalesce(sum((case when direction = 'in' then -1 else 1 end) * (line_total - quantity::bigint * unit_cost)), 0)::bigint as profit,
        coalesce(sum((case when direction = 'in' then -1 else 1 end) * quantity::bigint * unit_cost), 0)::bigint as cost
        from counter_sale_lines`),
    );
    const orders = await orderProfitTotals(db(), { from: report.range.from, to: report.range.to });
    expect(orders.orders).toBeGreaterThan(0);
    expect(report.totals.profit).toBe(Number(counter?.profit) + orders.profit);
    expect(report.totals.cost).toBe(Number(counter?.cost) + orders.cost);
    expect(report.by_channel.map((row) => row.channel)).toEqual(['counter', 'exchange', 'order_phone']);
    const exchanges = report.by_channel.find((row) => row.channel === 'exchange');
    expect(exchanges?.count).toBe(3);

    const only = (await shop.admin.get('/api/admin/reports/sale-profit?filter[channel]=exchange')).json() as SaleProfitAnswer;
    expect(only.data.every((row) => row.channel === 'exchange')).toBe(true);
    expect(only.totals.profit).toBe(exchanges?.profit);
    const bad = await shop.admin.get('/api/admin/reports/sale-profit?filter[channel]=nowhere');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty(['filter[channel]']);
    const csv = await shop.admin.get('/api/admin/reports/sale-profit/export.csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\n')[0]).toContain('Margin %');
  });
});

describe('a sale-wide discount spread over the lines', () => {
  it('shares it by line value, the remainder on the largest line, adding up to exactly the discount', () => {
    expect(spreadDiscount(10000, [60000, 40000])).toEqual([6000, 4000]);
    expect(spreadDiscount(100, [1, 1, 1])).toEqual([1, 1, 1]);
    expect(spreadDiscount(10, [3, 3, 4])).toEqual([3, 3, 4]);
    expect(spreadDiscount(7, [100, 200, 300])).toEqual([1, 2, 4]);
    expect(spreadDiscount(0, [100])).toEqual([0]);
  });
});
