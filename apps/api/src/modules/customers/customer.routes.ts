import { SESSION_STATUS } from '@haat/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { currentSession, signIn } from '../../http/auth';
import { pathId, unauthorized } from '../../http/errors';
import { requestCtx, setActor } from '../../http/request-context';
import {
  customerProfile,
  deleteCustomerAddress,
  listCustomerAddresses,
  registerCustomer,
  saveCustomerAddress,
  updateCustomerProfile,
} from './customer-account.service';
import { requestCustomerPasswordReset, resetCustomerPassword } from './customer-password-reset.service';
import { customerSignedIn } from './customer-sign-in';
import { customerAccounts } from './index';

type WithId = { Params: { id: string } };

/** The signed-in shopper, or 401. */
export async function requireCustomer(request: FastifyRequest) {
  const current = await currentSession(request, customerAccounts);
  if (!current) throw unauthorized('Please sign in first.');
  setActor(request, { kind: 'customer', id: current.account.id, name: current.account.name });
  return current.account;
}

/**
 * The shopper's account: sign-up, profile and saved addresses (their orders and reviews are the orders
 * module's customerOrderRoutes). Everything but sign-up needs the shopper's session (`haat_user`) and
 * sees only their own.
 */
export async function customerRoutes(app: FastifyInstance) {
  app.post('/_public/register', async (request, reply) => {
    const registered = await registerCustomer(requestCtx(request), request.body);
    // The one way a session opens: the same sign-in as the login form, with the new password.
    const { account, publicId } = await signIn(request, reply, customerAccounts, registered.login, registered.password, 'phone');
    await customerSignedIn(request, reply, account.id);
    return reply.status(201).send({ status: SESSION_STATUS.authorized, user: account, token: publicId });
  });

  // A forgotten password, by a code sent to the phone (public; the answers never say whether the phone has an account).
  app.post('/_public/password/forgot', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return requestCustomerPasswordReset(requestCtx(request), request.server.config, reply, request.body);
  });
  app.post('/_public/password/reset', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return resetCustomerPassword(requestCtx(request), reply, request.body);
  });

  app.get('/_public/account/profile', async (request) => {
    await requireCustomer(request);
    return { user: await customerProfile(requestCtx(request)) };
  });

  app.put('/_public/account/profile', async (request) => {
    await requireCustomer(request);
    return { user: await updateCustomerProfile(requestCtx(request), request.body), message: 'Your profile was saved.' };
  });

  app.get('/_public/account/addresses', async (request) => {
    await requireCustomer(request);
    return { addresses: await listCustomerAddresses(requestCtx(request)) };
  });

  app.post('/_public/account/addresses', async (request, reply) => {
    await requireCustomer(request);
    const address = await saveCustomerAddress(requestCtx(request), null, request.body);
    return reply.status(201).send({ address, message: 'The address was saved.' });
  });

  app.put<WithId>('/_public/account/addresses/:id', async (request) => {
    await requireCustomer(request);
    const address = await saveCustomerAddress(requestCtx(request), pathId(request.params.id, 'The address'), request.body);
    return { address, message: 'The address was saved.' };
  });

  app.delete<WithId>('/_public/account/addresses/:id', async (request) => {
    await requireCustomer(request);
    await deleteCustomerAddress(requestCtx(request), pathId(request.params.id, 'The address'));
    return { message: 'The address was removed.' };
  });
}
