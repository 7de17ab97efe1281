import { randomUUID } from 'node:crypto';
import { type DashboardView, type OrderView, orderViewSchema, type ProfitReportAnswer } from '@haat/contracts';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actingAs, systemCtx } from '../../context';
import type { Db } from '../../db/client';
import { ADMIN } from '../../test/harness';
import { products, productVariants } from '../products/product.table';
import { admins } from '../staff/admin.table';
import { addToCart, checkoutBody, freshPhone, openShop, type Shop, shopper, stockedProduct } from './order.fixture';
import { type PlaceOrderInput, placeOrder } from './order.service';
import { orderLines } from './order.table';
import { placeOrderInBatch } from './order-batch';
import { orderProfitLines, orderProfitPerDay, orderProfitTotals } from './order-profit.service';
import { moveOrderStatus } from './order-status.service';

let shop: Shop;
let db: Db;
let adminId: number;
const asAdmin = () => actingAs(systemCtx(db), { kind: 'admin', id: adminId, name: null });

beforeAll(async () => {
  shop = await openShop();
  db = shop.t.database.db;
  const [me] = await db.select({ id: admins.id }).from(admins).where(eq(admins.email, ADMIN.email));
  adminId = me?.id ?? 0;
}, 240_000);
afterAll(() => shop?.t.close());

function phoneOrder(lines: PlaceOrderInput['lines'], overrides: Partial<PlaceOrderInput> = {}): PlaceOrderInput {
  return {
    type: 'phone',
    customer: {
      name: 'Rina Akter',
      phone: freshPhone(),
      address: 'Zindabazar',
      cityId: shop.sylhet.city_id,
      subCityId: shop.sylhet.sub_city_id,
    },
    lines,
    publishedOnly: false,
    ...overrides,
  };
}

async function lineCosts(orderId: number) {
  return db
    .select({ variantId: orderLines.variantId, quantity: orderLines.quantity, cost: orderLines.purchaseCost })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.id));
}

const setAverageCost = (variantId: number, paisa: number | null) =>
  db.update(productVariants).set({ averageCost: paisa }).where(eq(productVariants.id, variantId));
const setPurchaseCost = (productId: number, paisa: number) =>
  db.update(products).set({ purchaseCost: paisa }).where(eq(products.id, productId));

async function deliver(orderId: number) {
  for (const to of [2, 3, 4, 5] as const) {
    const result = await moveOrderStatus(asAdmin(), { orderIds: [orderId], to });
    expect(result.refused, `move to ${to}`).toEqual([]);
  }
}

describe('the unit cost an order line records', () => {
  it('is the product’s purchase cost before any purchase was received, the moving-average cost after, on every channel', async () => {
    const item = await stockedProduct(shop, 20, { purchase_cost: 40000 });

    // The storefront's checkout.
    const browser = await shopper(shop);
    await addToCart(browser, item.variantId, 2);
    const response = await browser.post('/_public/checkout', checkoutBody(shop.dhaka));
    expect(response.statusCode, response.body).toBe(201);
    const website = orderViewSchema.parse(response.json().order);
    expect(await lineCosts(website.id)).toEqual([{ variantId: item.variantId, quantity: 2, cost: 40000 }]);

    // A purchase received set the variant's moving-average cost: what lines record from then on.
    await setAverageCost(item.variantId, 45550);
    const phone = await placeOrder(asAdmin(), phoneOrder([{ variantId: item.variantId, quantity: 1 }]));
    expect(await lineCosts(phone.order.id)).toEqual([{ variantId: item.variantId, quantity: 1, cost: 45550 }]);
    // The batched placement (reseller API and portal) writes its lines the same way.
    const batched = await placeOrderInBatch(asAdmin(), phoneOrder([{ variantId: item.variantId, quantity: 3 }]));
    expect(await lineCosts(batched.order.id)).toEqual([{ variantId: item.variantId, quantity: 3, cost: 45550 }]);
    // Staff's phone order form.
    const entered = await shop.admin.post('/api/admin/orders/phone', {
      name: 'Karim Uddin',
      phone: freshPhone(),
      address: 'Amberkhana',
      city_id: shop.sylhet.city_id,
      sub_city_id: shop.sylhet.sub_city_id,
      lines: [{ variant_id: item.variantId, quantity: 1 }],
      idempotency_key: randomUUID(),
    });
    expect(entered.statusCode, entered.body).toBe(201);
    expect(await lineCosts(entered.json().data.id)).toEqual([{ variantId: item.variantId, quantity: 1, cost: 45550 }]);
    // Earlier lines keep what they recorded.
    expect(await lineCosts(website.id)).toEqual([{ variantId: item.variantId, quantity: 2, cost: 40000 }]);
  });

  it('an edit records today’s cost on the lines it adds or changes and keeps the others’', async () => {
    const a = await stockedProduct(shop, 20, { purchase_cost: 30000 });
    const b = await stockedProduct(shop, 20, { purchase_cost: 20000 });
    const placed = await placeOrder(asAdmin(), phoneOrder([{ variantId: a.variantId, quantity: 1 }]));
    const order = placed.order;
    await setAverageCost(a.variantId, 31000);
    await setAverageCost(b.variantId, 22000);

    const body = (lines: { variant_id: number; quantity: number }[]) => ({
      name: order.customer_name,
      phone: order.phone,
      address: order.address,
      city_id: shop.sylhet.city_id,
      sub_city_id: shop.sylhet.sub_city_id,
      lines,
      payment_method: 'cod',
      reason: 'Customer called',
    });
    const added = await shop.admin.put(
      `/api/admin/orders/${order.id}`,
      body([
        { variant_id: a.variantId, quantity: 1 },
        { variant_id: b.variantId, quantity: 2 },
      ]),
    );
    expect(added.statusCode, added.body).toBe(200);
    expect(await lineCosts(order.id)).toEqual([
      { variantId: a.variantId, quantity: 1, cost: 30000 },
      { variantId: b.variantId, quantity: 2, cost: 22000 },
    ]);

    const changed = await shop.admin.put(
      `/api/admin/orders/${order.id}`,
      body([
        { variant_id: a.variantId, quantity: 2 },
        { variant_id: b.variantId, quantity: 2 },
      ]),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await lineCosts(order.id)).toEqual([
      { variantId: a.variantId, quantity: 2, cost: 31000 },
      { variantId: b.variantId, quantity: 2, cost: 22000 },
    ]);
  });
});

