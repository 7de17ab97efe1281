import { productReviewByCustomerInput, SESSION_STATUS } from '@haat/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { currentSession, signIn } from '../../http/auth';
import { HttpError, notFound, pathId, unauthorized } from '../../http/errors';
import { requestCtx, setActor } from '../../http/request-context';
import { mergeCartOnSignIn } from '../cart';
import { createProductReview } from '../content';
import { customerOrder, customerOrders, hasReceivedProduct } from '../orders';
import {
  customerProfile,
  deleteCustomerAddress,
  listCustomerAddresses,
  registerCustomer,
  saveCustomerAddress,
  updateCustomerProfile,
} from './customer-account.service';
import { customerAccounts } from './index';

type WithId = { Params: { id: string } };

/** The signed-in shopper, or 401. */
async function requireCustomer(request: FastifyRequest) {
  const current = await currentSession(request, customerAccounts);
  if (!current) throw unauthorized('Please sign in first.');
  setActor(request, { kind: 'customer', id: current.account.id, name: current.account.name });
  return current.account;
}

/**
 * The shopper's account: sign-up, profile, saved addresses, their orders, and reviews of what they
 * received. Everything but sign-up needs the shopper's session (`haat_user`) and sees only their own.
 */
export async function customerRoutes(app: FastifyInstance) {
  app.post('/_public/register', async (request, reply) => {
    const registered = await registerCustomer(request.server.db, request.body);
    // The one way a session opens: the same sign-in as the login form, with the new password.
    const { account, publicId } = await signIn(request, reply, customerAccounts, registered.login, registered.password, 'phone');
    await mergeCartOnSignIn(request, reply, account.id);
    return reply.status(201).send({ status: SESSION_STATUS.authorized, user: account, token: publicId });
  });

  app.get('/_public/account/profile', async (request) => {
    const customer = await requireCustomer(request);
    return { user: await customerProfile(request.server.db, customer.id) };
  });

  app.put('/_public/account/profile', async (request) => {
    const customer = await requireCustomer(request);
    return { user: await updateCustomerProfile(request.server.db, customer.id, request.body), message: 'Your profile was saved.' };
  });

  app.get('/_public/account/addresses', async (request) => {
    const customer = await requireCustomer(request);
    return { addresses: await listCustomerAddresses(request.server.db, customer.id) };
  });

  app.post('/_public/account/addresses', async (request, reply) => {
    const customer = await requireCustomer(request);
    const address = await saveCustomerAddress(request.server.db, customer.id, null, request.body);
    return reply.status(201).send({ address, message: 'The address was saved.' });
  });

  app.put<WithId>('/_public/account/addresses/:id', async (request) => {
    const customer = await requireCustomer(request);
    const address = await saveCustomerAddress(request.server.db, customer.id, pathId(request.params.id, 'The address'), request.body);
    return { address, message: 'The address was saved.' };
  });

  app.delete<WithId>('/_public/account/addresses/:id', async (request) => {
    const customer = await requireCustomer(request);
    await deleteCustomerAddress(request.server.db, customer.id, pathId(request.params.id, 'The address'));
    return { message: 'The address was removed.' };
  });

  app.get('/_public/account/orders', async (request) => {
    const customer = await requireCustomer(request);
    return customerOrders(requestCtx(request), customer.id, request.query as Record<string, unknown>);
  });

  app.get<{ Params: { number: string } }>('/_public/account/orders/:number', async (request) => {
    const customer = await requireCustomer(request);
    if (request.params.number.length > 40) throw notFound('The order');
    return { order: await customerOrder(requestCtx(request), customer.id, request.params.number) };
  });

  /** A review from a customer who received the product; it waits for the shop's approval. */
  app.post<WithId>('/_public/product/:id/reviews', async (request, reply) => {
    const customer = await requireCustomer(request);
    const productId = pathId(request.params.id, 'The product');
    const input = productReviewByCustomerInput.parse(request.body);
    const { db } = request.server;
    if (!(await hasReceivedProduct(db, customer.id, productId))) {
      throw new HttpError(403, 'You can review a product once an order with it has been delivered to you.');
    }
    const review = await createProductReview(db, customer.id, { product_id: productId, ...input });
    return reply.status(201).send({
      review: { id: review?.id, product_id: productId, rating: review?.rating, text: review?.text, status: review?.status },
      message: 'Thank you! Your review will appear once the shop approves it.',
    });
  });
}
