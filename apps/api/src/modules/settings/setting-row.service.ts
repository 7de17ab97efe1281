import { eq, sql } from 'drizzle-orm';
import { adminIdOf, type Ctx } from '../../context';
import { settings } from './setting.table';

/**
 * A settings row another module keeps under a key of its own (not a group of SETTING_GROUPS), as
 * plain JSON: the owner reads, checks and seals its values itself.
 */

/** The row's value, or null when there is no row. */
export async function readSettingRow({ db }: Ctx, key: string): Promise<unknown> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  return row?.value ?? null;
}

/**
 * The row's value with the row locked `FOR UPDATE` in the ctx's transaction; the row is made
 * (value `{}`) first when missing, so two first saves wait for each other.
 */
export async function lockSettingRow({ db }: Ctx, key: string): Promise<unknown> {
  await db.insert(settings).values({ key, value: {} }).onConflictDoNothing();
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key)).for('update');
  return row?.value ?? null;
}

/** Merges `entries` into the row's JSON object (top-level keys replaced), by the ctx's admin at its time. */
export async function mergeIntoSettingRow(ctx: Ctx, key: string, entries: Record<string, unknown>): Promise<void> {
  await ctx.db
    .update(settings)
    .set({
      value: sql`${settings.value} || ${JSON.stringify(entries)}::jsonb`,
      updatedBy: adminIdOf(ctx),
      updatedAt: ctx.now,
    })
    .where(eq(settings.key, key));
}
