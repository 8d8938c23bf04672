import type { FakeExchange } from "../core/fake-exchange";
import type { FakeMarket } from "../core/fake-market";
import type { ExchangeAction } from "./actions";
import type { Network } from "./signatures";

export interface HyperliquidFakeAccount {
  /** The main account's address. */
  address: string;
  /** API wallets ("agents") the account approved to sign for it. */
  approvedAgents: readonly string[];
  /** USDC collateral, e.g. "10000". */
  collateral: string;
}

/** What the fake accepted, decoded. */
export type HyperliquidReceived =
  | { endpoint: "info"; request: Record<string, unknown> }
  | {
      endpoint: "exchange";
      /** The action as Hyperliquid reads it (its field order, decimals normalized): what the signature covers. */
      action: ExchangeAction;
      nonce: number;
      vaultAddress?: string;
      /** Who signed it (lowercase) and the account it acted for. */
      signer: string;
      account?: string;
      network: Network;
      response: unknown;
    };

/** The fake's Hyperliquid side: its markets in asset order, who may sign for whom, and the settings tests choose. */
export class HyperliquidVenue {
  /** Agent address → the account it signs for (all lowercase). */
  readonly agents = new Map<string, string>();
  readonly accounts = new Set<string>();
  /** Builders an account approved (by its own signature), lowercase. */
  readonly approvedBuilders = new Map<string, Set<string>>();
  /** Nonces each signer used: Hyperliquid refuses one used twice. */
  readonly nonces = new Map<string, Set<number>>();
  private readonly isolated = new Set<string>();

  constructor(
    readonly exchange: FakeExchange,
    accounts: readonly HyperliquidFakeAccount[],
    readonly settings: { allowBuilder: boolean; networks: readonly Network[]; acceptAccountKeys: boolean },
  ) {
    for (const account of accounts) {
      const address = account.address.toLowerCase();
      this.accounts.add(address);
      for (const agent of account.approvedAgents) this.agents.set(agent.toLowerCase(), address);
    }
  }

  /** The market at an asset index. */
  asset(index: number): FakeMarket | undefined {
    return this.exchange.marketList()[index];
  }

  assetIndex(coin: string): number {
    return this.exchange.marketList().findIndex((m) => m.spec.id === coin);
  }

  market(coin: unknown): FakeMarket | undefined {
    return typeof coin === "string" ? this.exchange.market(coin) : undefined;
  }

  isCross(account: string, coin: string): boolean {
    return !this.isolated.has(`${account}:${coin}`);
  }

  setCross(account: string, coin: string, cross: boolean): void {
    if (cross) this.isolated.delete(`${account}:${coin}`);
    else this.isolated.add(`${account}:${coin}`);
  }
}
