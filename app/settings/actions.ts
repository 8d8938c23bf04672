"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { agentKeyFormat } from "@/lib/auth/agent-keys";
import { deleteOwnerSecret, storeOwnerSecret } from "@/lib/auth/owner-secrets";
import { SiweError, verifySiweSignIn } from "@/lib/auth/siwe";
import { linkWallet, SignInError } from "@/lib/auth/sign-in";
import { dashboardDeps } from "@/lib/dashboard/services";
import { requireOwnerId } from "@/lib/dashboard/session";

export type ActionResult = { ok: true } | { ok: false; error: string };

const signed = z.object({ message: z.string().min(1).max(4000), signature: z.string().regex(/^0x[0-9a-fA-F]+$/) });

/** Links the wallet that signed the message to the signed-in owner. */
export async function linkWalletAction(input: unknown): Promise<ActionResult> {
  const ownerId = await requireOwnerId("/settings");
  const parsed = signed.safeParse(input);
  if (!parsed.success) return { ok: false, error: "The signed message is malformed." };
  const deps = dashboardDeps();
  try {
    const address = await verifySiweSignIn(
      { db: deps.database.db, clock: deps.clock, origin: deps.config.publicUrl, rpcUrl: deps.config.siweRpcUrl },
      parsed.data,
    );
    await linkWallet(deps.database.db, ownerId, address);
  } catch (err) {
    if (err instanceof SiweError || err instanceof SignInError) return { ok: false, error: err.message };
    throw err;
  }
  revalidatePath("/settings");
  return { ok: true };
}

const remoteCredentials = z.object({
  ownerToken: z
    .string()
    .trim()
    .regex(/^[\w-]+\.[\w-]+\.[\w-]*$/, "The owner token must be a JWT (three dot-separated parts).")
    .optional()
    .or(z.literal("")),
  agentKey: z
    .string()
    .trim()
    .refine((k) => k === "" || agentKeyFormat.isWellFormed(k), "The agent key is not a well-formed bourse_sk_live_ key.")
    .optional(),
});

/** Stores (sealed) the credentials for a remote deployment of the API; blank fields are left as they are. */
export async function saveRemoteCredentialsAction(input: unknown): Promise<ActionResult> {
  const ownerId = await requireOwnerId("/settings");
  const parsed = remoteCredentials.safeParse(input);
  if (!parsed.success) return { ok: false, error: parsed.error.issues.map((i) => i.message).join(" ") };
  const deps = dashboardDeps();
  const ctx = { db: deps.database.db, clock: deps.clock, secret: deps.secret };
  if (parsed.data.ownerToken) await storeOwnerSecret(ctx, ownerId, "remote_owner_token", parsed.data.ownerToken);
  if (parsed.data.agentKey) await storeOwnerSecret(ctx, ownerId, "remote_agent_key", parsed.data.agentKey);
  revalidatePath("/settings");
  return { ok: true };
}

export async function clearRemoteCredentialsAction(): Promise<ActionResult> {
  const ownerId = await requireOwnerId("/settings");
  const deps = dashboardDeps();
  const ctx = { db: deps.database.db, clock: deps.clock, secret: deps.secret };
  await deleteOwnerSecret(ctx, ownerId, "remote_owner_token");
  await deleteOwnerSecret(ctx, ownerId, "remote_agent_key");
  revalidatePath("/settings");
  return { ok: true };
}
