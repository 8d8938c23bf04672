// The wire shapes of the owner's venue-account routes (zod only: the dashboard's client imports them too).
import { z } from "zod";
import { CREDENTIAL_NAMES, type CredentialName } from "../live/credentials";

const isoTime = z.iso.datetime({ offset: true });

export const venueParam = z.object({
  venue: z
    .string()
    .regex(/^[a-z0-9]{1,32}$/, "must be a venue's lower-case name, such as hyperliquid or binanceusdm")
    .meta({ description: "The venue's name (ccxt's id), e.g. hyperliquid, binanceusdm", example: "hyperliquid" }),
});

const credentialField = z
  .object({
    name: z.enum(CREDENTIAL_NAMES).meta({ description: "The body field to send it in (ccxt's credential name)" }),
    label: z.string().meta({ example: "API wallet private key" }),
    secret: z.boolean().meta({ description: "Never shown back in full" }),
    format: z.string().meta({ description: "What a well-formed value looks like", example: "64 hex digits, 0x optional" }),
  })
  .meta({ id: "VenueCredentialField" });

export const venueAccountSchema = z
  .object({
    venue: z.string(),
    network: z.enum(["testnet", "mainnet"]).nullable().meta({ description: "The venue's configured network; null when the venue is no longer configured" }),
    linkable: z.boolean().meta({ description: "Whether an account can be linked (or replaced) on it here" }),
    credentials: z.array(credentialField).meta({ description: "What linking an account asks for (the venue's ccxt requiredCredentials)" }),
    account: z
      .object({
        identifier: z.string().meta({ description: "The main account address, or the API key's first and last characters", example: "0x8f3a…91c2" }),
        masked: z.record(z.string(), z.string()).meta({ description: "Each credential masked, by name", example: { apiKey: "vmPU…A3x9", secret: "••••x7Qp" } }),
        checkedAt: isoTime.meta({ description: "When the venue last accepted the credentials" }),
        linkedAt: isoTime,
        updatedAt: isoTime,
      })
      .nullable()
      .meta({ description: "The owner's linked account; null when none" }),
  })
  .meta({ id: "VenueAccount" });

const CREDENTIAL_DESCRIPTIONS: Record<CredentialName, string> = {
  apiKey: "API key (Binance and other API-key venues)",
  secret: "API secret",
  password: "API passphrase, for venues that ask for one",
  uid: "User id, for venues that ask for one",
  walletAddress: "Hyperliquid: the main account's address (0x and 40 hex digits)",
  privateKey: "Hyperliquid: the private key of an API wallet the main account approved (64 hex digits), never the main account's own key",
};

const credentialInput = (name: CredentialName) => z.string().max(1024).optional().meta({ description: CREDENTIAL_DESCRIPTIONS[name] });

export const linkVenueAccountBody = z
  .strictObject({
    apiKey: credentialInput("apiKey"),
    secret: credentialInput("secret"),
    password: credentialInput("password"),
    uid: credentialInput("uid"),
    walletAddress: credentialInput("walletAddress"),
    privateKey: credentialInput("privateKey"),
  } satisfies Record<CredentialName, z.ZodType>)
  .meta({ id: "LinkVenueAccount", description: "The credentials the venue's `credentials` list names, and no others" });

export const linkedVenueAccountSchema = z
  .object({
    account: venueAccountSchema,
    replaced: z
      .object({ identifier: z.string() })
      .nullable()
      .meta({ description: "The account linked before on this venue, now replaced; null when there was none" }),
    equityUsd: z.string().meta({ description: "The account's equity as the check read it, in US dollars", example: "1520.42" }),
  })
  .meta({ id: "LinkedVenueAccount" });

export type CredentialField = z.infer<typeof credentialField>;
export type VenueAccountView = z.infer<typeof venueAccountSchema>;
export type LinkedVenueAccountView = z.infer<typeof linkedVenueAccountSchema>;
