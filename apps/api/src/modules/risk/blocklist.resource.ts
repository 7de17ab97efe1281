import { blocklistDescriptor, fraudRefusalDescriptor } from '@haat/contracts';
import { and, eq, gt, isNotNull, isNull, lte, ne, or } from 'drizzle-orm';
import { adminIdOf } from '../../context';
import { invalid } from '../../http/errors';
import { createResource, snakeRow } from '../../http/resource';
import { adminNames } from '../staff';
import { blocklistEntries, fraudRefusals } from './risk.table';

/** `/admin/blocklist`: phones and IP addresses refused at checkout until their expiry (decision 055). */
export const blocklistResource = createResource(blocklistDescriptor, {
  table: blocklistEntries,
  id: blocklistEntries.id,
  search: [blocklistEntries.value, blocklistEntries.reason],
  sort: {
    id: blocklistEntries.id,
    value: blocklistEntries.value,
    expires_at: blocklistEntries.expiresAt,
    created_at: blocklistEntries.createdAt,
  },
  filters: {
    kind: { column: blocklistEntries.kind },
    state: {
      where: (value, ctx) =>
        value === 'active'
          ? or(isNull(blocklistEntries.expiresAt), gt(blocklistEntries.expiresAt, ctx.now))
          : and(isNotNull(blocklistEntries.expiresAt), lte(blocklistEntries.expiresAt, ctx.now)),
    },
  },
  async toValues(ctx, input, existing) {
    const [taken] = await ctx.db
      .select({ id: blocklistEntries.id })
      .from(blocklistEntries)
      .where(
        and(
          eq(blocklistEntries.kind, input.kind),
          eq(blocklistEntries.value, input.value),
          ne(blocklistEntries.id, existing ? Number(existing.id) : 0),
        ),
      )
      .limit(1);
    if (taken) throw invalid('value', 'This is on the blocklist already: edit its entry.');
    return {
      kind: input.kind,
      value: input.value,
      reason: input.reason,
      expiresAt: input.expires_at ? new Date(input.expires_at) : null,
      ...(existing ? {} : { createdBy: adminIdOf(ctx) }),
    };
  },
  async toViews(ctx, rows) {
    const names = await adminNames(
      ctx.db,
      rows.map((row) => (row.createdBy as number | null) ?? null),
    );
    return rows.map((row) => {
      const expiresAt = row.expiresAt as Date | null;
      const { created_by: _, ...view } = snakeRow(row);
      return {
        ...view,
        active: !expiresAt || expiresAt > ctx.now,
        created_by_name: names.get(row.createdBy as number) ?? null,
      };
    });
  },
});

/** `/admin/fraud/log`: the refused checkouts, newest first; read-only. */
export const fraudRefusalResource = createResource(fraudRefusalDescriptor, {
  table: fraudRefusals,
  id: fraudRefusals.id,
  search: [fraudRefusals.phone, fraudRefusals.ip],
  sort: { id: fraudRefusals.id, at: fraudRefusals.at },
  filters: { reason: { column: fraudRefusals.reason }, channel: { column: fraudRefusals.channel } },
  toValues() {
    throw new Error('Refusals are written by the checkout guard');
  },
});
