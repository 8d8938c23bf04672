// The pair form's fields → an OpenPair body, with a message per field.

import type { OpenPairInput, PairView } from "@/lib/trading/contract/pairs";
import { positiveDecimal } from "@/lib/decimal";
import type { Tone } from "./trade-words";

export interface PairDraft {
  longSymbol: string;
  shortSymbol: string;
  notional: string;
  leverage: string;
  /** "" for the service's default venue. */
  venue: string;
}

export type PairField = "shortSymbol" | "notional" | "leverage";

export function parsePairDraft(
  draft: PairDraft,
  maxLeverage: number,
): { ok: true; pair: OpenPairInput } | { ok: false; errors: Partial<Record<PairField, string>> } {
  const errors: Partial<Record<PairField, string>> = {};
  if (draft.longSymbol === draft.shortSymbol) errors.shortSymbol = "Pick a different market for the short leg.";
  const notional = positiveDecimal(draft.notional);
  if (notional === null) errors.notional = "Enter the total in USD, such as 1000.";
  const leverage = /^\d+$/.test(draft.leverage.trim()) ? Number(draft.leverage.trim()) : NaN;
  if (!Number.isInteger(leverage) || leverage < 1 || leverage > maxLeverage) errors.leverage = `A whole number from 1 to ${maxLeverage}.`;
  if (Object.keys(errors).length > 0 || notional === null) return { ok: false, errors };
  return {
    ok: true,
    pair: {
      longSymbol: draft.longSymbol,
      shortSymbol: draft.shortSymbol,
      notionalUsd: Number(notional),
      leverage,
      ...(draft.venue ? { venue: draft.venue } : {}),
    },
  };
}

const PAIR_STATUS: Record<PairView["status"], { label: string; tone: Tone }> = {
  OPENING: { label: "Opening", tone: "info" },
  OPEN: { label: "Open", tone: "success" },
  CLOSING: { label: "Closing", tone: "info" },
  CLOSED: { label: "Closed", tone: "secondary" },
  FAILED: { label: "Failed, unwound", tone: "destructive" },
};

export const pairStatusWords = (status: PairView["status"]) => PAIR_STATUS[status];
