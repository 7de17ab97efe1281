import type { PersonView } from '@haat/contracts';
import type { FastifyRequest } from 'fastify';
import { type Authenticated, currentSession } from '../../../http/auth';
import { notFound, unauthorized } from '../../../http/errors';
import { resellerAccounts } from '../index';

/** The signed-in reseller of a portal call; 401 without a live session (a suspended reseller has none). */
export async function requireReseller(request: FastifyRequest): Promise<Authenticated<PersonView>> {
  const current = await currentSession(request, resellerAccounts);
  if (!current) throw unauthorized('Your reseller session has expired. Please sign in again.');
  return current;
}

/** A route's `{id}`: a positive 32-bit integer, else the record is simply not found. */
export function routeId(value: string, what: string): number {
  const id = Number(value);
  if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647) throw notFound(what);
  return id;
}
