"use server";

import { revalidatePath } from "next/cache";
import type { z } from "zod";
import { keyIdParam, mintAgentKeyBody, rollAgentKeyBody } from "@/lib/api/trading/keys.schema";
import { describeIssues } from "@/lib/api/validation";
import { ApiClientError } from "@/lib/client/http";
import { TradingError } from "@/lib/trading/errors";
import type { MintAgentKeyInput, MintedAgentKey } from "@/lib/client/trading";
import { ownerTradingClient } from "@/lib/dashboard/owner-api";
import type { RiskLimitsDraft } from "@/lib/dashboard/risk-limits-form";
import { setOwnerRiskLimits } from "@/lib/dashboard/risk-limits";
import { dashboardDeps } from "@/lib/dashboard/services";
import { requireOwnerId } from "@/lib/dashboard/session";

export type ActionFailure = { ok: false; error: string };
/** A new secret, shown once: only what the copy-once view needs. */
export type RevealedKey = { name: string; fragment: string; secret: string };

export type MintKeyResult = { ok: true; key: RevealedKey } | ActionFailure;
export type RollKeyResult = { ok: true; key: RevealedKey; previousExpiresAt: string | null } | ActionFailure;
export type RevokeKeyResult = { ok: true } | ActionFailure;
export type SetLimitsResult = { ok: true } | ActionFailure;

const rollInput = rollAgentKeyBody.extend(keyIdParam.shape);
const revokeInput = keyIdParam;

function invalid(error: z.ZodError): ActionFailure {
  return { ok: false, error: describeIssues(error, "input") };
}

function failed(err: unknown, doing: string): ActionFailure {
  if (err instanceof TradingError && err.kind === "invalid") return { ok: false, error: err.message };
  if (err instanceof ApiClientError) {
    // Gone or no longer rollable: the list on screen is stale (another tab, an expiry), so show the truth.
    if (err.status === 404 || err.status === 409) revalidatePath("/keys");
    return { ok: false, error: err.message };
  }
  // A response the client could not read: log it here, and tell the owner without the internals.
  dashboardDeps().log.error({ err }, `keys panel: ${doing} failed`);
  return { ok: false, error: `Could not ${doing}: the API answered in an unexpected way.` };
}

const revealed = (key: MintedAgentKey): RevealedKey => ({ name: key.name, fragment: key.fragment, secret: key.key });

export async function mintKeyAction(input: MintAgentKeyInput): Promise<MintKeyResult> {
  const ownerId = await requireOwnerId("/keys");
  const parsed = mintAgentKeyBody.safeParse(input);
  if (!parsed.success) return invalid(parsed.error);
  try {
    const minted = await (await ownerTradingClient(ownerId)).mintKey(parsed.data);
    revalidatePath("/keys");
    return { ok: true, key: revealed(minted) };
  } catch (err) {
    return failed(err, "mint the key");
  }
}

export async function rollKeyAction(input: { id: string; gracePeriodSeconds: number }): Promise<RollKeyResult> {
  const ownerId = await requireOwnerId("/keys");
  const parsed = rollInput.safeParse(input);
  if (!parsed.success) return invalid(parsed.error);
  try {
    const rolled = await (await ownerTradingClient(ownerId)).rollKey(parsed.data.id, parsed.data.gracePeriodSeconds);
    revalidatePath("/keys");
    return { ok: true, key: revealed(rolled.key), previousExpiresAt: rolled.previous.expiresAt };
  } catch (err) {
    return failed(err, "roll the key");
  }
}

export async function revokeKeyAction(input: { id: string }): Promise<RevokeKeyResult> {
  const ownerId = await requireOwnerId("/keys");
  const parsed = revokeInput.safeParse(input);
  if (!parsed.success) return invalid(parsed.error);
  try {
    await (await ownerTradingClient(ownerId)).revokeKey(parsed.data.id);
    revalidatePath("/keys");
    return { ok: true };
  } catch (err) {
    return failed(err, "revoke the key");
  }
}

/**
 * Sets (or, with every field empty, removes) the owner's limits for one of their keys or, with keyId
 * null, for all of them. Limits live beside the trading service this dashboard runs with, not behind
 * any endpoint, so a dashboard pointed at a remote API cannot set them.
 */
export async function setLimitsAction(input: { keyId: string | null; limits: RiskLimitsDraft }): Promise<SetLimitsResult> {
  const ownerId = await requireOwnerId("/keys");
  const deps = dashboardDeps();
  if (deps.config.remoteTradingApi) return { ok: false, error: "Limits are set on the deployment that runs the API." };
  try {
    const keys = await (await ownerTradingClient(ownerId)).listKeys();
    const saved = await setOwnerRiskLimits(
      deps.trading,
      ownerId,
      keys.map((k) => k.id),
      input,
    );
    if (!saved.ok) return saved;
    revalidatePath("/keys");
    return { ok: true };
  } catch (err) {
    return failed(err, "save the limits");
  }
}
