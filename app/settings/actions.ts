"use server";

import { z } from "zod";
import { agentKeyFormat } from "@/lib/auth/agent-keys";
import { ownerAction, ownerTradingClient, type ActionResult } from "@/lib/dashboard/api";
import type { LinkedVenueAccountView, VenueAccountView } from "@/lib/client/trading";
import { linkVenueAccountBody, venueParam } from "@/lib/venues/accounts/contract";
import { clearRemoteCredentials, linkSignedWallet, saveRemoteCredentials } from "@/lib/dashboard/settings";

const settings = { page: "/settings", revalidate: true };

const signed = z.object({ message: z.string().min(1).max(4000), signature: z.string().regex(/^0x[0-9a-fA-F]+$/) });

/** Links the wallet that signed the message to the signed-in owner. */
export async function linkWalletAction(input: unknown): Promise<ActionResult> {
  const spec = { ...settings, doing: "link the wallet", input: signed, invalidMessage: () => "The signed message is malformed." };
  return ownerAction(spec, input, async (ownerId, body) => {
    await linkSignedWallet(ownerId, body);
    return undefined;
  });
}

const remoteCredentials = z.object({
  ownerToken: z
    .string()
    .trim()
    .regex(/^[\w-]+\.[\w-]+\.[\w-]*$/, "The owner token must be a JWT (three dot-separated parts).")
    .optional()
    .or(z.literal("")),
  agentKey: z
    .string()
    .trim()
    .refine((k) => k === "" || agentKeyFormat.isWellFormed(k), "The agent key is not a well-formed bourse_sk_live_ key.")
    .optional(),
});

/** Stores (sealed) the credentials for a remote deployment of the API; blank fields are left as they are. */
export async function saveRemoteCredentialsAction(input: unknown): Promise<ActionResult> {
  const spec = {
    ...settings,
    doing: "save the credentials",
    input: remoteCredentials,
    invalidMessage: (error: z.ZodError) => error.issues.map((i) => i.message).join(" "),
  };
  return ownerAction(spec, input, async (ownerId, credentials) => {
    await saveRemoteCredentials(ownerId, credentials);
    return undefined;
  });
}

export async function clearRemoteCredentialsAction(): Promise<ActionResult> {
  return ownerAction({ ...settings, doing: "clear the credentials", input: z.undefined() }, undefined, async (ownerId) => {
    await clearRemoteCredentials(ownerId);
    return undefined;
  });
}

const linkVenueAccount = z.object({ venue: venueParam.shape.venue, credentials: linkVenueAccountBody });

/** Links (or replaces) the owner's account on a venue through the trading API, which checks it with the venue first. */
export async function linkVenueAccountAction(input: unknown): Promise<ActionResult<LinkedVenueAccountView>> {
  return ownerAction({ ...settings, doing: "link the venue account", input: linkVenueAccount }, input, async (ownerId, { venue, credentials }) =>
    (await ownerTradingClient(ownerId)).linkVenueAccount(venue, credentials),
  );
}

export async function removeVenueAccountAction(input: unknown): Promise<ActionResult<VenueAccountView>> {
  return ownerAction(
    { ...settings, doing: "remove the venue account", input: z.object({ venue: venueParam.shape.venue }) },
    input,
    async (ownerId, { venue }) => (await ownerTradingClient(ownerId)).removeVenueAccount(venue),
  );
}
