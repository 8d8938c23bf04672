import "server-only";
import { ApiClientError } from "@/lib/client/http";
import { deskAgentKey } from "@/lib/dashboard/desk-key";
import { dashboardDeps } from "@/lib/dashboard/services";
import { createSwapClient, type SwapClient } from "@/lib/swap/client";

/**
 * The swap API as this owner's desk: with the sealed desk key against this deployment, or the agent
 * key pasted in settings against a remote one. The key stays on the server.
 */
export async function deskSwapClient(ownerId: string): Promise<SwapClient> {
  const deps = dashboardDeps();
  const key = await deskAgentKey(ownerId);
  if (!key) {
    throw new ApiClientError(
      `This dashboard uses the API at ${deps.config.tradingApiUrl}: paste an agent key with the swap scope in Settings.`,
      401,
      "UNAUTHORIZED",
      null,
    );
  }
  return createSwapClient({ baseUrl: deps.config.tradingApiUrl, token: key, timeoutMs: 30_000 });
}

/** A failure as the desk's route handlers and actions report it. */
export function deskFailure(err: unknown): { error: string; status: number } {
  if (err instanceof ApiClientError) return { error: err.message, status: err.status >= 400 ? err.status : 502 };
  dashboardDeps().log.error({ err }, "swap desk: unexpected failure");
  return { error: "The swap API answered in an unexpected way.", status: 502 };
}
