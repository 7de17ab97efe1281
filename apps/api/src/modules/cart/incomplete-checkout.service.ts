import {
  CALL_OUTCOME_LABELS,
  checkoutDraftInput,
  DRAFT_LINE_LIMIT,
  type IncompleteCall,
  type IncompleteCheckoutDetail,
  type IncompleteCheckoutView,
  type IncompleteConverted,
  type IncompleteLine,
  incompleteCallInput,
  incompleteConvertInput,
  incompleteCustomerInput,
  incompleteStatusInput,
  type PersonView,
  shopCheckoutDraftInput,
} from '@haat/contracts';
import { and, asc, count, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import { adminIdOf, type Ctx, inTransaction } from '../../context';
import type { Db } from '../../db/client';
import { HttpError, invalid, notFound } from '../../http/errors';
import { recordAudit } from '../audit';
import { hitWindow } from '../auth';
import { cityExists, cityNameSql, subCityIsIn, subCityNameSql } from '../locations';
import { orderNumberSql, type PlacedOrder, type PlaceOrderContext, placeOrder } from '../orders';
import { readSetting, SETTING_GROUPS } from '../settings';
import { type CartOwner, findCart, lockCart, readCart, removeOrderedLines } from './cart.service';
import { incompleteCheckoutCalls, incompleteCheckouts } from './incomplete-checkout.table';

/** Saves of one cart's draft in an hour: typing pauses every few seconds make a few dozen; more is a script. */
export const DRAFT_SAVES_PER_CART_HOUR = 120;
/** New drafts from one address in an hour: a family behind one router, not a database filler. */
export const NEW_DRAFTS_PER_ADDRESS_HOUR = 20;
const HOUR_MS = 3600_000;
const ENTITY = 'incomplete_checkout';
const IDEMPOTENCY_SCOPE = 'incomplete-checkout';

type Row = typeof incompleteCheckouts.$inferSelect;

/**
 * `POST /_public/checkout/draft`: what the shopper typed at the checkout, with the cart's lines as they
 * are now, kept for a call back: one open draft per cart, written again on each save. Saves are
 * limited per cart and new drafts per address (decided in one statement each, rate_counters), so the
 * call cannot be used to fill the database. Answers whether it was kept (the shop may switch it off).
 */
export async function saveCheckoutDraft(
  ctx: Ctx,
  owner: CartOwner | null,
  customer: PersonView | null,
  body: unknown,
): Promise<{ saved: boolean }> {
  const input = checkoutDraftInput.parse(body);
  const setting = await readSetting(ctx.db, SETTING_GROUPS.incomplete);
  if (!setting.save_drafts) return { saved: false };
  const cartId = owner ? await findCart(ctx, owner) : null;
  if (!cartId) throw invalid('cart', 'Your cart is empty.');
  const lines = (await readCart(ctx, cartId)).slice(0, DRAFT_LINE_LIMIT);
  if (lines.length === 0) throw invalid('cart', 'Your cart is empty.');

  const perCart = await hitWindow(ctx, `checkout-draft:cart:${cartId}`, { limit: DRAFT_SAVES_PER_CART_HOUR, windowMs: HOUR_MS });
  if (!perCart.allowed) throw tooMany(perCart.retryAfterMs);
  const [open] = await ctx.db
    .select({ id: incompleteCheckouts.id })
    .from(incompleteCheckouts)
    .where(and(eq(incompleteCheckouts.cartId, cartId), eq(incompleteCheckouts.status, 'open')));
  if (!open) {
    const perAddress = await hitWindow(ctx, `checkout-draft:ip:${ctx.ip ?? 'unknown'}`, {
      limit: NEW_DRAFTS_PER_ADDRESS_HOUR,
      windowMs: HOUR_MS,
    });
    if (!perAddress.allowed) throw tooMany(perAddress.retryAfterMs);
  }

  const snapshot: IncompleteLine[] = lines.map((line) => ({
    variant_id: line.variantId,
    name: line.price.productName,
    variant_label: line.price.variantLabel,
    quantity: line.quantity,
    unit_price: line.price.unitPrice,
  }));
  const values = { ...(await draftValues(ctx, input, snapshot)), customerId: customer?.id ?? null };
  // One statement: two saves at once for one cart make one draft (the partial unique index decides).
  await ctx.db
    .insert(incompleteCheckouts)
    .values({ ...values, cartId, ip: ctx.ip, createdAt: ctx.now })
    .onConflictDoUpdate({
      target: incompleteCheckouts.cartId,
      targetWhere: sql`${incompleteCheckouts.status} = 'open'`,
      set: values,
    });
  return { saved: true };
}

/** What a save writes on the draft: the form (a place kept only if it exists and belongs together) and the lines. */
async function draftValues(
  ctx: Ctx,
  input: {
    name: string;
    phone: string;
    address: string;
    city_id: number | null;
    sub_city_id: number | null;
    note: string;
    coupon: string | null;
  },
  snapshot: IncompleteLine[],
) {
  // A place that does not exist (or an area of another city) is not kept: staff choose it on the call.
  const cityId = input.city_id && (await cityExists(ctx.db, input.city_id)) ? input.city_id : null;
  const subCityId = cityId && input.sub_city_id && (await subCityIsIn(ctx.db, input.sub_city_id, cityId)) ? input.sub_city_id : null;
  return {
    name: input.name,
    phone: input.phone,
    address: input.address,
    cityId,
    subCityId,
    note: input.note,
    coupon: input.coupon,
    lines: snapshot,
    itemCount: snapshot.reduce((sum, line) => sum + line.quantity, 0),
    subtotal: snapshot.reduce((sum, line) => sum + line.unit_price * line.quantity, 0),
    updatedAt: ctx.now,
  };
}

/** A reseller shop's cart lines as the shop prices them today (published ones only), for a draft's snapshot. */
export type ShopDraftPricer = (lines: { variant_id: number; quantity: number }[]) => Promise<IncompleteLine[]>;

/**
 * `POST /_public/shop/{slug}/checkout/draft` (the resellers module's route, which prices the lines at
 * the shop's prices): a reseller shop's checkout kept for a call back. The shop's cart lives in the
 * browser, so the draft is named by the checkout page's key (one open draft per shop and key, one
 * statement); the order placed with the same key closes it. The same limits as the storefront's: saves
 * per key, new drafts per address.
 */
export async function saveShopCheckoutDraft(
  ctx: Ctx,
  resellerId: number,
  body: unknown,
  price: ShopDraftPricer,
): Promise<{ saved: boolean }> {
  const input = shopCheckoutDraftInput.parse(body);
  const setting = await readSetting(ctx.db, SETTING_GROUPS.incomplete);
  if (!setting.save_drafts) return { saved: false };
  const snapshot = (await price(input.lines)).slice(0, DRAFT_LINE_LIMIT);
  if (snapshot.length === 0) throw invalid('lines', 'Your cart is empty: add a product first');

  const perKey = await hitWindow(ctx, `checkout-draft:shop:${resellerId}:${input.key}`, {
    limit: DRAFT_SAVES_PER_CART_HOUR,
    windowMs: HOUR_MS,
  });
  if (!perKey.allowed) throw tooMany(perKey.retryAfterMs);
  const [open] = await ctx.db
    .select({ id: incompleteCheckouts.id })
    .from(incompleteCheckouts)
    .where(
      and(
        eq(incompleteCheckouts.resellerId, resellerId),
        eq(incompleteCheckouts.draftKey, input.key),
        eq(incompleteCheckouts.status, 'open'),
      ),
    );
  if (!open) {
    const perAddress = await hitWindow(ctx, `checkout-draft:ip:${ctx.ip ?? 'unknown'}`, {
      limit: NEW_DRAFTS_PER_ADDRESS_HOUR,
      windowMs: HOUR_MS,
    });
    if (!perAddress.allowed) throw tooMany(perAddress.retryAfterMs);
  }
  const values = await draftValues(ctx, input, snapshot);
  await ctx.db
    .insert(incompleteCheckouts)
    .values({ ...values, resellerId, draftKey: input.key, ip: ctx.ip, createdAt: ctx.now })
    .onConflictDoUpdate({
      target: [incompleteCheckouts.resellerId, incompleteCheckouts.draftKey],
      targetWhere: sql`${incompleteCheckouts.status} = 'open'`,
      set: values,
    });
  return { saved: true };
}

/** The shopper placed the shop's order themselves: the open draft of that checkout page (its key) is closed with it. */
export async function closeShopDraft(tx: Db, resellerId: number, key: string, orderId: number, now: Date): Promise<void> {
  await tx
    .update(incompleteCheckouts)
    .set({ status: 'converted', orderId, convertedAt: now, updatedAt: now })
    .where(
      and(eq(incompleteCheckouts.resellerId, resellerId), eq(incompleteCheckouts.draftKey, key), eq(incompleteCheckouts.status, 'open')),
    );
}

function tooMany(retryAfterMs: number): HttpError {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return new HttpError(429, `Too many saves of this checkout. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
}

/** The shopper placed the order themselves: the cart's open draft is closed with it. */
export async function closeCartDraft(tx: Db, cartId: number, orderId: number, now: Date): Promise<void> {
  await tx
    .update(incompleteCheckouts)
    .set({ status: 'converted', orderId, convertedAt: now, updatedAt: now })
    .where(and(eq(incompleteCheckouts.cartId, cartId), eq(incompleteCheckouts.status, 'open')));
}

// ---- The back office ---------------------------------------------------------------------------

/** The columns of a list row, in one select (city, area and order number by subquery). */
export const incompleteViewColumns = {
  id: incompleteCheckouts.id,
  resellerId: incompleteCheckouts.resellerId,
  name: incompleteCheckouts.name,
  phone: incompleteCheckouts.phone,
  address: incompleteCheckouts.address,
  cityId: incompleteCheckouts.cityId,
  cityName: cityNameSql(incompleteCheckouts.cityId),
  subCityId: incompleteCheckouts.subCityId,
  subCityName: subCityNameSql(incompleteCheckouts.subCityId),
  itemCount: incompleteCheckouts.itemCount,
  subtotal: incompleteCheckouts.subtotal,
  status: incompleteCheckouts.status,
  lastOutcome: incompleteCheckouts.lastOutcome,
  callCount: incompleteCheckouts.callCount,
  lastCalledAt: incompleteCheckouts.lastCalledAt,
  orderId: incompleteCheckouts.orderId,
  orderNumber: orderNumberSql(incompleteCheckouts.orderId),
  convertedBy: incompleteCheckouts.convertedBy,
  convertedAt: incompleteCheckouts.convertedAt,
  createdAt: incompleteCheckouts.createdAt,
  updatedAt: incompleteCheckouts.updatedAt,
};

type ViewRow = { [K in keyof typeof incompleteViewColumns]: unknown };

const iso = (value: unknown) => (value ? new Date(value as Date).toISOString() : null);

/** The names of resellers' shops, by reseller id: the resellers module's, handed over at start-up (app.ts). */
export type ShopNames = (db: Db, resellerIds: number[]) => Promise<Map<number, string>>;
let shopNames: ShopNames = async () => new Map();
export function readShopNamesWith(read: ShopNames): void {
  shopNames = read;
}

function viewOf(row: ViewRow, names: Map<number, string>): IncompleteCheckoutView {
  const resellerId = (row.resellerId as number | null) ?? null;
  return {
    id: Number(row.id),
    reseller_id: resellerId,
    shop_name: resellerId ? (names.get(resellerId) ?? `Reseller #${resellerId}`) : null,
    name: String(row.name ?? ''),
    phone: String(row.phone),
    address: String(row.address ?? ''),
    city_id: (row.cityId as number | null) ?? null,
    city_name: (row.cityName as string | null) ?? null,
    sub_city_id: (row.subCityId as number | null) ?? null,
    sub_city_name: (row.subCityName as string | null) ?? null,
    item_count: Number(row.itemCount),
    subtotal: Number(row.subtotal),
    status: row.status as IncompleteCheckoutView['status'],
    last_outcome: (row.lastOutcome as IncompleteCheckoutView['last_outcome']) ?? null,
    call_count: Number(row.callCount),
    last_called_at: iso(row.lastCalledAt),
    order_id: (row.orderId as number | null) ?? null,
    order_number: (row.orderNumber as string | null) ?? null,
    converted_by: row.status !== 'converted' ? null : row.convertedBy ? 'staff' : 'shopper',
    created_at: iso(row.createdAt) as string,
    updated_at: iso(row.updatedAt) as string,
  };
}

/** List rows of these ids, in the order given. */
export async function incompleteViews({ db }: Ctx, ids: number[]): Promise<IncompleteCheckoutView[]> {
  if (ids.length === 0) return [];
  const rows = await db.select(incompleteViewColumns).from(incompleteCheckouts).where(inArray(incompleteCheckouts.id, ids));
  const resellerIds = [...new Set(rows.flatMap((row) => (row.resellerId ? [row.resellerId] : [])))];
  const names = resellerIds.length > 0 ? await shopNames(db, resellerIds) : new Map<number, string>();
  const byId = new Map(rows.map((row) => [row.id, viewOf(row, names)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

async function findDraft(db: Db, id: number): Promise<Row> {
  const [row] = await db.select().from(incompleteCheckouts).where(eq(incompleteCheckouts.id, id));
  if (!row) throw notFound('The incomplete checkout');
  return row;
}

/** `GET /api/admin/incomplete-checkouts/:id`: the row, what was typed, the cart's lines and every call. */
export async function incompleteDetail(ctx: Ctx, id: number): Promise<IncompleteCheckoutDetail> {
  const row = await findDraft(ctx.db, id);
  const [view] = await incompleteViews(ctx, [id]);
  if (!view) throw notFound('The incomplete checkout');
  const calls = await ctx.db
    .select()
    .from(incompleteCheckoutCalls)
    .where(eq(incompleteCheckoutCalls.checkoutId, id))
    .orderBy(asc(incompleteCheckoutCalls.calledAt), asc(incompleteCheckoutCalls.id));
  return {
    ...view,
    note: row.note,
    coupon: row.coupon,
    lines: row.lines,
    calls: calls.map(
      (call): IncompleteCall => ({
        id: call.id,
        outcome: call.outcome,
        note: call.note,
        admin_name: call.adminName,
        called_at: call.calledAt.toISOString(),
      }),
    ),
  };
}

/**
 * `POST /api/admin/incomplete-checkouts/:id/calls`: one call back, its outcome and note, by whoever is
 * signed in. The row's latest outcome and call count move in the same statement as the call is written.
 */
export async function logIncompleteCall(ctx: Ctx, id: number, body: unknown): Promise<IncompleteCheckoutDetail> {
  const input = incompleteCallInput.parse(body);
  await inTransaction(ctx, async (txCtx) => {
    const { db: tx, now } = txCtx;
    const [updated] = await tx
      .update(incompleteCheckouts)
      .set({ lastOutcome: input.outcome, lastCalledAt: now, callCount: sql`${incompleteCheckouts.callCount} + 1`, updatedAt: now })
      .where(eq(incompleteCheckouts.id, id))
      .returning({ id: incompleteCheckouts.id });
    if (!updated) throw notFound('The incomplete checkout');
    await tx.insert(incompleteCheckoutCalls).values({
      checkoutId: id,
      outcome: input.outcome,
      note: input.note,
      adminId: adminIdOf(txCtx),
      adminName: txCtx.actor.name,
      calledAt: now,
    });
    await recordAudit(txCtx, {
      action: 'call',
      entity: ENTITY,
      entityId: id,
      changes: {
        outcome: { before: null, after: CALL_OUTCOME_LABELS[input.outcome] },
        ...(input.note ? { note: { before: null, after: input.note } } : {}),
      },
    });
  });
  return incompleteDetail(ctx, id);
}

/** Checks a city and area chosen by staff: both exist and the area is the city's. */
async function checkPlace(db: Db, cityId: number | null, subCityId: number | null) {
  if (cityId && !(await cityExists(db, cityId))) throw invalid('city_id', 'Choose a city');
  if (subCityId && (!cityId || !(await subCityIsIn(db, subCityId, cityId))))
    throw invalid('sub_city_id', 'Choose an area of the chosen city.');
}

/** `PUT /api/admin/incomplete-checkouts/:id`: who and where, as the call corrected them. */
export async function updateIncompleteCustomer(ctx: Ctx, id: number, body: unknown): Promise<IncompleteCheckoutDetail> {
  const input = incompleteCustomerInput.parse(body);
  await checkPlace(ctx.db, input.city_id, input.sub_city_id);
  await inTransaction(ctx, async (txCtx) => {
    const [before] = await txCtx.db.select().from(incompleteCheckouts).where(eq(incompleteCheckouts.id, id)).for('update');
    if (!before) throw notFound('The incomplete checkout');
    if (before.status === 'converted') throw new HttpError(409, 'This incomplete checkout is an order already; change the order instead.');
    const after = {
      name: input.name,
      phone: input.phone,
      address: input.address,
      cityId: input.city_id,
      subCityId: input.sub_city_id,
      note: input.note,
    };
    await txCtx.db
      .update(incompleteCheckouts)
      .set({ ...after, updatedAt: txCtx.now })
      .where(eq(incompleteCheckouts.id, id));
    const changes = Object.fromEntries(
      Object.entries(after)
        .filter(([key, value]) => before[key as keyof typeof after] !== value)
        .map(([key, value]) => [key, { before: before[key as keyof typeof after], after: value }]),
    );
    if (Object.keys(changes).length > 0) await recordAudit(txCtx, { action: 'update', entity: ENTITY, entityId: id, changes });
  });
  return incompleteDetail(ctx, id);
}

/** `POST /api/admin/incomplete-checkouts/:id/status`: set aside (dismissed) or open again; an order stays an order. */
export async function setIncompleteStatus(ctx: Ctx, id: number, body: unknown): Promise<IncompleteCheckoutDetail> {
  const { status } = incompleteStatusInput.parse(body);
  await inTransaction(ctx, async (txCtx) => {
    const [before] = await txCtx.db.select().from(incompleteCheckouts).where(eq(incompleteCheckouts.id, id)).for('update');
    if (!before) throw notFound('The incomplete checkout');
    if (before.status === 'converted') throw new HttpError(409, 'This incomplete checkout is an order already.');
    if (before.status === status) return;
    if (status === 'open' && before.cartId) {
      // The cart may have a newer open draft: one open draft per cart.
      const [other] = await txCtx.db
        .select({ id: incompleteCheckouts.id })
        .from(incompleteCheckouts)
        .where(and(eq(incompleteCheckouts.cartId, before.cartId), eq(incompleteCheckouts.status, 'open'), ne(incompleteCheckouts.id, id)));
      if (other)
        throw new HttpError(409, `The shopper has a newer incomplete checkout (#${other.id}) for the same cart; work on that one.`);
    }
    await txCtx.db.update(incompleteCheckouts).set({ status, updatedAt: txCtx.now }).where(eq(incompleteCheckouts.id, id));
    await recordAudit(txCtx, {
      action: 'status.change',
      entity: ENTITY,
      entityId: id,
      changes: { status: { before: before.status, after: status } },
    });
  });
  return incompleteDetail(ctx, id);
}

/** Thrown inside a conversion's transaction when the draft is an order already: the answer is that order. */
class AlreadyConverted extends Error {}

/** A reseller shop's draft to place as the shop's order, with the details the call confirmed. */
export interface ShopDraftOrder {
  resellerId: number;
  customerId: number | null;
  customer: { name: string; phone: string; address: string; cityId: number; subCityId: number };
  lines: { variant_id: number; quantity: number }[];
  coupon: string | null;
  note: string;
  idempotency: { scope: string; key: string };
}
/**
 * Places a shop draft's order by the shop's checkout rules (the resellers module's placeShopDraftOrder,
 * handed over at start-up in app.ts: the resellers module uses this one, so this one cannot import it).
 */
export type ShopDraftPlacer = (ctx: Ctx, order: ShopDraftOrder, hooks: PlaceOrderContext) => Promise<PlacedOrder>;
let placeShopDraft: ShopDraftPlacer | null = null;
export function placeShopDraftsWith(placer: ShopDraftPlacer): void {
  placeShopDraft = placer;
}

/**
 * `POST /api/admin/incomplete-checkouts/:id/convert`: the draft's lines become a pending website order
 * through placeOrder, with the details the call confirmed, the same prices, delivery charge and coupon
 * rules as the checkout, and the stock reserved. Idempotent twice over: the draft's row is locked first
 * inside the order's transaction (after its cart's, as the checkout locks them), so a second click
 * waits and then finds it converted; and the order carries the idempotency key of the draft, so even
 * a placement that got past the lock answers the first order. Out-of-stock lines answer 422.
 */
export async function convertIncomplete(ctx: Ctx, id: number, body: unknown): Promise<IncompleteConverted> {
  const input = incompleteConvertInput.parse(body);
  const draft = await findDraft(ctx.db, id);
  if (draft.status === 'converted' && draft.orderId) return converted(ctx.db, id, false);
  if (draft.status === 'dismissed') throw new HttpError(409, 'This incomplete checkout was dismissed; open it again to convert it.');
  await checkPlace(ctx.db, input.city_id, input.sub_city_id);
  const corrected = {
    name: input.name,
    phone: input.phone,
    address: input.address,
    cityId: input.city_id,
    subCityId: input.sub_city_id,
    note: input.note,
  };
  // Both channels lock the draft first in the order's transaction and close it with the order.
  const hooks: PlaceOrderContext = {
    async prepare(tx) {
      if (draft.cartId) await lockCart(tx, draft.cartId, ctx.now);
      const [locked] = await tx
        .select({ status: incompleteCheckouts.status, orderId: incompleteCheckouts.orderId })
        .from(incompleteCheckouts)
        .where(eq(incompleteCheckouts.id, id))
        .for('update');
      if (!locked) throw notFound('The incomplete checkout');
      if (locked.status === 'converted' && locked.orderId) throw new AlreadyConverted('converted already');
      if (locked.status === 'dismissed') throw new HttpError(409, 'This incomplete checkout was dismissed; open it again to convert it.');
      return [];
    },
    async placed(tx, order) {
      await tx
        .update(incompleteCheckouts)
        .set({
          ...corrected,
          status: 'converted',
          orderId: order.id,
          convertedBy: adminIdOf(ctx),
          convertedAt: ctx.now,
          updatedAt: ctx.now,
        })
        .where(eq(incompleteCheckouts.id, id));
      // The shopper's cart held these: the order is made of them now.
      if (draft.cartId) {
        await removeOrderedLines(
          tx,
          draft.cartId,
          order.lines.map((line) => line.variantId),
        );
      }
      await recordAudit(
        { ...ctx, db: tx },
        {
          action: 'convert',
          entity: ENTITY,
          entityId: id,
          changes: { status: { before: 'open', after: 'converted' }, order: { before: null, after: order.number } },
        },
      );
    },
  };
  const idempotency = { scope: IDEMPOTENCY_SCOPE, key: String(id) };
  let placed: PlacedOrder;
  try {
    if (draft.resellerId) {
      if (!placeShopDraft) throw new Error('no placer of reseller shop drafts was wired (app.ts)');
      const { cityId, subCityId } = corrected;
      placed = await placeShopDraft(
        ctx,
        {
          resellerId: draft.resellerId,
          customerId: draft.customerId,
          customer: { ...corrected, cityId: cityId as number, subCityId: subCityId as number },
          lines: draft.lines.map((line) => ({ variant_id: line.variant_id, quantity: line.quantity })),
          coupon: draft.coupon,
          note: input.note,
          idempotency,
        },
        hooks,
      );
    } else {
      placed = await placeOrder(
        ctx,
        {
          type: 'website',
          customer: { id: draft.customerId, ...corrected },
          lines: draft.lines.map((line, index) => ({
            variantId: line.variant_id,
            quantity: line.quantity,
            field: `lines.${index}.quantity`,
          })),
          couponCode: draft.coupon,
          couponChannel: 'website',
          paymentMethod: 'cod',
          note: input.note,
          source: 'website',
          publishedOnly: true,
          idempotency,
        },
        hooks,
      );
    }
  } catch (error) {
    if (error instanceof AlreadyConverted) return converted(ctx.db, id, false);
    throw error;
  }
  return converted(ctx.db, id, placed.created);
}

/** The answer of a conversion, from the draft's order as committed. */
async function converted(db: Db, id: number, created: boolean): Promise<IncompleteConverted> {
  const [row] = await db
    .select({ orderId: incompleteCheckouts.orderId, number: orderNumberSql(incompleteCheckouts.orderId) })
    .from(incompleteCheckouts)
    .where(eq(incompleteCheckouts.id, id));
  const number = row?.number ?? '';
  return {
    order_id: row?.orderId ?? 0,
    order_number: number,
    created,
    message: created ? `Order ${number} was placed.` : `This incomplete checkout is order ${number} already.`,
  };
}

// ---- Purge and the dashboard -------------------------------------------------------------------

/**
 * Removes the drafts nobody converted whose last change is older than the setting's days (a batch at
 * a time, so one run never holds a long lock). Converted ones stay beside their orders.
 */
export async function purgeIncompleteCheckouts(ctx: Ctx): Promise<{ removed: number }> {
  const { keep_days: days } = await readSetting(ctx.db, SETTING_GROUPS.incomplete);
  const cutoff = new Date(ctx.now.getTime() - days * 24 * HOUR_MS);
  let removed = 0;
  for (;;) {
    const batch = ctx.db
      .select({ id: incompleteCheckouts.id })
      .from(incompleteCheckouts)
      .where(and(ne(incompleteCheckouts.status, 'converted'), lt(incompleteCheckouts.updatedAt, cutoff)))
      .limit(1000);
    const gone = await ctx.db
      .delete(incompleteCheckouts)
      .where(inArray(incompleteCheckouts.id, batch))
      .returning({ id: incompleteCheckouts.id });
    removed += gone.length;
    if (gone.length < 1000) return { removed };
  }
}

/** How many incomplete checkouts wait for a call back. */
export async function openIncompleteCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(incompleteCheckouts).where(eq(incompleteCheckouts.status, 'open'));
  return row?.n ?? 0;
}
