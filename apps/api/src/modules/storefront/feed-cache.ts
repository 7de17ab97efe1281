import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type AnswerContext, etagMatches, Freshness, PUBLIC_CACHE_CONTROL } from './public-cache';

interface FeedEntry {
  gzipped: Buffer;
  etag: string;
  epoch: number;
  expiresAt: number;
}

/** Feeds kept at once (each kind for a host or two). */
const MAX_ENTRIES = 4;

/**
 * The product feeds' own cache (decision 060): a large catalogue's feed is tens of megabytes, more than the
 * public cache keeps, so the feed is kept gzipped, by kind and host, while the catalog epoch is unchanged and
 * its freshness lasts (a minute at most, less when a price changes by itself). Feeds are made one at a time
 * in the process, and concurrent requests for one share its making: however a client asks, the catalogue is
 * read at most once a minute per feed, on one core.
 */
export class FeedCache {
  private readonly entries = new Map<string, FeedEntry>();
  private readonly pending = new Map<string, Promise<FeedEntry>>();
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly epochOf: () => number | Promise<number>) {}

  async get(key: string, make: (answer: AnswerContext) => Promise<Buffer>): Promise<FeedEntry> {
    const epoch = await this.epochOf();
    const kept = this.entries.get(key);
    if (kept && kept.epoch === epoch && kept.expiresAt > Date.now()) return kept;
    const running = this.pending.get(key);
    if (running) return running;
    const work = this.queue
      .catch(() => undefined)
      .then(async () => {
        const now = new Date();
        const freshness = new Freshness(now);
        const gzipped = await make({ epoch, now, freshness });
        const entry: FeedEntry = {
          gzipped,
          etag: `"${createHash('sha1').update(gzipped).digest('base64url')}"`,
          epoch,
          expiresAt: freshness.until,
        };
        this.entries.delete(key);
        this.entries.set(key, entry);
        while (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
        return entry;
      })
      .finally(() => this.pending.delete(key));
    this.pending.set(key, work);
    this.queue = work;
    return work;
  }
}

/** Sends a kept feed: 304 to a client that has it, gzipped to one that takes it, else unzipped as it goes out. */
export function sendFeed(request: FastifyRequest, reply: FastifyReply, entry: FeedEntry) {
  reply.header('cache-control', PUBLIC_CACHE_CONTROL).header('etag', entry.etag).header('vary', 'Accept-Encoding');
  if (etagMatches(request.headers['if-none-match'], entry.etag)) return reply.code(304).send();
  reply.type('application/xml; charset=utf-8');
  if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
    return reply.header('content-encoding', 'gzip').send(entry.gzipped);
  }
  return reply.send(Readable.from([entry.gzipped]).pipe(zlib.createGunzip()));
}
