"use server";

import { z } from "zod";
import { keyIdParam } from "@/lib/auth/contract/key-id";
import { mintAgentKeyBody, rollAgentKeyBody, updateSwapPolicyBody } from "@/lib/auth/contract/agent-keys";
import type { MintAgentKeyInput, MintedAgentKey } from "@/lib/client/trading";
import { ownerAction, ownerTradingClient, refusal, type ActionResult } from "@/lib/dashboard/api";
import type { RiskLimitsDraft } from "@/lib/dashboard/risk-limits-form";
import { setOwnerRiskLimits } from "@/lib/dashboard/risk-limits";

/** A new secret, shown once: only what the copy-once view needs. */
export type RevealedKey = { name: string; fragment: string; secret: string };

const keys = { page: "/keys", revalidate: true };

const revealed = (key: MintedAgentKey): RevealedKey => ({ name: key.name, fragment: key.fragment, secret: key.key });

export async function mintKeyAction(input: MintAgentKeyInput): Promise<ActionResult<RevealedKey>> {
  return ownerAction({ ...keys, doing: "mint the key", input: mintAgentKeyBody }, input, async (ownerId, body) =>
    revealed(await (await ownerTradingClient(ownerId)).mintKey(body)),
  );
}

export async function rollKeyAction(input: {
  id: string;
  gracePeriodSeconds: number;
}): Promise<ActionResult<{ key: RevealedKey; previousExpiresAt: string | null }>> {
  return ownerAction(
    { ...keys, doing: "roll the key", input: rollAgentKeyBody.extend(keyIdParam.shape) },
    input,
    async (ownerId, { id, gracePeriodSeconds }) => {
      const rolled = await (await ownerTradingClient(ownerId)).rollKey(id, gracePeriodSeconds);
      return { key: revealed(rolled.key), previousExpiresAt: rolled.previous.expiresAt };
    },
  );
}

export async function revokeKeyAction(input: { id: string }): Promise<ActionResult> {
  return ownerAction({ ...keys, doing: "revoke the key", input: keyIdParam }, input, async (ownerId, { id }) => {
    await (await ownerTradingClient(ownerId)).revokeKey(id);
    return undefined;
  });
}

/** Replaces a swap key's recipients allowlist and daily swap limit. */
export async function setSwapPolicyAction(input: {
  id: string;
  policy: { swapRecipients: string[]; swapDailyLimitUsd: string | null };
}): Promise<ActionResult> {
  return ownerAction(
    { ...keys, doing: "save the swap policy", input: z.object({ id: keyIdParam.shape.id, policy: updateSwapPolicyBody }) },
    input,
    async (ownerId, { id, policy }) => {
      await (await ownerTradingClient(ownerId)).updateKeySwapPolicy(id, policy);
      return undefined;
    },
  );
}

/** Sets (or, with every field empty, removes) the owner's limits for one of their keys or, with keyId null, for all of them. */
export async function setLimitsAction(input: { keyId: string | null; limits: RiskLimitsDraft }): Promise<ActionResult> {
  // setOwnerRiskLimits parses the form, beside the check that the key is the owner's.
  return ownerAction({ ...keys, doing: "save the limits", input: z.unknown() }, input, async (ownerId, draft) => {
    const client = await ownerTradingClient(ownerId);
    const saved = await setOwnerRiskLimits(
      client,
      (await client.listKeys()).map((k) => k.id),
      draft,
    );
    if (!saved.ok) throw refusal(saved.error);
    return undefined;
  });
}
