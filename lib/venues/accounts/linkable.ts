// Which venues an owner may link an account on: the real venues the operator configured.
import type { Config } from "../../config";

export interface LinkableVenue {
  /** ccxt's id of the exchange, e.g. hyperliquid, binanceusdm. */
  name: string;
  network: "testnet" | "mainnet";
}

/** The configured real venues (VENUES=hyperliquid,… with VENUE_<NAME>_NETWORK), in the configuration's order. */
export function linkableVenues(config: Config): LinkableVenue[] {
  return config.venues.live.map(({ name, network }) => ({ name, network }));
}
