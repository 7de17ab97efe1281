import { asc, eq } from 'drizzle-orm';
import { actingAs, systemCtx } from '../../context';
import type { Db } from '../../db/client';
import { factories } from '../content/factory.table';
import { suppliers } from '../purchasing/supplier.table';
import { admins } from '../staff/admin.table';
import { createFabricPurchase, issueFabric } from './fabric.service';
import { fabrics } from './fabric.table';

const daysAgo = (days: number) => {
  const date = new Date(Date.now() - days * 86_400_000);
  return { at: date, day: date.toISOString().slice(0, 10) };
};

/**
 * The demo fabric stock (DEMO=1): five fabrics, purchases from the fabric suppliers (some paid in
 * full, some with a due), and fabric issued to the demo factories — made through the same services
 * as the screens, so the ledger, the stock and the audit log agree. Uses the fabric suppliers the
 * purchasing seed made, or makes two. Runs after the content seed (factories).
 */
export async function seedDemoFabrics(db: Db): Promise<void> {
  const [existing] = await db.select({ id: fabrics.id }).from(fabrics).limit(1);
  if (existing) return;
  let fabricSuppliers = await db
    .select({ id: suppliers.id })
    .from(suppliers)
    .where(eq(suppliers.kind, 'fabric'))
    .orderBy(asc(suppliers.id));
  if (fabricSuppliers.length === 0) {
    fabricSuppliers = await db
      .insert(suppliers)
      .values([
        {
          kind: 'fabric',
          name: 'Madhabdi Cotton Mills',
          company: 'Madhabdi Cotton Mills Ltd',
          phone: '01711223344',
          address: 'Madhabdi, Narsingdi',
        },
        { kind: 'fabric', name: 'Islampur Silk House', company: 'Islampur Silk House', phone: '01819556677', address: 'Islampur, Dhaka' },
      ])
      .returning({ id: suppliers.id });
  }
  const made = await db
    .insert(fabrics)
    .values([
      { name: 'Cotton poplin', colour: 'White', fabricType: 'Woven', unit: 'metre', lowStockAt: 5000 },
      { name: 'Khadi', colour: 'Indigo', fabricType: 'Handloom', unit: 'metre', lowStockAt: 3000 },
      { name: 'Georgette', colour: 'Maroon', fabricType: 'Woven', unit: 'yard', lowStockAt: 2000 },
      { name: 'Jamdani saree length', colour: 'Off-white', fabricType: 'Handloom', unit: 'piece', lowStockAt: 300 },
      { name: 'Single jersey', colour: 'Black', fabricType: 'Knit', unit: 'metre', lowStockAt: 4000 },
    ])
    .returning({ id: fabrics.id });
  const ids = made.map((row) => row.id);
  const factoryRows = await db.select({ id: factories.id }).from(factories).where(eq(factories.status, 1)).orderBy(asc(factories.id));
  const [admin] = await db.select({ id: admins.id, name: admins.name }).from(admins).orderBy(asc(admins.id)).limit(1);
  const ctxAt = (at: Date) => {
    const ctx = systemCtx(db, at);
    return admin ? actingAs(ctx, { kind: 'admin', id: admin.id, name: admin.name }) : ctx;
  };
  const supplierAt = (index: number) => fabricSuppliers[index % fabricSuppliers.length]?.id as number;
  const purchases: [number, number, number, number, number, number, string][] = [
    // [days ago, fabric, supplier, quantity, paisa per unit, paid, reference]
    [40, 0, 0, 250, 180_00, 45_000_00, 'MCM-1187'],
    [32, 1, 0, 120, 320_00, 20_000_00, 'MCM-1203'],
    [25, 2, 1, 80, 450_00, 36_000_00, 'ISH-552'],
    [18, 3, 1, 12, 2_800_00, 20_000_00, 'ISH-571'],
    [12, 4, 0, 150, 210_00, 0, 'MCM-1240'],
    [6, 0, 0, 100, 185_00, 18_500_00, 'MCM-1262'],
  ];
  const buy = async ([days, fabric, supplier, quantity, unitPrice, paid, reference]: (typeof purchases)[number]) => {
    const { at, day } = daysAgo(days);
    await createFabricPurchase(ctxAt(at), {
      supplier_id: supplierAt(supplier),
      fabric_id: ids[fabric],
      purchased_on: day,
      reference,
      quantity,
      unit_price: unitPrice,
      paid: Math.min(paid, quantity * unitPrice),
      // Fabric mills are paid by bank transfer.
      payment_method: 'bank',
      note: '',
    });
  };
  const issues: [number, number, number, number, string][] = [
    // [days ago, fabric, factory, quantity, note]
    [30, 0, 0, 120.5, 'Panjabi batch 14: 60 pieces'],
    [20, 1, 1, 45, 'Khadi kurti, sizes M–XL'],
    [10, 2, 0, 30.25, 'Georgette three-piece sets'],
    [4, 3, 1, 5, 'Finishing and pressing'],
  ];
  const issue = async ([days, fabric, factory, quantity, note]: (typeof issues)[number]) => {
    const { at, day } = daysAgo(days);
    await issueFabric(ctxAt(at), {
      factory_id: factoryRows[factory % factoryRows.length]?.id,
      fabric_id: ids[fabric],
      issued_on: day,
      quantity,
      note,
    });
  };
  // In the order they happened, oldest first, so the ledger reads as the days went.
  const events = [
    ...purchases.map((each) => ({ days: each[0], run: () => buy(each) })),
    ...(factoryRows.length ? issues.map((each) => ({ days: each[0], run: () => issue(each) })) : []),
  ].sort((a, b) => b.days - a.days);
  for (const event of events) await event.run();
}
