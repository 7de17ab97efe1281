import type { DashboardCard, DashboardChart, DashboardView, Permission } from '@haat/contracts';
import { hasPermission } from '@haat/contracts';
import { sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type Db, rowsOf } from '../../db/client';

export interface DashboardScope {
  db: Db;
  timeZone: string;
  /** The request's time: "today" and "this month" are the shop's, at this moment. */
  now: Date;
}

/**
 * A figure may be for other people than its module's: money (sales, profit, stock at cost) is for those
 * who may read the report that shows it, whether or not they handle orders or products (an accountant
 * holds the reports but not `order.view`), and not for everyone who handles them. A figure naming a
 * permission is shown to the holders of that permission, instead of to the holders of its module's.
 */
export type Guarded<Figure> = Figure & { permission?: Permission };

/**
 * What one module adds to the dashboard: its figures are for the admins holding `permission`, each
 * figure naming its own for the holders of that one instead. The permissions its figures name are listed
 * in `figurePermissions`, so the module's figures are counted for their holders (and for no one else).
 */
export interface DashboardContribution {
  permission: Permission;
  figurePermissions?: readonly Permission[];
  cards?: (scope: DashboardScope) => Promise<Guarded<DashboardCard>[]>;
  charts?: (scope: DashboardScope) => Promise<Guarded<DashboardChart>[]>;
}

/** The figures someone holding `granted` may see, without the permission they were checked against. */
function allowed<Figure>(granted: readonly string[], figures: Guarded<Figure>[], permission: Permission): Figure[] {
  return figures
    .filter((figure) => hasPermission(granted, figure.permission ?? permission))
    .map(({ permission: _permission, ...figure }) => figure as Figure);
}

export async function buildDashboard(
  scope: DashboardScope,
  granted: readonly string[],
  contributions: readonly DashboardContribution[],
): Promise<DashboardView> {
  const visible = contributions.filter((contribution) =>
    [contribution.permission, ...(contribution.figurePermissions ?? [])].some((permission) => hasPermission(granted, permission)),
  );
  const [cards, charts] = await Promise.all([
    Promise.all(visible.map(async (contribution) => allowed(granted, (await contribution.cards?.(scope)) ?? [], contribution.permission))),
    Promise.all(visible.map(async (contribution) => allowed(granted, (await contribution.charts?.(scope)) ?? [], contribution.permission))),
  ]);
  return { cards: cards.flat(), charts: charts.flat() };
}

/** Rows created per day over the last `days` days, in the shop's time zone, zero-filled. */
export async function dailyCounts(
  scope: DashboardScope,
  table: PgTable,
  createdAt: PgColumn,
  days = 30,
): Promise<{ date: string; value: number }[]> {
  const zone = scope.timeZone;
  const result = await scope.db.execute<{ date: string; value: number }>(sql`
    with days as (
      select generate_series((now() at time zone ${zone})::date - ${days - 1}::int, (now() at time zone ${zone})::date, interval '1 day')::date as day
    ),
    counts as (
      select (${createdAt} at time zone ${zone})::date as day, count(*)::int as n
      from ${table}
      where ${createdAt} >= now() - make_interval(days => ${days + 1}::int)
      group by 1
    )
    select to_char(days.day, 'YYYY-MM-DD') as date, coalesce(counts.n, 0)::int as value
    from days left join counts on counts.day = days.day
    order by days.day`);
  return rowsOf<{ date: string; value: number }>(result).map((row) => ({ date: row.date, value: Number(row.value) }));
}
