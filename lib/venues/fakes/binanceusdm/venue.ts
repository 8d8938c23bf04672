import type { FakeExchange } from "../core/fake-exchange";

export interface BinanceUsdmFakeAccount {
  apiKey: string;
  secret: string;
  /** USDT collateral, e.g. "10000". */
  collateral: string;
}

/** A request the fake accepted, decoded: its parameters without the signature, and the API key's account. */
export interface BinanceUsdmReceived {
  method: string;
  /** e.g. "/fapi/v1/order" */
  path: string;
  params: Record<string, string>;
  apiKey?: string;
}

/** The fake's Binance side: API keys and their secrets, and the settings tests choose. */
export class BinanceUsdmVenue {
  readonly secrets = new Map<string, string>();
  readonly listenKeys = new Map<string, string>();
  /** "ISOLATED" markets by account:symbol; the rest are cross. */
  readonly isolated = new Set<string>();

  constructor(
    readonly exchange: FakeExchange,
    accounts: readonly BinanceUsdmFakeAccount[],
    readonly settings: { allowBrokerIds: boolean; weightPerMinute: number },
  ) {
    for (const account of accounts) this.secrets.set(account.apiKey, account.secret);
  }
}
