import type { PersonView } from '@haat/contracts';
import type { FastifyRequest } from 'fastify';
import { type Authenticated, currentSession } from '../../../http/auth';
import { unauthorized } from '../../../http/errors';
import { setActor } from '../../../http/request-context';
import { resellerAccounts } from '../index';

/** The signed-in reseller of a portal call; 401 without a live session (a suspended reseller has none). */
export async function requireReseller(request: FastifyRequest): Promise<Authenticated<PersonView>> {
  const current = await currentSession(request, resellerAccounts);
  if (!current) throw unauthorized('Your reseller session has expired. Please sign in again.');
  setActor(request, { kind: 'reseller', id: current.account.id, name: current.account.name });
  return current;
}
