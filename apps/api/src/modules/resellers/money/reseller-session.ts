import type { PersonView } from '@haat/contracts';
import type { FastifyRequest } from 'fastify';
import { currentSession } from '../../../http/auth';
import { unauthorized } from '../../../http/errors';
import { resellerAccounts } from '../index';

/**
 * The signed-in reseller of a `/api/reseller/*` call, or 401. A suspended reseller has no session
 * (resellerAccounts loads only active ones), so every call of theirs is refused at once.
 */
export async function signedInReseller(request: FastifyRequest): Promise<PersonView> {
  const current = await currentSession(request, resellerAccounts);
  if (!current) throw unauthorized('Your reseller session has expired. Please sign in again.');
  return current.account;
}
