"use server";

import { issueSiweNonce } from "@/lib/auth/siwe";
import { dashboardDeps } from "@/lib/dashboard/services";

/** A single-use nonce for the Sign-In with Ethereum message (a mutation: it stores the nonce). */
export async function createSiweNonce(): Promise<string> {
  const deps = dashboardDeps();
  return issueSiweNonce({ db: deps.database.db, clock: deps.clock });
}
