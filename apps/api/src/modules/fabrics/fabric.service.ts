import {
  FABRIC_LEDGER_KIND_LABELS,
  FABRIC_UNIT_LABELS,
  type FabricChoice,
  type FabricIssueView,
  type FabricLedgerEntry,
  type FabricLedgerKind,
  type FabricPurchasePage,
  type FabricPurchaseView,
  type FabricUnit,
  fabricIssueInput,
  fabricIssueQuery,
  fabricLedgerQuery,
  fabricPurchaseInput,
  fabricPurchaseQuery,
  fabricPurchaseTotal,
  fromCentiUnits,
  type Paginator,
  toCentiUnits,
} from '@haat/contracts';
import { and, asc, count, desc, eq, gte, ilike, lte, or, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { adminIdOf, type Ctx, inTransaction } from '../../context';
import type { Db } from '../../db/client';
import { HttpError, invalid, notFound } from '../../http/errors';
import { pageUrl, paginate } from '../../http/pagination';
import { likeContains } from '../../http/resource';
import { type EntryLineInput, postEntry } from '../accounts';
import { recordAudit } from '../audit';
import { factoryChoices, factoryNameSql, findFactory } from '../content';
import { supplierChoices, supplierNameSql, supplierOfKind, supplierPaymentBalance } from '../purchasing';
import { adminNames } from '../staff';
import { fabricIssues, fabricLedger, fabricPurchases, fabrics } from './fabric.table';

export const fabricPurchaseNumber = (id: number) => `FP-${String(id).padStart(6, '0')}`;
export const fabricIssueNumber = (id: number) => `FI-${String(id).padStart(6, '0')}`;

/** "12.5 metres", "1 piece": a quantity in hundredths with its unit, for messages. */
export function quantityText(centi: number, unit: FabricUnit): string {
  const amount = fromCentiUnits(centi);
  const word = unit === 'metre' ? 'metre' : unit === 'yard' ? 'yard' : 'piece';
  return `${amount} ${word}${amount === 1 ? '' : 's'}`;
}

/** The cost that leaves with `quantity` of a stock of `stock` costing `stockCost` (all of it when the stock is emptied). */
export function costOf(quantity: number, stock: number, stockCost: number): number {
  if (stock <= 0) return 0;
  if (quantity >= stock) return stockCost;
  return Math.round((stockCost * quantity) / stock);
}

interface FabricMove {
  fabricId: number;
  /** Signed hundredths of the unit. */
  quantity: number;
  kind: FabricLedgerKind;
  /** The cost it adds (a purchase) — a removal takes the average cost. */
  cost?: number;
  purchaseId?: number | null;
  issueId?: number | null;
  note?: string;
  /** The request field a refusal names. */
  field?: string;
}

/**
 * The one way a fabric's stock changes (decision 035, like decision 006 for goods): inside the
 * caller's transaction it locks the fabric's row (FOR NO KEY UPDATE), decides against the stock it reads
 * under that lock — never below zero, else a 422 naming `field` and nothing written — writes the
 * ledger row and keeps `stock` and `stock_cost` in step. Returns the stock after and the cost moved.
 */
export async function moveFabric(ctx: Ctx, move: FabricMove): Promise<{ stock: number; cost: number; before: number }> {
  if (!Number.isInteger(move.quantity) || move.quantity === 0)
    throw new Error(`a fabric move is a whole non-zero number of hundredths, got ${move.quantity}`);
  const tx = ctx.db;
  const [fabric] = await tx
    .select({ id: fabrics.id, name: fabrics.name, unit: fabrics.unit, stock: fabrics.stock, stockCost: fabrics.stockCost })
    .from(fabrics)
    .where(eq(fabrics.id, move.fabricId))
    .for('no key update');
  if (!fabric) throw invalid('fabric_id', 'This fabric no longer exists.');
  const after = fabric.stock + move.quantity;
  if (after < 0) {
    const message =
      fabric.stock === 0
        ? `${fabric.name} is out of stock.`
        : `Not enough ${fabric.name}: ${quantityText(fabric.stock, fabric.unit)} in stock, ${quantityText(-move.quantity, fabric.unit)} to issue.`;
    throw new HttpError(422, message, { [move.field ?? 'quantity']: [message] });
  }
  const cost = move.quantity > 0 ? (move.cost ?? 0) : -costOf(-move.quantity, fabric.stock, fabric.stockCost);
  await tx.insert(fabricLedger).values({
    fabricId: fabric.id,
    kind: move.kind,
    quantity: move.quantity,
    purchaseId: move.purchaseId ?? null,
    issueId: move.issueId ?? null,
    note: move.note ?? '',
    adminId: adminIdOf(ctx),
    at: ctx.now,
  });
  await tx
    .update(fabrics)
    .set({ stock: after, stockCost: Math.max(0, fabric.stockCost + cost), updatedAt: ctx.now })
    .where(eq(fabrics.id, fabric.id));
  return { stock: after, cost: Math.abs(cost), before: fabric.stock };
}

// ---- Purchases -------------------------------------------------------------------------------------

type PurchaseRow = typeof fabricPurchases.$inferSelect;

async function purchaseViews(db: Db, rows: PurchaseRow[]): Promise<FabricPurchaseView[]> {
  if (rows.length === 0) return [];
  const fabricIds = [...new Set(rows.map((row) => row.fabricId))];
  const [names, material, supplierRows] = await Promise.all([
    adminNames(
      db,
      rows.map((row) => row.adminId),
    ),
    db
      .select({ id: fabrics.id, name: fabrics.name, colour: fabrics.colour, unit: fabrics.unit })
      .from(fabrics)
      .where(sql`${fabrics.id} in ${fabricIds}`),
    db
      .select({ id: fabricPurchases.id, supplierName: supplierNameSql(fabricPurchases.supplierId) })
      .from(fabricPurchases)
      .where(sql`${fabricPurchases.id} in ${rows.map((row) => row.id)}`),
  ]);
  const fabricById = new Map(material.map((each) => [each.id, each]));
  const supplierById = new Map(supplierRows.map((each) => [each.id, each.supplierName ?? '']));
  return rows.map((row) => {
    const fabric = fabricById.get(row.fabricId);
    const unit = fabric?.unit ?? 'metre';
    return {
      id: row.id,
      number: fabricPurchaseNumber(row.id),
      supplier_id: row.supplierId,
      supplier_name: supplierById.get(row.id) ?? '',
      fabric_id: row.fabricId,
      fabric_name: fabric?.name ?? '',
      colour: fabric?.colour ?? '',
      unit,
      unit_label: FABRIC_UNIT_LABELS[unit],
      purchased_on: row.purchasedOn,
      reference: row.reference,
      quantity: fromCentiUnits(row.quantity),
      unit_price: row.unitPrice,
      total: row.total,
      paid: row.paid,
      due: row.total - row.paid,
      note: row.note,
      admin_name: row.adminId === null ? null : (names.get(row.adminId) ?? null),
      created_at: row.createdAt.toISOString(),
    };
  });
}

/**
 * `/admin/addPurchase/fabrics`: one fabric bought from a fabric supplier, in one transaction: the
 * purchase row, its ledger row raising the fabric's stock (and the stock's cost), and its audit row.
 */
export async function createFabricPurchase(ctx: Ctx, body: unknown): Promise<FabricPurchaseView> {
  const input = fabricPurchaseInput.parse(body);
  const quantity = toCentiUnits(input.quantity);
  const total = fabricPurchaseTotal(quantity, input.unit_price);
  const row = await inTransaction(ctx, async (txCtx) => {
    const tx = txCtx.db;
    const supplier = await supplierOfKind(tx, input.supplier_id, 'fabric');
    if (!supplier) throw invalid('supplier_id', 'Choose a fabric supplier.');
    if (supplier.status !== 1) throw invalid('supplier_id', 'This supplier is inactive: make them active first.');
    // The fabric's row is locked before the purchase row is written: that row's foreign key would
    // take a share lock first, and two writers upgrading theirs would deadlock.
    const [fabric] = await tx
      .select({ id: fabrics.id, status: fabrics.status, unit: fabrics.unit })
      .from(fabrics)
      .where(eq(fabrics.id, input.fabric_id))
      .for('no key update');
    if (!fabric) throw invalid('fabric_id', 'Choose a fabric.');
    if (fabric.status !== 1) throw invalid('fabric_id', 'This fabric is inactive: make it active first.');
    if (fabric.unit === 'piece' && quantity % 100 !== 0) throw invalid('quantity', 'Pieces are counted whole.');
    const [written] = await tx
      .insert(fabricPurchases)
      .values({
        supplierId: supplier.id,
        fabricId: fabric.id,
        purchasedOn: input.purchased_on,
        reference: input.reference,
        quantity,
        unitPrice: input.unit_price,
        total,
        paid: input.paid,
        note: input.note,
        adminId: adminIdOf(txCtx),
        createdAt: txCtx.now,
      })
      .returning();
    if (!written) throw new Error('the fabric purchase was not written');
    const moved = await moveFabric(txCtx, { fabricId: fabric.id, quantity, kind: 'purchase', cost: total, purchaseId: written.id });
    // The books: the fabric into stock, owed to the supplier but for what was paid now, which leaves its balance.
    if (total > 0) {
      const lines: EntryLineInput[] = [{ account: 'inventory', debit: total }];
      if (total > input.paid) lines.push({ account: 'supplier_payable', credit: total - input.paid });
      if (input.paid > 0) lines.push({ account: supplierPaymentBalance(input.payment_method), credit: input.paid, field: 'paid' });
      await postEntry(txCtx, {
        date: input.purchased_on,
        source: 'fabric.purchased',
        sourceType: 'fabric_purchase',
        sourceId: written.id,
        memo: `Fabric bought from ${supplier.name}`,
        lines,
      });
    }
    await recordAudit(txCtx, {
      action: 'fabric.purchase',
      entity: 'fabric_purchase',
      entityId: written.id,
      changes: {
        supplier_id: { before: null, after: supplier.id },
        fabric_id: { before: null, after: fabric.id },
        quantity: { before: null, after: input.quantity },
        unit_price: { before: null, after: input.unit_price },
        total: { before: null, after: total },
        paid: { before: null, after: input.paid },
        ...(input.paid > 0 ? { payment_method: { before: null, after: input.payment_method } } : {}),
        fabric_stock: { before: fromCentiUnits(moved.before), after: fromCentiUnits(moved.stock) },
      },
    });
    return written;
  });
  const [view] = await purchaseViews(ctx.db, [row]);
  if (!view) throw new Error('the fabric purchase was not read back');
  return view;
}

export async function findFabricPurchase({ db }: Ctx, id: number): Promise<FabricPurchaseView> {
  const [row] = await db.select().from(fabricPurchases).where(eq(fabricPurchases.id, id));
  if (!row) throw notFound('The fabric purchase');
  const [view] = await purchaseViews(db, [row]);
  if (!view) throw notFound('The fabric purchase');
  return view;
}

/** `/admin/purchase/manage/fabrics`: purchases newest first, filtered, with totals over every match. */
export async function fabricPurchasePage(
  { db }: Ctx,
  path: string,
  query: Record<string, unknown>,
  mode: 'page' | 'export' = 'page',
): Promise<FabricPurchasePage> {
  const parsed = fabricPurchaseQuery.parse(query);
  const conditions: SQL[] = [];
  if (parsed.supplier_id) conditions.push(eq(fabricPurchases.supplierId, parsed.supplier_id));
  if (parsed.fabric_id) conditions.push(eq(fabricPurchases.fabricId, parsed.fabric_id));
  if (parsed.from) conditions.push(gte(fabricPurchases.purchasedOn, parsed.from));
  if (parsed.to) conditions.push(lte(fabricPurchases.purchasedOn, parsed.to));
  if (parsed.due === '1') conditions.push(sql`${fabricPurchases.paid} < ${fabricPurchases.total}`);
  if (parsed.due === '0') conditions.push(sql`${fabricPurchases.paid} >= ${fabricPurchases.total}`);
  if (parsed.q) {
    const pattern = likeContains(parsed.q);
    const number = /^fp-?0*(\d{1,9})$/i.exec(parsed.q);
    const matching = or(
      ilike(fabricPurchases.reference, pattern),
      sql`${supplierNameSql(fabricPurchases.supplierId)} ilike ${pattern}`,
      sql`exists (select 1 from ${fabrics} where ${fabrics.id} = ${fabricPurchases.fabricId} and (${fabrics.name} ilike ${pattern} or ${fabrics.colour} ilike ${pattern}))`,
      number ? eq(fabricPurchases.id, Number(number[1])) : undefined,
    );
    if (matching) conditions.push(matching);
  }
  const where = and(...conditions);
  const perPage = mode === 'export' ? 10_000 : parsed.per_page;
  const page = mode === 'export' ? 1 : parsed.page;
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(fabricPurchases)
      .where(where)
      .orderBy(desc(fabricPurchases.purchasedOn), desc(fabricPurchases.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db
      .select({
        n: count(),
        total: sql<string>`coalesce(sum(${fabricPurchases.total}), 0)`,
        paid: sql<string>`coalesce(sum(${fabricPurchases.paid}), 0)`,
      })
      .from(fabricPurchases)
      .where(where),
  ]);
  const n = totals?.n ?? 0;
  const total = Number(totals?.total ?? 0);
  const paid = Number(totals?.paid ?? 0);
  return {
    ...paginate(await purchaseViews(db, rows), n, { page, perPage }, (each) => pageUrl(path, query, each)).plain,
    totals: { purchases: n, total, paid, due: total - paid },
  };
}

/**
 * What the shop bought in fabric from one supplier, paid at purchase and still owes for it (paisa):
 * the supplier statement's due adds `due` (docs/decisions/035).
 */
export async function fabricPurchaseTotals(
  db: Db,
  supplierId: number,
): Promise<{ purchases: number; total: number; paid: number; due: number }> {
  const [row] = await db
    .select({
      n: count(),
      total: sql<string>`coalesce(sum(${fabricPurchases.total}), 0)`,
      paid: sql<string>`coalesce(sum(${fabricPurchases.paid}), 0)`,
    })
    .from(fabricPurchases)
    .where(eq(fabricPurchases.supplierId, supplierId));
  const total = Number(row?.total ?? 0);
  const paid = Number(row?.paid ?? 0);
  return { purchases: row?.n ?? 0, total, paid, due: total - paid };
}

/**
 * Every fabric purchase as a line of its supplier's account (purchasing's `SupplierDueSource`, decision 035):
 * what it cost adds to the due, what was paid at purchase takes off it.
 */
export const fabricPurchaseDueEntries = sql`
  select fp.supplier_id, fp.id, fp.purchased_on as day, fp.created_at, fp.total::bigint as bought, fp.paid::bigint as paid,
    'FP-' || lpad(fp.id::text, 6, '0') as number,
    f.name || ', ' || trim(to_char(fp.quantity / 100.0, 'FM9999999990.99'), '.') || ' ' || f.unit
      || case when fp.reference <> '' then ' (' || fp.reference || ')' else '' end as description
  from fabric_purchases fp join fabrics f on f.id = fp.fabric_id`;

/** One supplier's fabric purchases, oldest first, for the lines of their statement. */
export async function fabricPurchaseEntries(
  db: Db,
  supplierId: number,
): Promise<
  { id: number; number: string; date: string; reference: string; description: string; total: number; paid: number; at: string }[]
> {
  const rows = await db
    .select({
      id: fabricPurchases.id,
      date: fabricPurchases.purchasedOn,
      reference: fabricPurchases.reference,
      quantity: fabricPurchases.quantity,
      total: fabricPurchases.total,
      paid: fabricPurchases.paid,
      createdAt: fabricPurchases.createdAt,
      name: fabrics.name,
      unit: fabrics.unit,
    })
    .from(fabricPurchases)
    .innerJoin(fabrics, eq(fabrics.id, fabricPurchases.fabricId))
    .where(eq(fabricPurchases.supplierId, supplierId))
    .orderBy(asc(fabricPurchases.purchasedOn), asc(fabricPurchases.id));
  return rows.map((row) => ({
    id: row.id,
    number: fabricPurchaseNumber(row.id),
    date: row.date,
    reference: row.reference,
    description: `${row.name}, ${quantityText(row.quantity, row.unit)}`,
    total: row.total,
    paid: row.paid,
    at: row.createdAt.toISOString(),
  }));
}

// ---- Issues to factories ---------------------------------------------------------------------------

type IssueRow = typeof fabricIssues.$inferSelect;

async function issueViews(db: Db, rows: IssueRow[]): Promise<FabricIssueView[]> {
  if (rows.length === 0) return [];
  const [names, material, factoryRows] = await Promise.all([
    adminNames(
      db,
      rows.map((row) => row.adminId),
    ),
    db
      .select({ id: fabrics.id, name: fabrics.name, colour: fabrics.colour, unit: fabrics.unit })
      .from(fabrics)
      .where(sql`${fabrics.id} in ${[...new Set(rows.map((row) => row.fabricId))]}`),
    db
      .select({ id: fabricIssues.id, name: factoryNameSql(fabricIssues.factoryId) })
      .from(fabricIssues)
      .where(sql`${fabricIssues.id} in ${rows.map((row) => row.id)}`),
  ]);
  const fabricById = new Map(material.map((each) => [each.id, each]));
  const factoryById = new Map(factoryRows.map((each) => [each.id, each.name ?? '']));
  return rows.map((row) => {
    const fabric = fabricById.get(row.fabricId);
    const unit = fabric?.unit ?? 'metre';
    return {
      id: row.id,
      number: fabricIssueNumber(row.id),
      factory_id: row.factoryId,
      factory_name: factoryById.get(row.id) ?? '',
      fabric_id: row.fabricId,
      fabric_name: fabric?.name ?? '',
      colour: fabric?.colour ?? '',
      unit,
      unit_label: FABRIC_UNIT_LABELS[unit],
      issued_on: row.issuedOn,
      quantity: fromCentiUnits(row.quantity),
      note: row.note,
      admin_name: row.adminId === null ? null : (names.get(row.adminId) ?? null),
      created_at: row.createdAt.toISOString(),
    };
  });
}

/**
 * Fabric handed to a factory, in one transaction: the fabric's row is locked and its stock decided
 * under the lock (more than in stock → 422 on `quantity`, nothing written), then the issue, its
 * ledger row and its audit row.
 */
export async function issueFabric(ctx: Ctx, body: unknown): Promise<FabricIssueView> {
  const input = fabricIssueInput.parse(body);
  const quantity = toCentiUnits(input.quantity);
  const row = await inTransaction(ctx, async (txCtx) => {
    const tx = txCtx.db;
    const factory = await findFactory(tx, input.factory_id);
    if (!factory) throw invalid('factory_id', 'Choose a factory.');
    if (factory.status !== 1) throw invalid('factory_id', 'This factory is inactive: make it active first.');
    // Locked first (see createFabricPurchase): concurrent issues of one fabric queue here, and each
    // decides on the stock the one before it left.
    const [fabric] = await tx
      .select({ id: fabrics.id, unit: fabrics.unit })
      .from(fabrics)
      .where(eq(fabrics.id, input.fabric_id))
      .for('no key update');
    if (!fabric) throw invalid('fabric_id', 'Choose a fabric.');
    if (fabric.unit === 'piece' && quantity % 100 !== 0) throw invalid('quantity', 'Pieces are counted whole.');
    // moveFabric decides the stock under the fabric's lock; its 422 rolls this row back with everything else.
    const [issue] = await tx
      .insert(fabricIssues)
      .values({
        factoryId: factory.id,
        fabricId: fabric.id,
        issuedOn: input.issued_on,
        quantity,
        note: input.note,
        adminId: adminIdOf(txCtx),
        createdAt: txCtx.now,
      })
      .returning();
    if (!issue) throw new Error('the fabric issue was not written');
    const moved = await moveFabric(txCtx, {
      fabricId: fabric.id,
      quantity: -quantity,
      kind: 'issue',
      issueId: issue.id,
      field: 'quantity',
    });
    const [costed] = await tx.update(fabricIssues).set({ cost: moved.cost }).where(eq(fabricIssues.id, issue.id)).returning();
    await recordAudit(txCtx, {
      action: 'fabric.issue',
      entity: 'fabric_issue',
      entityId: issue.id,
      changes: {
        factory_id: { before: null, after: factory.id },
        fabric_id: { before: null, after: fabric.id },
        quantity: { before: null, after: input.quantity },
        fabric_stock: { before: fromCentiUnits(moved.before), after: fromCentiUnits(moved.stock) },
      },
    });
    return costed ?? issue;
  });
  const [view] = await issueViews(ctx.db, [row]);
  if (!view) throw new Error('the fabric issue was not read back');
  return view;
}

export async function fabricIssuePage({ db }: Ctx, path: string, query: Record<string, unknown>): Promise<Paginator<FabricIssueView>> {
  const parsed = fabricIssueQuery.parse(query);
  const where = and(
    parsed.factory_id ? eq(fabricIssues.factoryId, parsed.factory_id) : undefined,
    parsed.fabric_id ? eq(fabricIssues.fabricId, parsed.fabric_id) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(fabricIssues)
      .where(where)
      .orderBy(desc(fabricIssues.issuedOn), desc(fabricIssues.id))
      .limit(parsed.per_page)
      .offset((parsed.page - 1) * parsed.per_page),
    db.select({ n: count() }).from(fabricIssues).where(where),
  ]);
  return paginate(await issueViews(db, rows), total?.n ?? 0, { page: parsed.page, perPage: parsed.per_page }, (each) =>
    pageUrl(path, query, each),
  ).plain;
}

