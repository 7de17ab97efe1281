import type { FastifyReply, FastifyRequest } from 'fastify';

/** Work done when a shopper signs in, by a module above this one (the cart joins a guest's cart). */
export type CustomerSignedInListener = (request: FastifyRequest, reply: FastifyReply, customerId: number) => Promise<void>;

const listeners: CustomerSignedInListener[] = [];

/** Registers a listener; the app factory calls this once at start-up. */
export function onCustomerSignedIn(listener: CustomerSignedInListener): void {
  if (!listeners.includes(listener)) listeners.push(listener);
}

/** Called by every way a shopper signs in (login, sign-up, social sign-in), after the session opens. */
export async function customerSignedIn(request: FastifyRequest, reply: FastifyReply, customerId: number): Promise<void> {
  for (const listener of listeners) await listener(request, reply, customerId);
}
