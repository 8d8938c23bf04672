// The bounds of a key's swap policy, shared by the API's schema and the dashboard's forms.
import { isAddress } from "viem";

/** How many extra recipients a key may have. */
export const SWAP_RECIPIENTS_MAX = 32;
/** The most US dollars a daily swap limit may be set to. */
export const SWAP_DAILY_LIMIT_MAX_USD = 1_000_000_000;
/** US dollars as a decimal string with at most six decimals. */
export const USD_AMOUNT = /^\d+(\.\d{1,6})?$/;

/** An EVM address: 0x and 40 hex digits; mixed case must carry a valid checksum. */
export const isSwapRecipient = (text: string): boolean => isAddress(text, { strict: true });

export const withinDailyLimitMax = (usd: string): boolean => Number(usd) <= SWAP_DAILY_LIMIT_MAX_USD;