// ---- Stock adjustments and the ledger --------------------------------------------------------------

const adjustmentInput = z.object({
  quantity: z.coerce
    .number({ error: 'Enter the quantity' })
    .refine((value) => value !== 0, 'Enter a quantity other than 0')
    .refine((value) => Math.abs(value) <= 1_000_000, 'The quantity is too large')
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'Use at most two decimals'),
  reason: z
    .string({ error: 'Write the reason' })
    .trim()
    .min(3, 'Write the reason (at least 3 characters)')
    .max(300, 'Use at most 300 characters'),
});

/** A counted correction of a fabric's stock (+ found, − lost or damaged), with its reason; never below zero. */
export async function adjustFabricStock(ctx: Ctx, fabricId: number, body: unknown): Promise<{ stock: number }> {
  const input = adjustmentInput.parse(body);
  const quantity = toCentiUnits(input.quantity);
  return inTransaction(ctx, async (txCtx) => {
    const [fabric] = await txCtx.db
      .select({ id: fabrics.id, unit: fabrics.unit })
      .from(fabrics)
      .where(eq(fabrics.id, fabricId))
      .for('no key update');
    if (!fabric) throw notFound('The fabric');
    if (fabric.unit === 'piece' && quantity % 100 !== 0) throw invalid('quantity', 'Pieces are counted whole.');
    const moved = await moveFabric(txCtx, { fabricId, quantity, kind: 'adjustment', note: input.reason, field: 'quantity' });
    await recordAudit(txCtx, {
      action: 'fabric.adjust',
      entity: 'fabric',
      entityId: fabricId,
      changes: {
        stock: { before: fromCentiUnits(moved.before), after: fromCentiUnits(moved.stock) },
        reason: { before: null, after: input.reason },
      },
    });
    return { stock: fromCentiUnits(moved.stock) };
  });
}

