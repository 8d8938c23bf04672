"use server";

import { newSiweNonce } from "@/lib/dashboard/siwe-nonce";

/** A single-use nonce for the Sign-In with Ethereum message (a mutation: it stores the nonce). */
export async function createSiweNonce(): Promise<string> {
  return newSiweNonce();
}
