import "server-only";
import { deleteOwnerSecret, readOwnerSecret, storeOwnerSecret } from "../auth/owner-secrets";
import { SiweError, verifySiweSignIn } from "../auth/siwe";
import { linkWallet, ownerProfile, SignInError } from "../auth/sign-in";
import { refusal } from "./api/failure";
import { dashboardDeps } from "./services";

// The owner's account as the dashboard keeps it: profile, linked wallets, and the sealed credentials
// for a remote deployment of the API.

const REMOTE_SECRETS = ["remote_owner_token", "remote_agent_key"] as const;

function context() {
  const deps = dashboardDeps();
  return { db: deps.database.db, clock: deps.clock, secret: deps.secret };
}

/** What the Settings page shows: the owner's email and wallets, the API in use, and which remote credentials are stored. */
export async function ownerSettings(ownerId: string) {
  const deps = dashboardDeps();
  const remote = deps.config.remoteTradingApi;
  const [profile, ownerToken, agentKey] = await Promise.all([
    ownerProfile(deps.database.db, ownerId),
    remote ? readOwnerSecret(context(), ownerId, "remote_owner_token") : null,
    remote ? readOwnerSecret(context(), ownerId, "remote_agent_key") : null,
  ]);
  return { profile, tradingApiUrl: deps.config.tradingApiUrl, remote, hasOwnerToken: ownerToken !== null, hasAgentKey: agentKey !== null };
}

/** Links the wallet that signed a Sign-In with Ethereum message; a bad signature or a wallet taken is a refusal. */
export async function linkSignedWallet(ownerId: string, signed: { message: string; signature: string }): Promise<void> {
  const deps = dashboardDeps();
  try {
    const address = await verifySiweSignIn({ db: deps.database.db, clock: deps.clock, origin: deps.config.publicUrl, rpcUrl: deps.config.siweRpcUrl }, signed);
    await linkWallet(deps.database.db, ownerId, address);
  } catch (err) {
    if (err instanceof SiweError || err instanceof SignInError) throw refusal(err.message);
    throw err;
  }
}

/** Stores (sealed) the credentials for a remote deployment of the API; those not given are left as they are. */
export async function saveRemoteCredentials(ownerId: string, credentials: { ownerToken?: string; agentKey?: string }): Promise<void> {
  if (credentials.ownerToken) await storeOwnerSecret(context(), ownerId, "remote_owner_token", credentials.ownerToken);
  if (credentials.agentKey) await storeOwnerSecret(context(), ownerId, "remote_agent_key", credentials.agentKey);
}

export async function clearRemoteCredentials(ownerId: string): Promise<void> {
  for (const name of REMOTE_SECRETS) await deleteOwnerSecret(context(), ownerId, name);
}
