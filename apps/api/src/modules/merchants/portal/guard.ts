import type { PersonView } from '@haat/contracts';
import type { FastifyRequest } from 'fastify';
import { type Authenticated, currentSession } from '../../../http/auth';
import { unauthorized } from '../../../http/errors';
import { setActor } from '../../../http/request-context';
import { merchantAccounts } from '../merchant-accounts';

/** The signed-in merchant of a portal call; 401 without a live session (a suspended merchant has none). */
export async function requireMerchant(request: FastifyRequest): Promise<Authenticated<PersonView>> {
  const current = await currentSession(request, merchantAccounts);
  if (!current) throw unauthorized('Your merchant session has expired. Please sign in again.');
  setActor(request, { kind: 'merchant', id: current.account.id, name: current.account.name });
  return current;
}
