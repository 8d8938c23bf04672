// Checking an owner's credentials for a real venue before they are stored: a client on them reads the
// balance (and the venue's profile checks what a balance read cannot, e.g. Hyperliquid's API wallet).
import type { Exchange } from "ccxt";
import type { LiveVenueConfig } from "../../config";
import { formatAtoms } from "../../engine/accounts/market-units";
import type { VenueAccountCheck, VenueCredentials } from "./credentials";
import { rejectionOf } from "./errors";
import { clientFor } from "./owner-clients";
import { profileOf } from "./profiles";
import { atomsOf } from "./units";

type CheckResult = Awaited<ReturnType<VenueAccountCheck>>;

/** Reads the margin asset's total with a client on the credentials; the venue's refusal, or unreachability, otherwise. */
export async function checkCredentials(settings: LiveVenueConfig, marketsFrom: Exchange, credentials: VenueCredentials): Promise<CheckResult> {
  const client = clientFor(settings, credentials, marketsFrom);
  const profile = profileOf(settings.name);
  if (!client.checkRequiredCredentials(false)) {
    const needed = Object.entries(client.requiredCredentials).flatMap(([name, required]) => (required === true ? [name] : []));
    return { ok: false, code: "INVALID_CREDENTIALS", message: `${settings.name} needs ${needed.join(" and ")}` };
  }
  try {
    const problem = await profile.credentialProblem?.(client, credentials);
    if (problem !== undefined) return { ok: false, code: "INVALID_CREDENTIALS", message: `${settings.name}: ${problem}` };
    const total = (await client.fetchBalance())[profile.marginAsset]?.total;
    return { ok: true, equityUsd: formatAtoms(total == null ? 0n : atomsOf(total, "down")) };
  } catch (err) {
    return checkFailed(settings.name, err);
  }
}

/** A failed check: the venue unreachable or rate-limited, else the credentials refused. */
export function checkFailed(venue: string, err: unknown): CheckResult {
  const r = rejectionOf(venue, err);
  const unavailable = r.code === "VENUE_UNAVAILABLE" || r.code === "RATE_LIMITED";
  return { ok: false, code: unavailable ? "VENUE_UNAVAILABLE" : "INVALID_CREDENTIALS", message: r.message };
}
