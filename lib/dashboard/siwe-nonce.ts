import "server-only";
import { issueSiweNonce } from "../auth/siwe";
import { dashboardDeps } from "./services";

/** A single-use nonce for a Sign-In with Ethereum message (stored until used or expired). */
export function newSiweNonce(): Promise<string> {
  const deps = dashboardDeps();
  return issueSiweNonce({ db: deps.database.db, clock: deps.clock });
}
