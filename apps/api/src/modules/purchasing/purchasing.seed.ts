import { sql } from 'drizzle-orm';
import { type Ctx, systemCtx } from '../../context';
import { type Db, rowsOf } from '../../db/client';
import { receivePurchase, returnToSupplier, savePurchase } from './purchase.service';
import { recordCreditNote } from './purchase-credit-note.service';
import { suppliers } from './supplier.table';
import { paySupplier } from './supplier-payment.service';

const dayAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/**
 * Demo purchasing (a fresh start with DEMO=1): goods and fabric suppliers, a purchase received whole
 * (with shipping spread over its lines) and a supplier's credit note on it, one partly received, one with goods sent back, one on order,
 * and payments by cash, bank and bKash — posted through the services, so stock, the ledger, the
 * moving-average costs and the dues are what real work would leave.
 */
export async function seedDemoPurchasing(db: Db): Promise<void> {
  const ctx: Ctx = systemCtx(db);
  const rows = await db
    .insert(suppliers)
    .values([
      {
        kind: 'goods',
        name: 'Karim Textiles',
        company: 'Karim Textiles Ltd',
        phone: '01711223344',
        address: 'Islampur Road, Old Dhaka',
        openingBalance: 25_000_00,
      },
      {
        kind: 'goods',
        name: 'Chittagong Fashion House',
        company: 'CFH Garments',
        phone: '01819556677',
        address: 'Agrabad C/A, Chattogram',
        openingBalance: 0,
      },
      {
        kind: 'goods',
        name: 'Gadget Point BD',
        company: 'Gadget Point',
        phone: '01912887766',
        address: 'Multiplan Center, Elephant Road, Dhaka',
        openingBalance: -5_000_00,
      },
      {
        kind: 'fabric',
        name: 'Narayanganj Weavers',
        company: 'NW Fabrics',
        phone: '01715443322',
        address: 'Tanbazar, Narayanganj',
        openingBalance: 12_000_00,
      },
      {
        kind: 'fabric',
        name: 'Madhabdi Cotton Mills',
        company: '',
        phone: '01556778899',
        address: 'Madhabdi, Narsingdi',
        openingBalance: 0,
      },
    ])
    .returning({ id: suppliers.id, name: suppliers.name });
  const supplier = (name: string) => rows.find((row) => row.name === name)?.id ?? 0;
  const variants = rowsOf<{ id: number; cost: number }>(
    await db.execute(sql`select v.id, coalesce(v.average_cost, p.purchase_cost) as cost
      from product_variants v join products p on p.id = v.product_id order by p.id, v.sort_order, v.id limit 12`),
  ).map((row) => ({ id: Number(row.id), cost: Math.max(100_00, Number(row.cost)) }));
  if (variants.length < 6) return;
  const at = (index: number) => variants[index % variants.length] as { id: number; cost: number };
  const line = (index: number, quantity: number, change = 0) => ({
    variant_id: at(index).id,
    quantity,
    unit_cost: Math.round((at(index).cost * (100 + change)) / 100),
  });
  const today = async () => dayAgo(0);

  const whole = await savePurchase(
    ctx,
    {
      supplier_id: supplier('Karim Textiles'),
      purchased_on: dayAgo(24),
      reference: 'KT-INV-2231',
      lines: [line(0, 20), line(1, 15), line(2, 10)],
      discount: 500_00,
      shipping_cost: 1_200_00,
      paid_now: 20_000_00,
      payment_method: 'bank',
      payment_reference: 'DBBL-778812',
    },
    null,
  );
  await receivePurchase(ctx, whole.id, { all: true, received_on: dayAgo(22), note: 'All cartons in good order' });
  const [repriced] = whole.lines;
  if (repriced)
    await recordCreditNote(ctx, whole.id, {
      credited_on: dayAgo(20),
      reference: 'KT-CN-0412',
      reason: 'Price agreed at 25 less a piece after the invoice',
      lines: [{ line_id: repriced.id, amount: 20 * 25_00 }],
    });

  const partly = await savePurchase(
    ctx,
    {
      supplier_id: supplier('Chittagong Fashion House'),
      purchased_on: dayAgo(12),
      reference: 'CFH-0912',
      lines: [line(3, 24, 5), line(4, 12, 5)],
      shipping_cost: 800_00,
    },
    null,
  );
  const [first] = partly.lines;
  if (first)
    await receivePurchase(ctx, partly.id, { lines: [{ line_id: first.id, quantity: 16 }], received_on: dayAgo(9), note: 'First truck' });

  const returned = await savePurchase(
    ctx,
    { supplier_id: supplier('Gadget Point BD'), purchased_on: dayAgo(18), reference: 'GP-5521', lines: [line(5, 10, -3), line(0, 6, 8)] },
    null,
  );
  await receivePurchase(ctx, returned.id, { all: true, received_on: dayAgo(17) });
  const [faulty] = returned.lines;
  if (faulty)
    await returnToSupplier(ctx, returned.id, {
      lines: [{ line_id: faulty.id, quantity: 2 }],
      returned_on: dayAgo(15),
      reason: 'Two units dead on arrival',
    });

  await savePurchase(
    ctx,
    {
      supplier_id: supplier('Karim Textiles'),
      purchased_on: dayAgo(2),
      reference: 'KT-PO-118',
      status: 'ordered',
      lines: [line(1, 30, 2), line(2, 20, 2)],
      note: 'Eid stock',
    },
    null,
  );
  await savePurchase(
    ctx,
    { supplier_id: supplier('Chittagong Fashion House'), purchased_on: dayAgo(0), status: 'draft', lines: [line(4, 10)] },
    null,
  );

  await paySupplier(
    ctx,
    supplier('Karim Textiles'),
    { amount: 15_000_00, method: 'cash', reference: 'Voucher 45', paid_on: dayAgo(10) },
    today,
  );
  await paySupplier(
    ctx,
    supplier('Chittagong Fashion House'),
    { amount: 10_000_00, method: 'mobile_wallet', reference: 'bKash 8N7X2K1', paid_on: dayAgo(8), purchase_id: partly.id },
    today,
  );
  await paySupplier(
    ctx,
    supplier('Narayanganj Weavers'),
    { amount: 4_000_00, method: 'bank', reference: 'IBBL-55120', paid_on: dayAgo(5) },
    today,
  );
}
