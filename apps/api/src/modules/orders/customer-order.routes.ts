import { productReviewByCustomerInput } from '@haat/contracts';
import type { FastifyInstance } from 'fastify';
import { HttpError, notFound, pathId } from '../../http/errors';
import { requestCtx } from '../../http/request-context';
import { createProductReview } from '../content';
import { requireCustomer } from '../customers';
import { awaitingPayUrl, type CheckoutRouteOptions } from './checkout-payment';
import { cancelCustomerOrder, customerOrder, customerOrders } from './customer-order.service';
import { hasReceivedProduct } from './order.service';

type WithId = { Params: { id: string } };

/**
 * The signed-in shopper's orders, and their reviews of what was delivered to them (a review needs a
 * delivered order, which only this module knows). The rest of the shopper's account is the customers
 * module's customerRoutes. An order awaiting its online payment comes with its pay link (`pay_url`, decision 062),
 * made by the app from the payments module (`payUrl`), so the order page can offer "Pay now".
 */
export async function customerOrderRoutes(app: FastifyInstance, { payUrl }: Partial<CheckoutRouteOptions> = {}) {
  app.get('/_public/account/orders', async (request) => {
    const customer = await requireCustomer(request);
    return customerOrders(requestCtx(request), customer.id, request.query as Record<string, unknown>);
  });

  app.get<{ Params: { number: string } }>('/_public/account/orders/:number', async (request) => {
    const customer = await requireCustomer(request);
    if (request.params.number.length > 40) throw notFound('The order');
    const order = await customerOrder(requestCtx(request), customer.id, request.params.number);
    return { order, pay_url: payUrl ? awaitingPayUrl(order, payUrl) : null };
  });

  /** The shopper cancels their own pending order, saying why. */
  app.post<{ Params: { number: string } }>('/_public/account/orders/:number/cancel', async (request) => {
    const customer = await requireCustomer(request);
    if (request.params.number.length > 40) throw notFound('The order');
    const order = await cancelCustomerOrder(requestCtx(request), customer.id, request.params.number, request.body);
    return { order, message: 'Your order is cancelled.' };
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
    const review = await createProductReview(requestCtx(request), { product_id: productId, ...input });
    return reply.status(201).send({
      review: { id: review?.id, product_id: productId, rating: review?.rating, text: review?.text, status: review?.status },
      message: 'Thank you! Your review will appear once the shop approves it.',
    });
  });
}
