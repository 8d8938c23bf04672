import "server-only";
import { ApiClientError } from "../client/http";
import { createTradingClient, type TradingClient } from "../client/trading";
import { eventStreamResponse } from "../http/sse";
import { subscribeAccount } from "../trading/account-stream";
import { deskAgentKey } from "./desk-key";
import { dashboardDeps } from "./services";
import { currentOwner } from "./session";

// Orders can wait for the owner lock behind an agent's burst: give them longer than a read.
const EXECUTION_TIMEOUT_MS = 30_000;

/**
 * The trading API as this owner's trade desk: the desk key (or the agent key pasted in settings for a
 * remote API), attached here on the server. Orders placed through it are the desk key's, so the kill
 * switch for every key (or for the desk key) stops them too.
 */
export async function deskTradingClient(ownerId: string): Promise<TradingClient> {
  const deps = dashboardDeps();
  const key = await deskAgentKey(ownerId);
  if (!key) {
    throw new ApiClientError(
      `This dashboard uses the API at ${deps.config.tradingApiUrl}: paste an agent key with the trade and account:read scopes in Settings.`,
      401,
      "UNAUTHORIZED",
      null,
    );
  }
  return createTradingClient({ baseUrl: deps.config.tradingApiUrl, token: key, timeoutMs: EXECUTION_TIMEOUT_MS });
}

/** A failure as the trade desk's endpoints and actions report it: the API's own message, or a plain one. */
export function tradeDeskFailure(err: unknown): { error: string; status: number } {
  if (err instanceof ApiClientError) return { error: err.message, status: err.status >= 400 ? err.status : 502 };
  dashboardDeps().log.error({ err }, "trade desk: unexpected failure");
  return { error: "The trading API answered in an unexpected way.", status: 502 };
}

/** Runs a read for the trade desk's same-origin endpoints: signed in, or 401; never cached. */
export async function tradeDeskRead(read: (ownerId: string) => Promise<unknown>): Promise<Response> {
  const owner = await currentOwner();
  if (!owner) return Response.json({ error: "Sign in to use the trade desk." }, { status: 401 });
  try {
    return Response.json(await read(owner.ownerId), { headers: { "cache-control": "no-store" } });
  } catch (err) {
    const failure = tradeDeskFailure(err);
    return Response.json({ error: failure.error }, { status: failure.status });
  }
}

/**
 * The owner's account changes can be streamed only when the desk trades on this process's venues: not
 * against a remote API, nor with the venues off. Then the desk polls alone.
 */
export function deskStreamAvailable(): boolean {
  const deps = dashboardDeps();
  return !deps.config.remoteTradingApi && deps.venues.length > 0;
}

/** The trade desk's account stream (app/trade/stream): signed in, or 401; 404 when it cannot be streamed. */
export async function tradeDeskStream(request: Request): Promise<Response> {
  const owner = await currentOwner();
  if (!owner) return Response.json({ error: "Sign in to use the trade desk." }, { status: 401 });
  if (!deskStreamAvailable())
    return Response.json({ error: "This dashboard's trading API is not in this process: the desk polls it instead." }, { status: 404 });
  return eventStreamResponse(subscribeAccount(dashboardDeps().venues, owner.ownerId), request.signal);
}
