import "server-only";
import { deskKeyFor } from "../auth/desk-key";
import { readOwnerSecret } from "../auth/owner-secrets";
import { dashboardDeps } from "./services";

/**
 * The agent key the owner's desks (trade, swap) call the API with: the sealed desk key against this
 * deployment, or the agent key pasted in settings against a remote one (null when none was pasted).
 * It stays on the server.
 */
export async function deskAgentKey(ownerId: string): Promise<string | null> {
  const deps = dashboardDeps();
  const ctx = { db: deps.database.db, clock: deps.clock, secret: deps.secret };
  return deps.config.remoteTradingApi ? readOwnerSecret(ctx, ownerId, "remote_agent_key") : deskKeyFor(ctx, ownerId);
}
