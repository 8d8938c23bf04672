import "server-only";
import type { ReferenceApi } from "../reference/apis";
import { ownerSearchClient, ownerTradingClient } from "./api";
import { consoleKeyIds, openConsoleKey } from "./console-keys";

/** One of the owner's keys, as request samples offer it: masked by its fragment; `held` when this dashboard can fill it in. */
export interface SampleKey {
  id: string;
  name: string;
  fragment: string;
  held: boolean;
}

/**
 * The owner's active keys for an API's samples. Search keys the console holds can be filled in from here;
 * agent keys are stored as hashes only, so the owner pastes the secret (the desk key is the dashboard's and not offered).
 */
export async function sampleKeys(ownerId: string, api: ReferenceApi): Promise<SampleKey[]> {
  if (api === "search") {
    const [list, held] = await Promise.all([(await ownerSearchClient(ownerId)).listKeys(), consoleKeyIds(ownerId)]);
    return list.keys.filter((k) => k.status === "active").map((k) => ({ id: k.id, name: k.name, fragment: k.fragment, held: held.has(k.id) }));
  }
  const keys = await (await ownerTradingClient(ownerId)).listKeys();
  return keys.filter((k) => k.status === "active" && k.kind === "agent").map((k) => ({ id: k.id, name: k.name, fragment: k.fragment, held: false }));
}

/** The secret of a search key this console holds, for a sample the owner asked to see filled in; null when it is not held. */
export function heldSearchKey(ownerId: string, keyId: string): Promise<string | null> {
  return openConsoleKey(ownerId, keyId);
}
