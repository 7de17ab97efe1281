import { and, count, eq, gt } from 'drizzle-orm';
import type { Ctx } from '../../context';
import { HttpError } from '../../http/errors';
import { loginFailures } from './session.table';

/**
 * Five wrong passwords for one account within fifteen minutes: the sixth attempt is refused.
 * One address may fail more often (an office or a mobile carrier puts many people behind one),
 * but twenty failures from it within the window stop guessing across accounts.
 */
export const LOGIN_LIMIT = { perAccount: 5, perAddress: 20, windowMs: 15 * 60_000 } as const;

/** Refuses a sign-in from the context's address when it or the account failed too often. */
export async function assertLoginAllowed({ db, ip: address, now }: Ctx, accountKey: string): Promise<void> {
  const ip = address ?? '';
  const since = new Date(now.getTime() - LOGIN_LIMIT.windowMs);
  const [byAccount] = await db
    .select({ n: count() })
    .from(loginFailures)
    .where(and(eq(loginFailures.accountKey, accountKey), gt(loginFailures.at, since)));
  const [byAddress] = await db
    .select({ n: count() })
    .from(loginFailures)
    .where(and(eq(loginFailures.ip, ip), gt(loginFailures.at, since)));
  if ((byAccount?.n ?? 0) >= LOGIN_LIMIT.perAccount || (byAddress?.n ?? 0) >= LOGIN_LIMIT.perAddress) {
    throw new HttpError(429, 'Too many failed sign-in attempts. Please wait 15 minutes and try again.');
  }
}

export async function recordLoginFailure({ db, ip, now }: Ctx, accountKey: string): Promise<void> {
  await db.insert(loginFailures).values({ accountKey, ip: ip ?? '', at: now });
}

export async function clearLoginFailures({ db }: Ctx, accountKey: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.accountKey, accountKey));
}
