import "server-only";
import { eventStreamResponse } from "../http/sse";
import { subscribeAccount } from "../trading/execution/account-stream";
import { dashboardDeps } from "./services";
import { currentOwner } from "./session";

// The one thing the dashboard takes from its own process rather than over HTTP: the venues' account
// events, which the API does not stream. The desk polls without them.

/** Whether the desk trades on this process's venues (not a remote API, venues on): only then is there a stream. */
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
