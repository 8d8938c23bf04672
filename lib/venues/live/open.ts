// The configured real venues opened together, and the check of an owner's credentials on one of them.
import type { Config, LiveVenueConfig } from "../../config";
import type { Logger } from "../../log";
import { CcxtVenue } from "./ccxt-venue";
import type { Venue } from "../venue";
import { checkCredentials, checkFailed } from "./account-check";
import { createClient } from "./clients";
import type { VenueAccountCheck, VenueAccountDirectory } from "./credentials";
import { PROFILES } from "./profiles";

export interface LiveVenueInputs {
  config: Config;
  now: () => number;
  log: Logger;
  accounts?: VenueAccountDirectory;
}

/** Opens every real venue VENUES names, in its order; if one cannot open, the others are closed and the error thrown. */
export async function openLiveVenues(input: LiveVenueInputs): Promise<CcxtVenue[]> {
  const { config, log } = input;
  for (const settings of config.venues.live)
    if (PROFILES[settings.name] === undefined)
      log.warn(
        { venue: settings.name },
        "venues: no profile for this venue: ccxt's own defaults apply, including any broker id or fee it adds (docs/venues.md)",
      );
  const opened = await Promise.allSettled(
    config.venues.live.map((settings) =>
      CcxtVenue.open({ settings, accounts: input.accounts, now: input.now, log, staleAfterMs: config.venues.staleAfterMs, pollMs: config.venues.pollMs }),
    ),
  );
  const venues = opened.flatMap((o) => (o.status === "fulfilled" ? [o.value] : []));
  const failure = opened.find((o) => o.status === "rejected");
  if (failure !== undefined) {
    await Promise.allSettled(venues.map((v) => v.stop()));
    throw failure.reason;
  }
  return venues;
}

/**
 * The accounts' "check on save" for the configured real venues: on the running venue's markets when
 * this instance hosts it, else with a client of its own (its markets loaded first).
 */
export function createAccountCheck(configured: readonly LiveVenueConfig[], running: () => readonly Venue[]): VenueAccountCheck {
  return async (venue, credentials) => {
    const settings = configured.find((s) => s.name === venue);
    if (settings === undefined) return { ok: false, code: "UNKNOWN_VENUE", message: `${venue} is not one of this deployment's venues (VENUES)` };
    const live = running().find((v): v is CcxtVenue => v instanceof CcxtVenue && v.name === venue);
    if (live !== undefined) return live.checkAccount(credentials);
    const exchange = createClient(settings, "rest");
    try {
      await exchange.loadMarkets();
    } catch (err) {
      return checkFailed(venue, err);
    }
    return checkCredentials(settings, exchange, credentials);
  };
}
