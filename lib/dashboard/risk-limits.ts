import { z } from "zod";
import { describeIssues } from "../api/validation";
import type { RiskOverrideInput } from "../trading/contract/risk-limits";
import type { TradingClient } from "../client/trading";
import { riskLimitsDraft } from "./risk-limits-form";

/** The keys panel's "Limits" request: one key of the owner's, or all of them (keyId null). */
export const setRiskLimitsInput = z.object({ keyId: z.string().min(1).max(64).nullable(), limits: riskLimitsDraft });

export type SetRiskLimitsResult = { ok: true; override: RiskOverrideInput } | { ok: false; error: string };

/**
 * What the keys panel's action does once it knows the owner and their keys: parse the form, refuse a key
 * that is not one of `ownedKeyIds`, and store the override ({} removes it) through the trading API as the owner.
 */
export async function setOwnerRiskLimits(
  client: Pick<TradingClient, "setRiskLimits">,
  ownedKeyIds: readonly string[],
  input: unknown,
): Promise<SetRiskLimitsResult> {
  const parsed = setRiskLimitsInput.safeParse(input);
  if (!parsed.success) return { ok: false, error: describeIssues(parsed.error, "input") };
  const { keyId, limits } = parsed.data;
  if (keyId !== null && !ownedKeyIds.includes(keyId)) return { ok: false, error: "You have no key with that id." };
  return { ok: true, override: await client.setRiskLimits(keyId, limits) };
}
