import type { VenueAccountView } from "../client/trading";

// How the Settings page words owners' venue accounts.

// "USD-M" rather than Binance's "USDⓈ-M": few fonts have the circled S.
const TITLES: Readonly<Record<string, string>> = { hyperliquid: "Hyperliquid", binanceusdm: "Binance USD-M" };

/** "Binance USD-M" for binanceusdm; a venue added by configuration goes by its ccxt id. */
export function venueTitle(venue: string): string {
  return TITLES[venue] ?? venue;
}

const HINTS: Readonly<Record<string, string>> = {
  hyperliquid:
    "Give the key of an API wallet your main account approved (on Hyperliquid: More → API), never the main account's own key. It can trade but not withdraw.",
  binanceusdm: "Create an API key with futures trading enabled and withdrawals disabled; restrict it to this server's IP address if you can.",
};

/** What to create on the venue before linking it. */
export function venueHint(venue: string): string {
  return HINTS[venue] ?? "Create credentials that can trade and cannot withdraw.";
}

export interface VenueStatusView {
  label: string;
  tone: "success" | "secondary" | "warning";
  /** Link or replace: the venue is configured and its form known. */
  canLink: boolean;
}

export function venueStatus(view: VenueAccountView): VenueStatusView {
  if (view.account && !view.linkable) return { label: "Venue no longer configured", tone: "warning", canLink: false };
  if (view.account) return { label: "Linked", tone: "success", canLink: true };
  return { label: "Not linked", tone: "secondary", canLink: view.linkable };
}

/** The form's values as the API takes them: only the venue's fields, each trimmed. */
export function credentialsFromForm(view: VenueAccountView, form: FormData): Record<string, string> {
  return Object.fromEntries(view.credentials.map((field) => [field.name, String(form.get(field.name) ?? "").trim()]));
}
