import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors';

/**
 * One check of every request's path parameters, query and JSON body before any route sees them
 * (docs/decisions/025-input-checked-at-the-edge.md): text that PostgreSQL cannot store or that no
 * person types (a NUL character, half of a UTF-16 surrogate pair), numbers JSON can spell but no
 * column holds (1e309 is Infinity), object keys that reach the prototype (`__proto__`,
 * `constructor`, `prototype`) and bodies nested deeper than any form. Each is refused with 422
 * `{message, errors}` naming the field, so a route added tomorrow is covered without doing anything.
 * What a value means (an id's range, a quantity's limit) stays with the route's contract.
 */

/** Deeper than any form or import the API takes (an order's items' options are 3 deep). */
export const MAX_INPUT_DEPTH = 16;

const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** A lone surrogate: a high one not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What is wrong with a text, or null. */
export function textProblem(text: string): string | null {
  if (text.includes('\u0000')) return 'Remove the NUL character (\\0); it cannot be stored.';
  if (LONE_SURROGATE.test(text)) return 'Remove the broken character (half of a surrogate pair).';
  return null;
}

/** The first problem in a parsed value and where it is (`items.0.name`), or null. */
export function inputProblem(value: unknown, path: string[] = []): { field: string; message: string } | null {
  const at = (message: string, where = path) => ({ field: where.length ? where.join('.') : '_', message });
  // An explicit stack, so a body nested thousands deep is refused, not a stack overflow.
  const stack: { value: unknown; path: string[] }[] = [{ value, path }];
  while (stack.length) {
    const { value: current, path: where } = stack.pop() as { value: unknown; path: string[] };
    if (typeof current === 'string') {
      const problem = textProblem(current);
      if (problem) return at(problem, where);
    } else if (typeof current === 'number') {
      if (!Number.isFinite(current)) return at('Enter a finite number.', where);
    } else if (current && typeof current === 'object') {
      if (where.length - path.length >= MAX_INPUT_DEPTH) return at('This is nested too deeply.', where);
      for (const key of Object.keys(current)) {
        const keyProblem = PROTOTYPE_KEYS.has(key) ? `"${key}" is not a field.` : textProblem(key);
        if (keyProblem) return at(keyProblem, [...where, key]);
        stack.push({ value: (current as Record<string, unknown>)[key], path: [...where, key] });
      }
    }
  }
  return null;
}

/**
 * `record[key]` for a key a request chose (a sort, a filter): own keys only, so `__proto__` or
 * `constructor` never finds Object's members. Every allow-list looked up by request input uses this.
 */
export function ownValue<T>(record: Readonly<Record<string, T>> | undefined, key: string): T | undefined {
  return record && Object.hasOwn(record, key) ? record[key] : undefined;
}

/** Query keys arrive flat (`filter[status]`): the names inside brackets count as keys too. */
function queryKeyProblem(key: string): string | null {
  for (const part of key.split(/[[\]]/)) if (PROTOTYPE_KEYS.has(part)) return `"${part}" is not a field.`;
  return textProblem(key);
}

function check(request: FastifyRequest): void {
  for (const [key, value] of Object.entries((request.params ?? {}) as Record<string, unknown>)) {
    const problem = inputProblem(value, [key]);
    if (problem) throw refused(problem);
  }
  for (const [key, value] of Object.entries((request.query ?? {}) as Record<string, unknown>)) {
    const keyProblem = queryKeyProblem(key);
    if (keyProblem) throw refused({ field: key, message: keyProblem });
    const problem = inputProblem(value, [key]);
    if (problem) throw refused(problem);
  }
  const problem = inputProblem(request.body);
  if (problem) throw refused(problem);
}

function refused({ field, message }: { field: string; message: string }): HttpError {
  return new HttpError(422, field === '_' ? message : `${field}: ${message}`, { [field]: [message] });
}

/** The routes an app has, as registered, for tests that walk them all (malformed-input.test.ts). */
const routeTables = new WeakMap<FastifyInstance, { method: string; url: string }[]>();

export function routesOf(app: FastifyInstance): readonly { method: string; url: string }[] {
  return routeTables.get(app) ?? [];
}

/** Call before any route is registered. */
export function registerInputChecks(app: FastifyInstance): void {
  const table: { method: string; url: string }[] = [];
  routeTables.set(app, table);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') table.push({ method, url: route.url });
  });
  app.addHook('preValidation', async (request) => check(request));
}
