import { bigint, timestamp } from 'drizzle-orm/pg-core';

/** Times are stored in UTC (PRODUCT.md §2). */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).defaultNow().notNull();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).defaultNow().notNull();

/** Money is integer paisa (PRODUCT.md §2), a bigint read as a JavaScript number. */
export const money = (name: string) => bigint(name, { mode: 'number' });
