import type { Logger } from "../log";
import { sweepOpenCharges, type LedgerContext } from "./ledger";

/** How often the sweep of abandoned reservations runs. */
export const SWEEP_INTERVAL_MS = 60_000;

/**
 * Refunds reservations left open by a crash: once at start (every open one when this process is the
 * only one that can hold any, as on the embedded database; else those past their expiry), then
 * every minute those past their expiry. Returns a stop function.
 */
export async function startChargeSweeper(ctx: LedgerContext & { log: Logger }, opts: { soleProcess: boolean }): Promise<() => void> {
  const refunded = await sweepOpenCharges(ctx, { all: opts.soleProcess });
  if (refunded > 0) ctx.log.warn({ refunded }, "refunded reservations left open by an earlier run");
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sweepOpenCharges(ctx)
      .then((n) => {
        if (n > 0) ctx.log.warn({ refunded: n }, "refunded expired reservations");
      })
      .catch((err: unknown) => ctx.log.error({ err }, "reservation sweep failed"))
      .finally(() => {
        running = false;
      });
  }, SWEEP_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
