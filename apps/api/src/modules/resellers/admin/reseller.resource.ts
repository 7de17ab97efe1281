import { randomInt } from 'node:crypto';
import { RESELLER_STATUS_LABELS, type ResellerStatus, type resellerAdminInput, resellerDescriptor, slugify } from '@haat/contracts';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Ctx } from '../../../context';
import type { Db } from '../../../db/client';
import { invalid } from '../../../http/errors';
import { createResource } from '../../../http/resource';
import { hashPassword } from '../../../lib/password';
import { deleteSessionsOf } from '../../auth';
import { orderCountsByReseller } from '../../orders';
import { balanceEffect } from '../money/ledger.service';
import { resellerLedger, resellerWithdrawals } from '../money/money.table';
import { resellers } from '../reseller.table';

type Row = Record<string, unknown>;

/** A slug no other reseller has: the wanted one, or the shop name's / name's with a number. */
async function freeSlug(db: Db, wanted: string, exceptId: number | null): Promise<string> {
  const base = wanted || 'reseller';
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const candidate = attempt === 0 ? base : `${base}-${attempt + 1}`;
    const [taken] = await db
      .select({ id: resellers.id })
      .from(resellers)
      .where(and(eq(resellers.slug, candidate), exceptId ? ne(resellers.id, exceptId) : undefined))
      .limit(1);
    if (!taken) return candidate;
  }
  return `${base}-${randomInt(1000, 9999)}`;
}

/** A referral code people can read out: the first name's letters and two digits, unused. */
async function newReferralCode(db: Db, name: string): Promise<string> {
  const letters =
    name
      .toUpperCase()
      .replace(/[^A-Z]/g, '')
      .slice(0, 6) || 'SHOP';
  for (;;) {
    const code = `${letters}${randomInt(10, 1000)}`;
    const [taken] = await db.select({ id: resellers.id }).from(resellers).where(eq(resellers.referralCode, code)).limit(1);
    if (!taken) return code;
  }
}

/** Runs in the bulk action's transaction (the machinery audits each changed row). */
async function setStatus({ db, now }: Ctx, ids: number[], status: ResellerStatus) {
  const rows = await db.update(resellers).set({ status, updatedAt: now }).where(inArray(resellers.id, ids)).returning({ id: resellers.id });
  // A suspended reseller's sessions end at once.
  if (status === 'suspended') for (const row of rows) await deleteSessionsOf(db, 'reseller', row.id);
  const done = rows.map((row) => row.id);
  return { done, refused: ids.filter((id) => !done.includes(id)).map((id) => ({ id, message: 'The reseller was not found.' })) };
}

/**
 * `/admin/manage/reseller`, `/admin/add/reseller`, `/admin/edit/reseller/{id}`: the shop's
 * resellers with their orders and available balance; approve (active) or suspend, alone or in bulk.
 */
export const resellerResource = createResource(resellerDescriptor, {
  table: resellers,
  id: resellers.id,
  search: [resellers.name, resellers.phone, resellers.email, resellers.shopName, resellers.referralCode],
  sort: {
    id: resellers.id,
    name: resellers.name,
    shop_name: resellers.shopName,
    created_at: resellers.createdAt,
    status: resellers.status,
  },
  filters: { status: { column: resellers.status } },
  unique: [
    { column: resellers.phone, field: 'phone', message: 'Another reseller already uses this phone number.' },
    { column: resellers.email, field: 'email', message: 'Another reseller already uses this email address.' },
    { column: resellers.customHost, field: 'custom_host', message: 'Another reseller’s shop already uses this host name.' },
  ],
  usedBy: [
    { label: 'orders', count: async ({ db }, id) => (await orderCountsByReseller(db, [id])).get(id) ?? 0 },
    { table: resellerWithdrawals, column: resellerWithdrawals.resellerId, label: 'withdraw requests' },
    { table: resellerLedger, column: resellerLedger.resellerId, label: 'cashbook entries' },
  ],
  bulkActions: {
    actions: ['approve', 'suspend'],
    run: (ctx, action, ids) => setStatus(ctx, ids, action === 'approve' ? 'active' : 'suspended'),
  },
  async toValues({ db }, input: z.output<typeof resellerAdminInput>, existing) {
    if (!existing && !input.password) throw invalid('password', 'Give the new reseller a password of at least 8 characters.');
    const existingId = existing ? Number(existing.id) : null;
    const wantedSlug = input.slug || slugify(input.shop_name || input.name);
    if (input.slug) {
      const [taken] = await db
        .select({ id: resellers.id })
        .from(resellers)
        .where(and(eq(resellers.slug, input.slug), existingId ? ne(resellers.id, existingId) : undefined))
        .limit(1);
      if (taken) throw invalid('slug', 'Another reseller already uses this shop address.');
    }
    return {
      name: input.name,
      phone: input.phone,
      email: input.email,
      shopName: input.shop_name,
      slug: input.slug || (existing ? String(existing.slug) : await freeSlug(db, wantedSlug, null)),
      status: input.status,
      smsQuota: input.sms_quota,
      customHost: input.custom_host,
      ...(existing ? {} : { referralCode: await newReferralCode(db, input.name) }),
      ...(input.password ? { passwordHash: await hashPassword(input.password) } : {}),
    };
  },
  async afterSave(ctx, { row, input, existing }) {
    const tx = ctx.db;
    // Suspended, or given a new password: their sessions end at once.
    if (existing && (input.status === 'suspended' || input.password)) await deleteSessionsOf(tx, 'reseller', Number(row.id));
  },
  async toViews({ db }, rows) {
    const ids = rows.map((row) => Number(row.id));
    const orderCounts = await orderCountsByReseller(db, ids);
    const balances = ids.length
      ? await db
          .select({ resellerId: resellerLedger.resellerId, available: sql<string>`sum(${balanceEffect})` })
          .from(resellerLedger)
          .where(inArray(resellerLedger.resellerId, ids))
          .groupBy(resellerLedger.resellerId)
      : [];
    const referrers = rows.map((row) => row.referredBy).filter((id): id is number => typeof id === 'number');
    const referrerNames = referrers.length
      ? await db.select({ id: resellers.id, name: resellers.name }).from(resellers).where(inArray(resellers.id, referrers))
      : [];
    return rows.map((row: Row) => {
      const status = row.status as ResellerStatus;
      return {
        id: row.id,
        name: row.name,
        phone: row.phone,
        email: row.email ?? '',
        shop_name: row.shopName,
        slug: row.slug,
        referral_code: row.referralCode,
        referred_by: referrerNames.find((each) => each.id === row.referredBy)?.name ?? null,
        status,
        status_label: RESELLER_STATUS_LABELS[status],
        sms_quota: row.smsQuota ?? null,
        custom_host: row.customHost ?? '',
        orders_count: orderCounts.get(Number(row.id)) ?? 0,
        available_balance: Number(balances.find((each) => each.resellerId === row.id)?.available ?? 0),
        created_at: row.createdAt,
      };
    });
  },
});
