import { describe, expect, it } from "vitest";
import { EVERY_SUBJECT, localBus } from "../../cluster/bus";
import { manualClock } from "../../clock";
import type { VenueCredentials } from "../live/credentials";
import { accountSubject, createVenueAccountDirectory, VENUE_ACCOUNTS_TOPIC } from "./directory";

/** A store the test changes by hand, counting reads; while `gate` is set, reads wait for it after reading. */
function fakeStore() {
  const rows = new Map<string, VenueCredentials>();
  const state: { reads: number; gate: Promise<void> | undefined } = { reads: 0, gate: undefined };
  const read = async (ownerId: string, venue: string) => {
    state.reads++;
    const value = rows.get(accountSubject(ownerId, venue));
    await state.gate;
    return value;
  };
  return { rows, state, read };
}

function setUp(maxEntries?: number) {
  const store = fakeStore();
  const bus = localBus();
  const directory = createVenueAccountDirectory({ read: store.read, bus, clock: manualClock(), maxEntries });
  const heard: string[] = [];
  directory.onChange((owner, venue) => heard.push(`${owner}/${venue}`));
  const announce = (owner: string, venue: string) => bus.publish(VENUE_ACCOUNTS_TOPIC, accountSubject(owner, venue));
  return { store, bus, directory, heard, announce };
}

const A = { apiKey: "key-a-000000", secret: "secret-a-000000" };
const B = { apiKey: "key-b-000000", secret: "secret-b-000000" };

describe("the venue account directory", () => {
  it("reads an account once and answers from memory until a change is announced", async () => {
    const { store, directory, heard, announce } = setUp();
    store.rows.set(accountSubject("own:1", "binanceusdm"), A);
    expect(await directory.credentials("own:1", "binanceusdm")).toEqual(A);
    expect(await directory.credentials("own:1", "binanceusdm")).toEqual(A);
    expect(await directory.credentials("own:1", "hyperliquid")).toBeUndefined();
    expect(store.state.reads).toBe(2);

    store.rows.set(accountSubject("own:1", "binanceusdm"), B);
    await announce("own:1", "binanceusdm");
    // The owner id may hold a colon: the subject splits at the venue's end.
    expect(heard).toEqual(["own:1/binanceusdm"]);
    expect(await directory.credentials("own:1", "binanceusdm")).toEqual(B);
    expect(store.state.reads).toBe(3);
  });

  it("reads again rather than answer what a change announced during the read replaced", async () => {
    const { store, directory, announce } = setUp();
    store.rows.set(accountSubject("own_1", "hyperliquid"), A);
    let open = () => {};
    store.state.gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const answer = directory.credentials("own_1", "hyperliquid");
    // The read has A; the account is replaced and announced before it returns.
    store.rows.set(accountSubject("own_1", "hyperliquid"), B);
    await announce("own_1", "hyperliquid");
    store.state.gate = undefined;
    open();
    expect(await answer).toEqual(B);
    expect(store.state.reads).toBe(2);
  });

  it("tells listeners about every account it handed out when every change may have been missed", async () => {
    const { store, bus, directory, heard } = setUp();
    store.rows.set(accountSubject("own_1", "hyperliquid"), A);
    store.rows.set(accountSubject("own_2", "binanceusdm"), B);
    await directory.credentials("own_1", "hyperliquid");
    await directory.credentials("own_2", "binanceusdm");
    await directory.credentials("own_3", "binanceusdm");
    await bus.publish(VENUE_ACCOUNTS_TOPIC, EVERY_SUBJECT);
    expect(heard.sort()).toEqual(["own_1/hyperliquid", "own_2/binanceusdm"]);
    store.rows.delete(accountSubject("own_1", "hyperliquid"));
    expect(await directory.credentials("own_1", "hyperliquid")).toBeUndefined();
  });

  it("keeps at most maxEntries accounts, and no failed read", async () => {
    const { store, directory } = setUp(1);
    store.rows.set(accountSubject("own_1", "hyperliquid"), A);
    await directory.credentials("own_1", "hyperliquid");
    await directory.credentials("own_2", "hyperliquid");
    await directory.credentials("own_1", "hyperliquid");
    expect(store.state.reads).toBe(3);

    const failing = createVenueAccountDirectory({
      read: async () => {
        store.state.reads++;
        throw new Error("database down");
      },
      bus: localBus(),
      clock: manualClock(),
    });
    await expect(failing.credentials("own_1", "hyperliquid")).rejects.toThrow("database down");
    await expect(failing.credentials("own_1", "hyperliquid")).rejects.toThrow("database down");
    expect(store.state.reads).toBe(5);
  });

  it("stops telling a listener once it unsubscribes", async () => {
    const { directory, announce } = setUp();
    const heard: string[] = [];
    const off = directory.onChange((o, v) => heard.push(`${o}/${v}`));
    await announce("own_1", "hyperliquid");
    off();
    await announce("own_1", "hyperliquid");
    expect(heard).toEqual(["own_1/hyperliquid"]);
  });
});
