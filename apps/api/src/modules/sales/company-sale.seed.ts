import { sql } from 'drizzle-orm';
import { actingAs, type Ctx, systemCtx } from '../../context';
import { type Db, rowsOf } from '../../db/client';
import { companies, createCompanySale, receiveCompanySalePayment } from './company-sale.service';

/** The past wholesale lots: how many, of how many lines, how many of each, from variants holding at least this many. */
const LOTS = 12;
const LOT_LINES = 9;
const LOT_QUANTITY = 7;
const LOT_STOCK = 15;

/**
 * Demo buyer companies and company sales (a fresh start with DEMO=1): sales paid, part paid and
 * unpaid (one to a goods supplier), and a few later payments — through the services themselves, so
 * stock, the ledger, each line's cost and every due are what real use leaves (decision 039).
 */
export async function seedDemoCompanySales(db: Db): Promise<void> {
  const items = rowsOf<{ id: number; price: number }>(
    await db.execute(sql`select v.id, coalesce(v.price_override, p.retail_price)::bigint as price
      from product_variants v join products p on p.id = v.product_id
      where v.stock >= 8 and p.status = 1 order by p.id desc, v.sort_order, v.id limit 6`),
  ).map((row) => ({ id: Number(row.id), price: Number(row.price) }));
  if (items.length < 2) return;
  const [owner] = rowsOf<{ id: number; name: string }>(await db.execute(sql`select id, name from admins order by id limit 1`));
  const at = (daysAgo: number, hour: number): Ctx => {
    const day = new Date(Date.now() + 6 * 3_600_000 - daysAgo * 86_400_000).toISOString().slice(0, 10);
    const when = new Date(Date.parse(`${day}T${String(hour).padStart(2, '0')}:15:00+06:00`));
    const ctx = systemCtx(db, when > new Date() ? new Date() : when);
    return owner ? actingAs(ctx, { kind: 'admin', id: Number(owner.id), name: owner.name }) : ctx;
  };
  const made = [
    {
      name: 'Dhaka Corporate Gifts Ltd',
      contact_person: 'Nasrin Akter',
      phone: '01811223344',
      email: 'orders@dhakagifts.example',
      address: 'House 12, Road 7, Dhanmondi, Dhaka',
      opening_balance: 2_500_00,
      credit_limit: 300_000_00,
    },
    {
      name: 'Chattogram Uniform House',
      contact_person: 'Jamal Uddin',
      phone: '01912334455',
      email: '',
      address: 'Agrabad C/A, Chattogram',
      opening_balance: 0,
      credit_limit: 0,
    },
    {
      name: 'Sylhet Boutique Traders',
      contact_person: 'Rumana Chowdhury',
      phone: '01713445566',
      email: 'rumana@sylhetboutique.example',
      address: 'Zindabazar, Sylhet',
      opening_balance: 0,
      credit_limit: 150_000_00,
    },
    {
      name: 'Rajshahi Silk Outlet',
      contact_person: 'Abdul Karim',
      phone: '01614556677',
      email: '',
      address: 'Shaheb Bazar, Rajshahi',
      opening_balance: 1_200_00,
      credit_limit: 0,
    },
  ];
  const ids: number[] = [];
  for (const company of made) {
    const saved = await companies.save(at(95, 11), { ...company, kind: 'buyer', status: 1 }, null);
    ids.push(Number(saved?.id));
  }
  const item = (index: number) => items[index % items.length] as { id: number; price: number };
  const line = (index: number, quantity: number) => ({
    variant_id: item(index).id,
    quantity,
    unit_price: Math.round(item(index).price * 0.85),
    discount: 0,
  });
  const sell = async (ctx: Ctx, body: Record<string, unknown>) => createCompanySale(ctx, body);
  const dueIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

  // The buyers' regular lots over the last three months (oldest first), at a tenth off retail, paid by bank transfer on
  // the day: the wholesale side that carries a small shop's salaries and rent. A few of each item with stock to spare,
  // leaving the items of the sales below alone.
  const stocked = rowsOf<{ id: number; price: number }>(
    await db.execute(sql`select v.id, coalesce(v.price_override, p.retail_price)::bigint as price
      from product_variants v join products p on p.id = v.product_id
      where v.stock >= ${LOT_STOCK} and p.status = 1 and v.id not in (${sql.join(
        items.map((each) => sql`${each.id}`),
        sql`, `,
      )}) order by v.id`),
  ).map((row) => ({ id: Number(row.id), price: Number(row.price) }));
  for (let lot = LOTS - 1; lot >= 0 && stocked.length > 0; lot -= 1) {
    const lines = Array.from({ length: Math.min(LOT_LINES, stocked.length) }, (_, index) => {
      const variant = stocked[(lot * LOT_LINES + index) % stocked.length] as { id: number; price: number };
      return { variant_id: variant.id, quantity: LOT_QUANTITY, unit_price: Math.round(variant.price * 0.9), discount: 0 };
    });
    const daysAgo = 4 + lot * 7;
    await sell(at(daysAgo, 11 + (lot % 5)), {
      company_id: ids[lot % 3],
      lines,
      discount: 0,
      paid: lines.reduce((sum, line) => sum + line.quantity * line.unit_price, 0),
      method: 'bank',
      reference: `DBBL-TRF-${41200 + lot * 37}`,
      due_date: dueIn(-daysAgo),
    });
  }

  // Paid in full on the day, by bank transfer.
  const paid = await sell(at(20, 12), { company_id: ids[0], lines: [line(0, 3), line(1, 2)], discount: 0, due_date: dueIn(-5) });
  await receiveCompanySalePayment(at(20, 12), paid.id, { amount: paid.total, method: 'bank', reference: 'DBBL-TRF-44817' });
  // Part paid: some now, some later.
  const part = await sell(at(12, 15), { company_id: ids[1], lines: [line(2, 4)], due_date: dueIn(18) });
  await receiveCompanySalePayment(at(12, 15), part.id, { amount: Math.max(1, Math.floor(part.total * 0.4)), method: 'cash' });
  await receiveCompanySalePayment(at(6, 16), part.id, {
    amount: Math.max(1, Math.floor(part.total * 0.2)),
    method: 'bkash',
    reference: '9KX4QZ71',
  });
  // Unpaid, due in a month.
  await sell(at(4, 13), { company_id: ids[2], lines: [line(3, 2), line(4, 1)], due_date: dueIn(26), note: 'Boishakh stock' });
  // Part paid to the fourth company.
  const fourth = await sell(at(9, 14), { company_id: ids[3], lines: [line(5, 2)], paid: 0, due_date: dueIn(10) });
  await receiveCompanySalePayment(at(3, 12), fourth.id, { amount: Math.floor(fourth.total / 2), method: 'nagad', reference: 'NG77120' });
  // A goods supplier buying from us: unpaid (set against what we owe them).
  const [supplier] = rowsOf<{ id: number }>(
    await db.execute(sql`select id from suppliers where kind = 'goods' and status = 1 order by id limit 1`),
  );
  if (supplier) await sell(at(7, 17), { supplier_id: Number(supplier.id), lines: [line(1, 2)], due_date: dueIn(20), note: 'Sample lot' });
}
