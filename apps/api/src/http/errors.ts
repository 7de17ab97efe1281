import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { type ApiErrorBody, idSchema } from '@haat/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';

/** An error the client caused or must hear about; answered as `{message, errors}`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    /** More the client reads beside `{message, errors}` (an import's row-by-row report). */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const notFound = (what = 'The record') => new HttpError(404, `${what} was not found.`);
export const forbidden = (message = 'You do not have permission to do that.') => new HttpError(403, message);
export const unauthorized = (message = 'Please sign in first.') => new HttpError(401, message);

/**
 * A record's id from the path: a positive integer that fits the id columns (int4), else the record
 * is simply not found (never a database error about an out-of-range number).
 */
export function pathId(raw: string, what = 'The record'): number {
  const id = idSchema.safeParse(raw);
  if (!id.success) throw notFound(what);
  return id.data;
}

/** A field-level validation failure, shaped like a zod failure. */
export function invalid(field: string, message: string): HttpError {
  return new HttpError(422, message, { [field]: [message] });
}

export function zodErrorBody(error: ZodError): ApiErrorBody {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    errors[key] = [...(errors[key] ?? []), issue.message];
  }
  const [firstKey] = Object.keys(errors);
  const first = firstKey ? errors[firstKey]?.[0] : undefined;
  const message = first && firstKey !== '_' ? `${firstKey}: ${first}` : (first ?? 'The data given is invalid.');
  return { message, errors };
}

/** An id a proxy may hand on in `X-Request-Id` that is kept as it is (anything else gets a new one). */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

/**
 * Each request's id: the proxy's `X-Request-Id` when it looks like an id, else a new UUID. The
 * logs (JSON lines, `reqId`), every answer's `X-Request-Id` header and a 500's `request_id` carry
 * it, so a shopper's "something went wrong" can be found in the logs.
 */
export function requestId(raw: IncomingMessage): string {
  const given = raw.headers['x-request-id'];
  return typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : randomUUID();
}

export function registerErrorHandling(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  app.setErrorHandler((error: FastifyError | HttpError | ZodError | Error, request, reply) => {
    if (error instanceof ZodError) {
      return reply.status(422).send(zodErrorBody(error));
    }
    if (error instanceof HttpError) {
      const body: ApiErrorBody & Record<string, unknown> = { ...error.details, message: error.message };
      if (error.errors) body.errors = error.errors;
      return reply.status(error.statusCode).send(body);
    }
    const fastifyError = error as FastifyError;
    const status = fastifyError.statusCode;
    if (status && status >= 400 && status < 500) {
      // Fastify's own refusals: malformed JSON, body too large, unsupported media type…
      return reply.status(status).send({ message: fastifyError.message });
    }
    // The one answer whose cause is only in the logs: its body names the request (docs/decisions/028).
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: 'Something went wrong on our side. Please try again.', request_id: request.id });
  });
}
