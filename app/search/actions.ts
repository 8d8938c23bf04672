"use server";

import { z } from "zod";
import type { RevealedKey } from "@/app/keys/actions";
import { addCreditsBody, planSchema } from "@/lib/billing/contract";
import { keyIdParam } from "@/lib/auth/contract/key-id";
import { mintSearchKeyBody } from "@/lib/auth/contract/search-keys";
import { scrapeRequest } from "@/lib/web/contract/scrape";
import { searchRequest } from "@/lib/web/contract/search";
import { ApiClientError } from "@/lib/client/http";
import type { ScrapeResponseView, SearchResponseView } from "@/lib/client/search";
import { consoleSearchClient, ownerAction, ownerSearchClient, pastedSearchKeyClient, refusal, type ActionResult } from "@/lib/dashboard/api";
import { forgetConsoleKey, keepConsoleKey } from "@/lib/dashboard/console-keys";
import { heldSearchKey } from "@/lib/dashboard/sample-keys";

/** A search console action: what it does (for an unexpected failure's message), its input, and whether the page shows what it changes. */
const consoleAction = <S extends z.ZodType>(doing: string, input: S, revalidate = true) => ({ page: "/search", doing, input, revalidate });

const idempotencyKey = z.string().regex(/^[\x21-\x7e]{1,255}$/, "must be 1 to 255 visible ASCII characters");
const runSearchInput = z.object({ keyId: keyIdParam.shape.id, request: searchRequest, idempotencyKey });
const runScrapeInput = z.object({ keyId: keyIdParam.shape.id, request: scrapeRequest, idempotencyKey });
const mintInput = mintSearchKeyBody.extend({ useInConsole: z.boolean() });
const attachInput = z.object({ secret: z.string().trim().min(1, "Paste the key.").max(200) });
const planInput = keyIdParam.extend({ plan: planSchema });
const creditsInput = keyIdParam.extend({ ...addCreditsBody.shape, idempotencyKey });

/** Runs a search with a console-held key. The Idempotency-Key comes from the form, so a resubmitted run is charged once. */
export async function runSearchAction(input: z.input<typeof runSearchInput>): Promise<ActionResult<SearchResponseView>> {
  return ownerAction(consoleAction("run the search", runSearchInput, false), input, async (ownerId, { keyId, request, idempotencyKey: key }) =>
    (await consoleSearchClient(ownerId, keyId)).search(request, key),
  );
}

export async function runScrapeAction(input: z.input<typeof runScrapeInput>): Promise<ActionResult<ScrapeResponseView>> {
  return ownerAction(consoleAction("run the scrape", runScrapeInput, false), input, async (ownerId, { keyId, request, idempotencyKey: key }) =>
    (await consoleSearchClient(ownerId, keyId)).scrape(request, key),
  );
}

/** Mints a key; its secret is shown once, and kept sealed for the console when the owner asks. */
export async function mintSearchKeyAction(
  input: z.input<typeof mintInput>,
): Promise<ActionResult<{ key: RevealedKey; keyId: string; startingCredits: number }>> {
  return ownerAction(consoleAction("mint the key", mintInput), input, async (ownerId, { name, useInConsole }) => {
    const minted = await (await ownerSearchClient(ownerId)).mintKey(name);
    if (useInConsole) await keepConsoleKey(ownerId, minted.id, minted.key);
    return { keyId: minted.id, startingCredits: minted.starting_credits, key: { name: minted.name, fragment: minted.fragment, secret: minted.key } };
  });
}

export async function revokeSearchKeyAction(input: { id: string }): Promise<ActionResult> {
  return ownerAction(consoleAction("revoke the key", keyIdParam), input, async (ownerId, { id }) => {
    await (await ownerSearchClient(ownerId)).revokeKey(id);
    await forgetConsoleKey(ownerId, id);
    return undefined;
  });
}

/** Lets the console use a key the owner pastes, once the API confirms it is an active key of this owner. */
export async function attachSearchKeyAction(input: { secret: string }): Promise<ActionResult> {
  const spec = { ...consoleAction("add the key", attachInput), invalidMessage: (error: z.ZodError) => error.issues[0]!.message };
  return ownerAction(spec, input, async (ownerId, { secret }) => {
    const validation = await pastedSearchKeyClient(secret)
      .validate()
      .catch((err: unknown) => {
        if (err instanceof ApiClientError && err.status === 401) throw refusal(`The API refused that key: ${err.message}`, 401, err.code);
        throw err;
      });
    const { keys } = await (await ownerSearchClient(ownerId)).listKeys();
    if (!keys.some((k) => k.id === validation.key_id)) throw refusal("That key belongs to another owner.", 403, "FORBIDDEN");
    await keepConsoleKey(ownerId, validation.key_id, secret);
    return undefined;
  });
}

/** The console forgets a key it held; the key itself keeps working elsewhere. */
export async function detachSearchKeyAction(input: { id: string }): Promise<ActionResult> {
  return ownerAction(consoleAction("forget the key", keyIdParam), input, async (ownerId, { id }) => {
    await forgetConsoleKey(ownerId, id);
    return undefined;
  });
}

/** Administrators only; the API checks. */
export async function changePlanAction(input: { id: string; plan: string }): Promise<ActionResult> {
  return ownerAction(consoleAction("change the plan", planInput), input, async (ownerId, { id, plan }) => {
    await (await ownerSearchClient(ownerId)).setPlan(id, plan);
    return undefined;
  });
}

/** Administrators only; the API checks. The Idempotency-Key comes from the form: a double submit adds once. */
export async function addCreditsAction(input: { id: string; amount: number; note?: string; idempotencyKey: string }): Promise<ActionResult> {
  return ownerAction(consoleAction("add credits", creditsInput), input, async (ownerId, { id, amount, note, idempotencyKey: key }) => {
    await (await ownerSearchClient(ownerId)).addCredits(id, { amount, ...(note ? { note } : {}) }, key);
    return undefined;
  });
}

/** The secret of a console-held key, for a request sample the owner chose to see filled in (masked samples need nothing). */
export async function revealConsoleKeyAction(input: { id: string }): Promise<ActionResult<string>> {
  return ownerAction(consoleAction("show the key", keyIdParam, false), input, async (ownerId, { id }) => {
    const secret = await heldSearchKey(ownerId, id);
    if (!secret) throw refusal("This console does not hold that key: paste it instead.", 404, "KEY_NOT_IN_CONSOLE");
    return secret;
  });
}