/** One fabric's ledger, newest first, each row with the stock after it. */
export async function fabricLedgerPage(
  { db }: Ctx,
  fabricId: number,
  path: string,
  query: Record<string, unknown>,
): Promise<
  Paginator<FabricLedgerEntry> & {
    fabric: { id: number; name: string; colour: string; unit: FabricUnit; unit_label: string; stock: number };
  }
> {
  const parsed = fabricLedgerQuery.parse(query);
  const [fabric] = await db
    .select({ id: fabrics.id, name: fabrics.name, colour: fabrics.colour, unit: fabrics.unit, stock: fabrics.stock })
    .from(fabrics)
    .where(eq(fabrics.id, fabricId));
  if (!fabric) throw notFound('The fabric');
  const running = db
    .select({
      id: fabricLedger.id,
      balance: sql<number>`sum(${fabricLedger.quantity}) over (order by ${fabricLedger.at}, ${fabricLedger.id})`
        .mapWith(Number)
        .as('balance'),
    })
    .from(fabricLedger)
    .where(eq(fabricLedger.fabricId, fabricId))
    .as('running');
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: fabricLedger.id,
        kind: fabricLedger.kind,
        quantity: fabricLedger.quantity,
        balance: running.balance,
        purchaseId: fabricLedger.purchaseId,
        issueId: fabricLedger.issueId,
        note: fabricLedger.note,
        adminId: fabricLedger.adminId,
        at: fabricLedger.at,
        supplierName: sql<
          string | null
        >`(select ${supplierNameSql(fabricPurchases.supplierId)} from ${fabricPurchases} where ${fabricPurchases.id} = ${fabricLedger.purchaseId})`,
        factoryName: sql<
          string | null
        >`(select ${factoryNameSql(fabricIssues.factoryId)} from ${fabricIssues} where ${fabricIssues.id} = ${fabricLedger.issueId})`,
      })
      .from(fabricLedger)
      .innerJoin(running, eq(running.id, fabricLedger.id))
      .orderBy(desc(fabricLedger.at), desc(fabricLedger.id))
      .limit(parsed.per_page)
      .offset((parsed.page - 1) * parsed.per_page),
    db.select({ n: count() }).from(fabricLedger).where(eq(fabricLedger.fabricId, fabricId)),
  ]);
  const names = await adminNames(
    db,
    rows.map((row) => row.adminId),
  );
  const entries: FabricLedgerEntry[] = rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    kind_label: FABRIC_LEDGER_KIND_LABELS[row.kind],
    quantity: fromCentiUnits(row.quantity),
    balance: fromCentiUnits(Number(row.balance)),
    reference: row.purchaseId ? fabricPurchaseNumber(row.purchaseId) : row.issueId ? fabricIssueNumber(row.issueId) : '',
    reference_id: row.purchaseId ?? row.issueId ?? null,
    party: row.supplierName ?? row.factoryName ?? '',
    note: row.note,
    admin_name: row.adminId === null ? null : (names.get(row.adminId) ?? null),
    at: row.at.toISOString(),
  }));
  return {
    ...paginate(entries, total?.n ?? 0, { page: parsed.page, perPage: parsed.per_page }, (each) => pageUrl(path, query, each)).plain,
    fabric: { ...fabric, unit_label: FABRIC_UNIT_LABELS[fabric.unit], stock: fromCentiUnits(fabric.stock) },
  };
}

