import { and, eq, gt, isNull, lte, ne, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';

/**
 * Offers, coupons and campaigns each run between two times and can be switched off: whether one
 * runs, is ahead or is over at a moment is worked out the same way for all of them.
 */
export const WINDOW_STATES = ['running', 'scheduled', 'ended', 'off'] as const;
export type WindowState = (typeof WINDOW_STATES)[number];

export function windowState(row: { status: number; startsAt: Date | null; endsAt: Date | null }, now: Date = new Date()): WindowState {
  if (row.status !== 1) return 'off';
  if (row.startsAt && row.startsAt > now) return 'scheduled';
  if (row.endsAt && row.endsAt <= now) return 'ended';
  return 'running';
}

interface WindowColumns {
  status: PgColumn;
  startsAt: PgColumn;
  endsAt: PgColumn;
}

/** The rows in a state at `now` (an empty start or end is open). */
export function windowStateWhere(columns: WindowColumns, state: WindowState, now: Date = new Date()): SQL {
  const { status, startsAt, endsAt } = columns;
  switch (state) {
    case 'off':
      return ne(status, 1);
    case 'scheduled':
      return and(eq(status, 1), gt(startsAt, now)) as SQL;
    case 'ended':
      return and(eq(status, 1), lte(endsAt, now)) as SQL;
    case 'running':
      return and(eq(status, 1), or(isNull(startsAt), lte(startsAt, now)), or(isNull(endsAt), gt(endsAt, now))) as SQL;
  }
}

/** The list filter `filter[state]=running|scheduled|ended|off`, read at the time of the request. */
export function stateFilter(columns: WindowColumns) {
  return { schema: z.enum(WINDOW_STATES), where: (value: unknown) => windowStateWhere(columns, value as WindowState) };
}