describe('profit at the cost of the day of sale', () => {
  it('the profit report, the dashboard and the order profit lines stay the same after the cost changes', async () => {
    const item = await stockedProduct(shop, 20, { purchase_cost: 50000 });
    const placed = await placeOrder(asAdmin(), phoneOrder([{ variantId: item.variantId, quantity: 2 }], { manualDiscount: 5000 }));
    const order: OrderView = placed.order;
    await deliver(order.id);

    const figures = async () => {
      const report = (await shop.admin.get('/api/admin/reports/order-profit')).json() as ProfitReportAnswer;
      const dashboard = (await shop.admin.get('/api/admin/dashboard')).json() as DashboardView;
      const range = { from: report.range.from, to: report.range.to };
      const lines = (await orderProfitLines(db, { ...range, limit: 1000 })).filter((line) => line.order_number === order.number);
      return {
        row: report.data.find((row) => row.number === order.number),
        reportTotals: report.totals,
        profitMonth: dashboard.cards.find((card) => card.id === 'profit-month')?.value,
        lines,
        totals: await orderProfitTotals(db, range),
      };
    };
    const before = await figures();
    expect(before.row).toMatchObject({ cost: 2 * 50000, profit: order.total - 2 * 50000 - order.delivery_charge });
    expect(before.lines).toEqual([
      expect.objectContaining({
        order_id: order.id,
        channel: 'phone',
        product_id: item.productId,
        variant_id: item.variantId,
        sku: item.sku,
        quantity: 2,
        unit_price: 100000,
        unit_cost: 50000,
        sale: 200000,
        cost: 100000,
        line_profit: 100000,
      }),
    ]);
    // The lines' totals are the profit report's: the order's discount is taken off the lines' profit.
    expect(before.totals).toMatchObject({
      orders: before.reportTotals.orders,
      cost: before.reportTotals.cost,
      profit: before.reportTotals.profit,
    });
    expect(before.totals.profit).toBe(before.totals.line_profit - before.totals.discount);

    // A purchase later raises the variant's cost, and the product's purchase cost is edited.
    await setAverageCost(item.variantId, 61000);
    await setPurchaseCost(item.productId, 65000);
    const after = await figures();
    expect(after).toEqual(before);
  });

  it('orderProfitLines pages through delivered lines only, by channel; the per-day figures add up to the totals', async () => {
    const a = await stockedProduct(shop, 20, { purchase_cost: 10000 });
    const b = await stockedProduct(shop, 20, { purchase_cost: 12000 });
    const delivered = await placeOrder(
      asAdmin(),
      phoneOrder([
        { variantId: a.variantId, quantity: 1 },
        { variantId: b.variantId, quantity: 3 },
      ]),
    );
    await deliver(delivered.order.id);
    const pending = await placeOrder(asAdmin(), phoneOrder([{ variantId: a.variantId, quantity: 5 }]));

    const report = (await shop.admin.get('/api/admin/reports/order-profit')).json() as ProfitReportAnswer;
    const range = { from: report.range.from, to: report.range.to };
    const totals = await orderProfitTotals(db, range);
    const all = await orderProfitLines(db, { ...range, limit: 1000 });
    expect(all).toHaveLength(totals.lines);
    expect(all.some((line) => line.order_id === pending.order.id)).toBe(false);
    const mine = all.filter((line) => line.order_id === delivered.order.id);
    expect(mine.map((line) => [line.variant_id, line.quantity, line.unit_cost])).toEqual([
      [a.variantId, 1, 10000],
      [b.variantId, 3, 12000],
    ]);
    // Newest delivery first: this order's lines lead, and a page of one walks them.
    expect(all[0]?.order_id).toBe(delivered.order.id);
    const second = await orderProfitLines(db, { ...range, limit: 1, offset: 1 });
    expect(second).toEqual([all[1]]);
    expect(all.reduce((sum, line) => sum + line.line_profit, 0)).toBe(totals.line_profit);

    expect(await orderProfitLines(db, { ...range, channels: ['website'] })).toEqual(
      all.filter((line) => line.channel === 'website').slice(0, 100),
    );
    expect((await orderProfitTotals(db, { ...range, channels: ['reseller'] })).orders).toBe(0);

    const days = await orderProfitPerDay(db, range);
    expect(days[0]?.date).toBe(range.from);
    expect(days.at(-1)?.date).toBe(range.to);
    expect(days.reduce((sum, day) => sum + day.profit, 0)).toBe(totals.profit);
    expect(days.reduce((sum, day) => sum + day.orders, 0)).toBe(totals.orders);
  });
});
