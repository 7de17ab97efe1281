import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../http/errors';

/** No cached answer is older than this, whatever else it depends on (view counts, the clock). */
export const MAX_AGE_MS = 60_000;
export const PUBLIC_CACHE_CONTROL = 'public, max-age=0, must-revalidate';

/**
 * How long an answer being computed stays right: at most MAX_AGE_MS, and never past the next moment
 * something it shows changes by itself (a product's discount ending, an offer or campaign starting
 * or ending). Services call `changesAt` with every such moment they read.
 */
export class Freshness {
  until: number;

  constructor(readonly now: Date) {
    this.until = now.getTime() + MAX_AGE_MS;
  }

  changesAt(at: Date | string | number | null | undefined): void {
    if (at === null || at === undefined) return;
    const time = at instanceof Date ? at.getTime() : typeof at === 'number' ? at : Date.parse(at);
    if (Number.isFinite(time) && time > this.now.getTime() && time < this.until) this.until = time;
  }
}

/** What a public answer is computed with: the epoch it was read under, the moment, its freshness. */
export interface AnswerContext {
  epoch: number;
  now: Date;
  freshness: Freshness;
}

export interface Answer {
  status: number;
  /** The body as sent, encoded once: every hit writes these bytes as they are. */
  body: Buffer;
  /** The value before serialisation, for server code that reads it (page heads). */
  value: unknown;
  type: string;
  etag: string;
  epoch: number;
  expiresAt: number;
  /** The body gzipped, made on the first request that accepts it and kept with the answer. */
  gzipped?: Buffer;
}

export interface Computed {
  value: unknown;
  /** Plain text or XML; JSON when left out. */
  type?: string;
  body?: string;
}

type EpochSource = () => number | Promise<number>;

/**
 * Whole public answers (JSON, XML, page heads) kept in memory by key while the catalog epoch is
 * unchanged and their freshness lasts. The epoch is read before an answer is computed, so a change
 * made meanwhile leaves the new entry already stale. Concurrent misses of one key share one
 * computation; the oldest entries go first once `maxBytes` (bodies, gzipped copies and keys) is
 * reached.
 */
export class PublicCache {
  private entries = new Map<string, Answer>();
  private pending = new Map<string, Promise<Answer>>();
  private bytes = 0;
  private readonly readEpoch: () => number | Promise<number>;

  constructor(
    source: EpochSource,
    private readonly maxBytes = 48 * 1024 * 1024,
    private readonly clock: () => number = Date.now,
  ) {
    this.readEpoch = coalesce(source);
  }

  /** The catalog epoch now: local and exact on PGlite, one small shared query on PostgreSQL. */
  epoch(): number | Promise<number> {
    return this.readEpoch();
  }

  async answer(key: string, compute: (context: AnswerContext) => Promise<Computed>): Promise<Answer> {
    const read = this.readEpoch();
    const epoch = typeof read === 'number' ? read : await read;
    const now = this.clock();
    const hit = this.entries.get(key);
    if (hit && hit.epoch === epoch && hit.expiresAt > now) return hit;
    const flightKey = `${epoch}\u0000${key}`;
    let flight = this.pending.get(flightKey);
    if (!flight) {
      flight = this.fill(key, epoch, now, compute).finally(() => this.pending.delete(flightKey));
      this.pending.set(flightKey, flight);
    }
    return flight;
  }

  /** Forgets every answer (tests, or after a restore). */
  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  get size(): number {
    return this.entries.size;
  }

  private async fill(key: string, epoch: number, now: number, compute: (context: AnswerContext) => Promise<Computed>) {
    const freshness = new Freshness(new Date(now));
    let status = 200;
    let computed: Computed;
    try {
      computed = await compute({ epoch, now: freshness.now, freshness });
    } catch (error) {
      // "Not found" is an answer too: kept until the catalogue changes (a product published later).
      if (!(error instanceof HttpError) || error.statusCode !== 404) throw error;
      status = 404;
      computed = { value: { message: error.message } };
    }
    const body = Buffer.from(computed.body ?? JSON.stringify(computed.value));
    const answer: Answer = {
      status,
      body,
      value: computed.value,
      type: computed.type ?? 'application/json; charset=utf-8',
      etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
      epoch,
      expiresAt: freshness.until,
    };
    this.store(key, answer);
    return answer;
  }

  private store(key: string, answer: Answer) {
    // Room for the gzipped copy too (made on the first request that accepts it): at most the body.
    const size = sizeOf(key, answer);
    if (size > this.maxBytes / 8) return;
    const previous = this.entries.get(key);
    if (previous) {
      this.bytes -= sizeOf(key, previous);
      this.entries.delete(key);
    }
    while (this.bytes + size > this.maxBytes) {
      const oldest = this.entries.entries().next().value;
      if (!oldest) break;
      this.entries.delete(oldest[0]);
      this.bytes -= sizeOf(oldest[0], oldest[1]);
    }
    this.entries.set(key, answer);
    this.bytes += size;
  }
}

/** What an entry may hold: its key, its body and (at most as large) its gzipped copy. */
const sizeOf = (key: string, answer: Answer) => key.length + 2 * answer.body.length;

/**
 * Shares epoch reads between concurrent callers without ever giving a caller a read that began
 * before it asked: while a read is under way, later callers wait for the next one. On PostgreSQL a
 * busy process so sends one small query at a time instead of one per request.
 */
function coalesce(source: EpochSource): () => number | Promise<number> {
  let running: Promise<number> | null = null;
  let next: Promise<number> | null = null;
  const start = (): Promise<number> => {
    const read = Promise.resolve(source());
    running = read.finally(() => {
      running = null;
    });
    return running;
  };
  return () => {
    if (!running) {
      // A source that answers at once (PGlite's local counter) needs no sharing.
      const direct = source();
      if (typeof direct === 'number') return direct;
      running = direct.finally(() => {
        running = null;
      });
      return running;
    }
    next ??= running
      .catch(() => undefined)
      .then(() => {
        next = null;
        return running ?? start();
      });
    return next;
  };
}

/** Whether `If-None-Match` names this entity tag (a list, weak tags and `*` included). */
export function etagMatches(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  const value = Array.isArray(header) ? header.join(',') : header;
  if (value.trim() === '*') return true;
  return value.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** Sends a cached answer, or 304 when the browser already holds it. */
export function sendAnswer(request: FastifyRequest, reply: FastifyReply, answer: Answer) {
  reply.header('cache-control', PUBLIC_CACHE_CONTROL);
  if (answer.status === 200) {
    reply.header('etag', answer.etag);
    if (etagMatches(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  }
  reply.code(answer.status).type(answer.type).header('vary', 'Accept-Encoding');
  if (answer.body.length >= GZIP_FROM_BYTES && /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
    answer.gzipped ??= zlib.gzipSync(answer.body, { level: 6 });
    return reply.header('content-encoding', 'gzip').send(answer.gzipped);
  }
  return reply.send(answer.body);
}

/** Smaller answers are not worth compressing. */
const GZIP_FROM_BYTES = 1024;
