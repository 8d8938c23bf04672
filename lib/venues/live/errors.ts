// ccxt's exception classes as the venue interface's refusals, with the venue's own reason in the message.
import {
  AccountSuspended,
  AuthenticationError,
  BadSymbol,
  BaseError,
  DDoSProtection,
  ExchangeError,
  ExchangeNotAvailable,
  InsufficientFunds,
  InvalidOrder,
  NetworkError,
  OnMaintenance,
  PermissionDenied,
  RateLimitExceeded,
  RequestTimeout,
} from "ccxt";
import { type VenueRejection, VenueRefusal } from "../venue";

/** Seconds to wait after the venue's rate limit, when it does not say. */
export const RATE_LIMIT_RETRY_SECONDS = 10;
/** Seconds to wait when the venue cannot be reached or is in maintenance. */
export const UNAVAILABLE_RETRY_SECONDS = 5;
const MAINTENANCE_RETRY_SECONDS = 60;
const MESSAGE_MAX = 300;

/** A ccxt failure as a refusal; anything that is not ccxt's (a bug of ours) is thrown again. */
export function rejectionOf(venue: string, err: unknown): VenueRejection {
  if (!(err instanceof BaseError)) throw err;
  const reason = venueReason(venue, err);
  // ccxt's hierarchy: RateLimitExceeded < DDoSProtection < NetworkError; OnMaintenance < ExchangeNotAvailable < NetworkError.
  if (err instanceof RateLimitExceeded || err instanceof DDoSProtection)
    return refusal("RATE_LIMITED", `${venue} rate-limited the request: ${reason}`, RATE_LIMIT_RETRY_SECONDS);
  if (err instanceof OnMaintenance) return refusal("VENUE_UNAVAILABLE", `${venue} is in maintenance: ${reason}`, MAINTENANCE_RETRY_SECONDS);
  if (err instanceof NetworkError || err instanceof ExchangeNotAvailable || err instanceof RequestTimeout)
    return refusal("VENUE_UNAVAILABLE", `${venue} cannot be reached now: ${reason}`, UNAVAILABLE_RETRY_SECONDS);
  if (err instanceof AuthenticationError || err instanceof PermissionDenied || err instanceof AccountSuspended)
    return refusal(
      "ACCOUNT_CREDENTIALS_REJECTED",
      `${venue} refused the linked account's credentials (${reason}): link the ${venue} account again in the dashboard`,
    );
  if (err instanceof InsufficientFunds) return refusal("INSUFFICIENT_MARGIN", `${venue}: ${reason}`);
  if (err instanceof BadSymbol) return refusal("UNKNOWN_SYMBOL", `${venue}: ${reason}`);
  if (err instanceof InvalidOrder || err instanceof ExchangeError) return refusal("INVALID_ORDER", `${venue}: ${reason}`);
  return refusal("VENUE_UNAVAILABLE", `${venue} failed: ${reason}`, UNAVAILABLE_RETRY_SECONDS);
}

/** The same, to throw from an account read. */
export function refusalOf(venue: string, err: unknown): VenueRefusal {
  const r = rejectionOf(venue, err);
  return new VenueRefusal(venue, r.code, r.message, r.retryAfterSeconds);
}

/** What an owner with no account linked on the venue is told. */
export function notLinked(venue: string): VenueRejection {
  return refusal("ACCOUNT_NOT_LINKED", `No ${venue} account is linked: link one in the dashboard (Venues) to trade on ${venue}.`);
}

function refusal(code: VenueRejection["code"], message: string, retryAfterSeconds?: number): VenueRejection {
  return retryAfterSeconds === undefined ? { ok: false, code, message } : { ok: false, code, message, retryAfterSeconds };
}

/**
 * The venue's words from a ccxt message: ccxt prefixes its id and often the raw body
 * (`hyperliquid {"status":"err","response":"Insufficient margin…"}`, `binanceusdm {"code":-2019,"msg":"Margin is insufficient."}`).
 */
export function venueReason(venue: string, err: Error): string {
  const text = err.message.startsWith(`${venue} `) ? err.message.slice(venue.length + 1) : err.message;
  const json = text.indexOf("{");
  if (json >= 0) {
    try {
      const body: unknown = JSON.parse(text.slice(json));
      const said = wordsIn(body);
      if (said !== undefined) return clip(said);
    } catch {
      // not JSON after all: the text as it is
    }
  }
  return clip(text.trim() || err.name);
}

function wordsIn(body: unknown): string | undefined {
  if (body === null || typeof body !== "object") return undefined;
  const record = body as Record<string, unknown>;
  for (const key of ["msg", "message", "error", "response"]) {
    const value = record[key];
    if (typeof value === "string" && value !== "") return value;
    const nested = wordsIn(value);
    if (nested !== undefined) return nested;
  }
  const statuses = (record.data as { statuses?: unknown[] } | undefined)?.statuses;
  return Array.isArray(statuses) ? statuses.map(wordsIn).find((s) => s !== undefined) : undefined;
}

const clip = (s: string) => (s.length > MESSAGE_MAX ? `${s.slice(0, MESSAGE_MAX - 1)}…` : s);
