import { sql } from 'drizzle-orm';
import { actingAs, systemCtx } from '../../context';
import { type Db, rowsOf } from '../../db/client';
import { createCounterSale } from './counter-sale.service';
import { createExchange } from './exchange.service';

/**
 * Demo counter sales (a fresh start with DEMO=1): a few sales a day over the last week, paid in cash
 * with change, by bKash or Nagad, or split — made through the counter's own service, so stock, the
 * ledger and each line's cost are what a real day at the counter leaves.
 */
export async function seedDemoCounterSales(db: Db): Promise<void> {
  const items = rowsOf<{ id: number; price: number }>(
    await db.execute(sql`select v.id, coalesce(v.price_override, p.retail_price)::bigint as price
      from product_variants v join products p on p.id = v.product_id
      where v.stock >= 6 and p.status = 1 order by p.id, v.sort_order, v.id limit 10`),
  ).map((row) => ({ id: Number(row.id), price: Number(row.price) }));
  if (items.length < 3) return;
  // The counter's cashiers: the first staff members (the owner, then whoever was added next).
  const cashiers = rowsOf<{ id: number; name: string }>(await db.execute(sql`select id, name from admins order by id limit 2`));
  const item = (index: number) => items[index % items.length] as { id: number; price: number };
  const customers = [
    ['Nusrat Jahan', '01711000111'],
    ['', ''],
    ['Tanvir Ahmed', '01822000222'],
    ['', ''],
    ['Farhana Akter', '01933000333'],
    ['Sabbir Hossain', ''],
    ['', ''],
    ['Mitu Rahman', '01644000444'],
  ] as const;
  for (const [index, [name, phone]] of customers.entries()) {
    const lines = [
      { variant_id: item(index).id, quantity: 1 + (index % 2), unit_price: item(index).price, discount: 0 },
      ...(index % 3 === 0 ? [{ variant_id: item(index + 3).id, quantity: 1, unit_price: item(index + 3).price, discount: 5_000 }] : []),
    ];
    const total = lines.reduce((sum, line) => sum + line.quantity * line.unit_price - line.discount, 0) - (index === 4 ? 10_000 : 0);
    const rounded = Math.ceil(total / 100_00) * 100_00;
    const payments =
      index % 4 === 1
        ? [{ method: 'bkash' as const, amount: total, reference: `8N7A${1000 + index}XK` }]
        : index % 4 === 3
          ? [
              { method: 'nagad' as const, amount: Math.floor(total / 2), reference: `NG${5000 + index}` },
              { method: 'cash' as const, amount: total - Math.floor(total / 2) },
            ]
          : [{ method: 'cash' as const, amount: rounded }];
    // Shop hours in Dhaka (UTC+6): between 11:00 and 19:00 on each of the last eight days.
    const day = new Date(Date.now() + 6 * 3_600_000 - (7 - index) * 86_400_000).toISOString().slice(0, 10);
    const soldAt = new Date(
      Date.parse(`${day}T${String(11 + ((index * 5) % 8)).padStart(2, '0')}:${String((index * 17) % 60).padStart(2, '0')}:00+06:00`),
    );
    const cashier = cashiers[index % Math.max(cashiers.length, 1)];
    const ctx = systemCtx(db, soldAt > new Date() ? new Date() : soldAt);
    await createCounterSale(cashier ? actingAs(ctx, { kind: 'admin', id: Number(cashier.id), name: cashier.name }) : ctx, {
      customer_name: name,
      customer_phone: phone,
      discount: index === 4 ? 10_000 : 0,
      lines,
      payments,
    });
  }
  await seedDemoExchanges(db, items, cashiers[0]);
}

/**
 * Two demo exchanges (decision 040) through the exchange's own service: one taken back from the
 * first demo sale for a dearer item, the customer paying the difference in cash; one taken back
 * for a cheaper item, the difference refunded by bKash.
 */
async function seedDemoExchanges(db: Db, items: { id: number; price: number }[], cashier: { id: number; name: string } | undefined) {
  const sales = rowsOf<{ id: number }>(
    await db.execute(sql`select id from counter_sales where kind = 'counter' order by sold_at, id limit 3`),
  );
  const [first, , third] = sales;
  if (!first || !third) return;
  const ctxAt = (hoursAgo: number) => {
    const ctx = systemCtx(db, new Date(Date.now() - hoursAgo * 3_600_000));
    return cashier ? actingAs(ctx, { kind: 'admin', id: Number(cashier.id), name: cashier.name }) : ctx;
  };
  for (const [index, sale, hoursAgo] of [
    [0, first, 30],
    [1, third, 5],
  ] as const) {
    const lines = rowsOf<{ variant_id: number; quantity: number; line_total: number }>(
      await db.execute(
        sql`select variant_id, quantity, line_total from counter_sale_lines where sale_id = ${sale.id} and direction = 'out' order by id limit 1`,
      ),
    );
    const back = lines[0];
    if (!back) continue;
    const backPrice = Math.floor(Number(back.line_total) / Number(back.quantity));
    // The item going out: the dearest other item for the first, the cheapest for the second.
    const others = items.filter((item) => item.id !== Number(back.variant_id)).sort((a, b) => a.price - b.price);
    const out = index === 0 ? others[others.length - 1] : others[0];
    if (!out) continue;
    const difference = out.price - backPrice;
    try {
      await createExchange(ctxAt(hoursAgo), {
        return_of_sale_id: sale.id,
        customer_name: index === 0 ? 'Nusrat Jahan' : 'Tanvir Ahmed',
        note: index === 0 ? 'Wrong size: took a different one' : 'Changed her mind',
        returns: [{ variant_id: Number(back.variant_id), quantity: 1, unit_price: backPrice }],
        lines: [{ variant_id: out.id, quantity: 1, unit_price: out.price, discount: 0 }],
        payments: difference > 0 ? [{ method: 'cash', amount: Math.ceil(difference / 100_00) * 100_00 }] : [],
        refunds: difference < 0 ? [{ method: 'bkash', amount: -difference, reference: `RF${7000 + index}BK` }] : [],
      });
    } catch {
      // A demo shop whose stock does not allow it simply has no demo exchange.
    }
  }
}
