import type { Logger } from "../../log";
import { createTradingService, type TradingService } from "./service";

const MAINTENANCE_MS = 10 * 60_000;

/** The process's trading service, with its upkeep (pair recovery, expired Idempotency-Keys) now and every ten minutes. */
export function startTrading(input: Parameters<typeof createTradingService>[0] & { log: Logger }): { service: TradingService; stop(): void } {
  const service = createTradingService(input);
  const upkeep = () =>
    void service.maintain().then(
      (r) => r.pairsRecovered > 0 && input.log.warn(r, "trading: unwound pairs left half-open"),
      (err: unknown) => input.log.error({ err }, "trading: upkeep failed"),
    );
  if (input.venues.length > 0) upkeep();
  const timer = setInterval(upkeep, MAINTENANCE_MS);
  timer.unref();
  return { service, stop: () => clearInterval(timer) };
}
