/**
 * A fixed-window request counter per API key, in memory (one process serves the shop). Each key
 * may make `limit` requests a minute; past that it is told how many seconds until the next window.
 */
export class RateLimiter {
  private readonly windows = new Map<number, { start: number; used: number }>();

  constructor(
    readonly limit: number,
    private readonly windowMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one request of this key: allowed or not, what is left and when the window resets. */
  take(keyId: number): { allowed: boolean; remaining: number; resetSeconds: number } {
    const now = this.now();
    let window = this.windows.get(keyId);
    if (!window || now - window.start >= this.windowMs) {
      window = { start: now, used: 0 };
      this.windows.set(keyId, window);
      if (this.windows.size > 10_000) this.sweep(now);
    }
    const resetSeconds = Math.max(1, Math.ceil((window.start + this.windowMs - now) / 1000));
    if (window.used >= this.limit) return { allowed: false, remaining: 0, resetSeconds };
    window.used += 1;
    return { allowed: true, remaining: this.limit - window.used, resetSeconds };
  }

  private sweep(now: number) {
    for (const [keyId, window] of this.windows) if (now - window.start >= this.windowMs) this.windows.delete(keyId);
  }
}
