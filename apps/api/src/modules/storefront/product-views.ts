import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { addedProductViewsSql, type ProductRanking, productViewTotalsSql } from '../products';
import { readSetting, SETTING_GROUPS } from '../settings';
import { productPopularity } from './storefront.table';

export const VIEW_FLUSH_INTERVAL_MS = 5_000;

/** The popularity, as the products module's listings take a ranking to sort by ("popular", best sellers). */
export const popularity: ProductRanking = {
  table: productPopularity,
  productId: productPopularity.productId,
  score: productPopularity.views,
};

const formats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day (YYYY-MM-DD) of a moment in a time zone. */
export function dayIn(timeZone: string, at: Date): string {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formats.set(timeZone, format);
  }
  return format.format(at);
}

/**
 * Product page views (the product view report's per-day rows, and the popularity the listing sorts
 * by), counted in memory and written every few seconds in one statement — not a write per page
 * view. Days are the shop's time-zone days; the zone is read again at every write.
 */
export class ProductViewCounter {
  private counts = new Map<string, number>();
  private timeZone = 'Asia/Dhaka';
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private day = '';
  private dayFrom = 0;
  private dayUntil = 0;

  constructor(
    private readonly db: Db,
    private readonly onError: (error: unknown) => void = () => {},
  ) {}

  async start(intervalMs = VIEW_FLUSH_INTERVAL_MS): Promise<void> {
    this.timeZone = (await readSetting(this.db, SETTING_GROUPS.general)).time_zone;
    this.timer = setInterval(() => void this.flush(), intervalMs);
    this.timer.unref();
  }

  record(productId: number, at: number = Date.now()): void {
    // The day is worked out at most once a second: a busy product page records thousands a second.
    if (at >= this.dayUntil || at < this.dayFrom) {
      this.day = dayIn(this.timeZone, new Date(at));
      this.dayFrom = at;
      this.dayUntil = at + 1000;
    }
    const key = `${productId}|${this.day}`;
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }

  get pending(): number {
    return this.counts.size;
  }

  /** Writes what was counted since the last write; a failed write is logged and its counts dropped. */
  flush(): Promise<void> {
    // One write at a time; a flush asked for meanwhile follows it.
    const previous = this.flushing ?? Promise.resolve();
    const run = previous.then(() => this.write());
    this.flushing = run.finally(() => {
      if (this.flushing === run) this.flushing = null;
    });
    return run;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }

  private async write(): Promise<void> {
    if (this.counts.size === 0) return;
    const batch = [...this.counts].map(([key, views]) => {
      const [productId, day = ''] = key.split('|');
      return { product_id: Number(productId), day, views };
    });
    this.counts = new Map();
    try {
      // The product view report's rows and the popularity, in one statement.
      await this.db.execute(sql`with ${addedProductViewsSql(batch)}
        insert into ${productPopularity} (product_id, views) select product_id, sum(views) from counted group by product_id
        on conflict (product_id) do update set views = ${productPopularity.views} + excluded.views`);
      this.timeZone = (await readSetting(this.db, SETTING_GROUPS.general)).time_zone;
      this.dayUntil = 0;
    } catch (error) {
      this.onError(error);
    }
  }
}

/**
 * Counts the views already in the product view report into the popularity the listing sorts by,
 * when that is still empty (the first start with this module, or a demo shop just loaded).
 */
export async function seedPopularity(db: Db): Promise<void> {
  await db.execute(sql`insert into ${productPopularity} (product_id, views)
    ${productViewTotalsSql(sql`not exists (select 1 from ${productPopularity})`)}
    on conflict (product_id) do nothing`);
}
