// One ccxt client per owner on a real venue, built from the credentials the owner linked and sharing the
// venue's loaded markets; dropped when the owner links, replaces or removes the account.
import type { Exchange } from "ccxt";
import type { LiveVenueConfig } from "../../config";
import { createClient } from "./clients";
import type { VenueAccountDirectory, VenueCredentials } from "./credentials";

export class OwnerClients {
  private readonly clients = new Map<string, Promise<Exchange | undefined>>();
  private readonly unsubscribe: () => void;

  constructor(
    private readonly settings: LiveVenueConfig,
    private readonly directory: VenueAccountDirectory | undefined,
    /** The venue's public client, whose markets every owner's client shares. */
    private readonly marketsFrom: Exchange,
  ) {
    this.unsubscribe =
      directory?.onChange((owner, venue) => {
        if (venue === settings.name) this.clients.delete(owner);
      }) ?? (() => {});
  }

  /** The owner's client; undefined when the owner linked no account on this venue. */
  get(owner: string): Promise<Exchange | undefined> {
    let client = this.clients.get(owner);
    if (client === undefined) {
      client = this.build(owner);
      this.clients.set(owner, client);
      // A failed look-up is not remembered: the next call asks the directory again.
      client.catch(() => this.clients.delete(owner));
    }
    return client;
  }

  close(): void {
    this.unsubscribe();
    this.clients.clear();
  }

  private async build(owner: string): Promise<Exchange | undefined> {
    const credentials = await this.directory?.credentials(owner, this.settings.name);
    return credentials === undefined ? undefined : clientFor(this.settings, credentials, this.marketsFrom);
  }
}

/** A REST client on these credentials, with the markets of a client that loaded them. */
export function clientFor(settings: LiveVenueConfig, credentials: VenueCredentials, marketsFrom: Exchange): Exchange {
  const client = createClient(settings, "rest", credentials);
  client.setMarketsFromExchange(marketsFrom);
  return client;
}
