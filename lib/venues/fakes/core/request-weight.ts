import type { Clock } from "../../../clock";

const MINUTE = 60_000;

/** A venue's request weight limit per client per clock minute, as Binance and Hyperliquid count it. */
export class RequestWeight {
  private minute = -1;
  private readonly used = new Map<string, number>();
  /** Set by tests: every request is over the limit, as after a burst. */
  exhausted = false;

  constructor(
    private readonly limitPerMinute: number,
    private readonly clock: Clock,
  ) {}

  /** Counts a request's weight; over the limit, the seconds until the next minute (the request is not counted). */
  take(client: string, weight: number): { used: number; retryAfterSeconds?: number } {
    const now = this.clock.now();
    const minute = Math.floor(now / MINUTE);
    if (minute !== this.minute) {
      this.minute = minute;
      this.used.clear();
    }
    const used = (this.used.get(client) ?? 0) + weight;
    if (used > this.limitPerMinute || this.exhausted)
      return { used: used - weight, retryAfterSeconds: Math.max(1, Math.ceil(((minute + 1) * MINUTE - now) / 1000)) };
    this.used.set(client, used);
    return { used };
  }
}