/** The choices of the fabric forms: active fabric suppliers, factories and fabrics (with stock). */
export async function fabricFormChoices({ db }: Ctx): Promise<{
  suppliers: FabricChoice[];
  factories: FabricChoice[];
  fabrics: (FabricChoice & { unit: FabricUnit; stock: number })[];
}> {
  const [supplierRows, factoryRows, fabricRows] = await Promise.all([
    supplierChoices(db, 'fabric'),
    factoryChoices(db),
    db
      .select({
        id: fabrics.id,
        name: fabrics.name,
        colour: fabrics.colour,
        fabricType: fabrics.fabricType,
        unit: fabrics.unit,
        stock: fabrics.stock,
      })
      .from(fabrics)
      .where(eq(fabrics.status, 1))
      .orderBy(asc(fabrics.name), asc(fabrics.id)),
  ]);
  return {
    suppliers: supplierRows.map((row) => ({ id: row.id, name: row.name, detail: [row.company, row.phone].filter(Boolean).join(' · ') })),
    factories: factoryRows.map((row) => ({
      id: row.id,
      name: row.name,
      detail: [row.contact_person, row.phone].filter(Boolean).join(' · '),
    })),
    fabrics: fabricRows.map((row) => ({
      id: row.id,
      name: row.name,
      detail: [row.colour, row.fabricType].filter(Boolean).join(' · '),
      unit: row.unit,
      stock: fromCentiUnits(row.stock),
    })),
  };
}

/** Whether each fabric's stock equals its ledger's sum (tests and checks). */
export async function fabricLedgerMismatches(db: Db): Promise<{ id: number; stock: number; ledger: number }[]> {
  const rows = await db
    .select({ id: fabrics.id, stock: fabrics.stock, ledger: sql<string>`coalesce(sum(${fabricLedger.quantity}), 0)` })
    .from(fabrics)
    .leftJoin(fabricLedger, eq(fabricLedger.fabricId, fabrics.id))
    .groupBy(fabrics.id)
    .having(sql`${fabrics.stock} <> coalesce(sum(${fabricLedger.quantity}), 0)`);
  return rows.map((row) => ({ id: row.id, stock: row.stock, ledger: Number(row.ledger) }));
}
