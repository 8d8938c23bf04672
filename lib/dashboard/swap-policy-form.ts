import { isSwapRecipient, SWAP_DAILY_LIMIT_MAX_USD, SWAP_RECIPIENTS_MAX, USD_AMOUNT, withinDailyLimitMax } from "../auth/swap-policy";

/** What a key's swap policy fields hold: one recipient address per line, and the daily limit in US dollars (empty: none). */
export interface SwapPolicyDraft {
  swapRecipients: string;
  swapDailyLimitUsd: string;
}
export type SwapPolicyField = keyof SwapPolicyDraft;
export type SwapPolicyErrors = Partial<Record<SwapPolicyField, string>>;
/** The policy as the API takes it (POST /agent/keys, PATCH /agent/keys/{id}). */
export interface SwapPolicyInput {
  swapRecipients: string[];
  swapDailyLimitUsd: string | null;
}

export const SWAP_POLICY_FIELDS: readonly SwapPolicyField[] = ["swapRecipients", "swapDailyLimitUsd"];
export const EMPTY_SWAP_POLICY: SwapPolicyDraft = { swapRecipients: "", swapDailyLimitUsd: "" };

export const SWAP_POLICY_LABELS: Record<SwapPolicyField, { label: string; hint: string }> = {
  swapRecipients: {
    label: "Swap recipients",
    hint: `Addresses this key's swaps may pay out to besides your own wallets, one per line, at most ${SWAP_RECIPIENTS_MAX}. Leave empty for your wallets only.`,
  },
  swapDailyLimitUsd: {
    label: "Daily swap limit",
    hint: "US dollars this key's executed swaps may be worth per UTC day. Leave empty for no daily limit.",
  },
};

/** The form's fields for a key as it is. */
export function draftFromPolicy(p: SwapPolicyInput): SwapPolicyDraft {
  return { swapRecipients: p.swapRecipients.join("\n"), swapDailyLimitUsd: p.swapDailyLimitUsd ?? "" };
}

/** Checks the fields as the API will: addresses (checksummed when mixed-case), their count, and the limit's form and bounds. */
export function parseSwapPolicy(draft: SwapPolicyDraft): { ok: true; value: SwapPolicyInput } | { ok: false; errors: SwapPolicyErrors } {
  const errors: SwapPolicyErrors = {};
  const recipients = [
    ...new Set(
      draft.swapRecipients
        .split(/\r?\n/)
        .map((l) => l.trim())
        .filter(Boolean),
    ),
  ];
  const invalid = recipients.filter((r) => !isSwapRecipient(r));
  if (invalid.length > 0) errors.swapRecipients = `Not an EVM address: ${invalid.join(", ")}`;
  else if (recipients.length > SWAP_RECIPIENTS_MAX) errors.swapRecipients = `At most ${SWAP_RECIPIENTS_MAX} addresses.`;
  const limit = draft.swapDailyLimitUsd.trim();
  if (limit !== "" && !USD_AMOUNT.test(limit)) errors.swapDailyLimitUsd = "Enter US dollars, such as 5000 or 2500.50 (at most 6 decimals).";
  else if (limit !== "" && !withinDailyLimitMax(limit)) errors.swapDailyLimitUsd = `At most ${SWAP_DAILY_LIMIT_MAX_USD.toLocaleString("en-US")}.`;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: { swapRecipients: recipients, swapDailyLimitUsd: limit === "" ? null : limit } };
}
