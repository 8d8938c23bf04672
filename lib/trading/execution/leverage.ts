import type { Venue } from "../../venues/venue";
import type { TradingContext } from "./context";
import { notSentError, TradingError } from "./errors";
import { venuesTradableBy } from "./venues";

/**
 * Sets a symbol's leverage on each venue the owner can trade on (a real venue without the owner's linked
 * account is skipped, as smart routing skips it); 409 when a venue refuses (e.g. the margin would not cover it).
 */
export async function setLeverage(_ctx: TradingContext, ownerId: string, venues: readonly Venue[], symbol: string, leverage: number): Promise<void> {
  for (const venue of await venuesTradableBy(venues, ownerId)) {
    const done = await venue.setLeverage(ownerId, symbol, leverage);
    if (!done.ok)
      throw (
        notSentError(done) ??
        new TradingError(
          done.code === "INSUFFICIENT_MARGIN" ? "conflict" : "invalid",
          `leverage: ${venue.name} refused ${leverage}× on ${symbol} (${done.code}: ${done.message})`,
        )
      );
  }
}
