import type { FastifyRequest } from 'fastify';
import type { Actor, Ctx } from '../context';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who acts in this request: set by the guard that let the request in (requireAdmin, requireReseller…). */
    actor: Actor;
  }
}

/** A shopper who has not signed in. */
export const GUEST_ACTOR: Actor = Object.freeze({ kind: 'customer', id: null, name: null });

const contexts = new WeakMap<FastifyRequest, Ctx>();

/**
 * The request's context, built once: the server's database, the actor the guard set (a guest
 * shopper when no guard ran), the request's time and address.
 */
export function requestCtx(request: FastifyRequest): Ctx {
  const actor = request.actor ?? GUEST_ACTOR;
  const known = contexts.get(request);
  if (known && known.actor === actor) return known;
  const ctx: Ctx = { db: request.server.db, actor, now: known?.now ?? new Date(), ip: request.ip ?? null };
  contexts.set(request, ctx);
  return ctx;
}

/** Says who acts in this request (a guard calls it once the person is known). */
export function setActor(request: FastifyRequest, actor: Actor): void {
  request.actor = actor;
}
