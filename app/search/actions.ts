"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import type { ActionFailure, RevealedKey } from "@/app/keys/actions";
import { addCreditsBody, keyIdParam, mintSearchKeyBody } from "@/lib/api/search/keys.schema";
import { scrapeRequest } from "@/lib/api/search/scrape.schema";
import { searchRequest } from "@/lib/api/search/search.schema";
import { planSchema } from "@/lib/api/search/validate.schema";
import { describeIssues } from "@/lib/api/validation";
import { forgetConsoleKey, keepConsoleKey } from "@/lib/auth/search-keys-console";
import { ApiClientError } from "@/lib/client/http";
import type { ScrapeResponseView, SearchResponseView } from "@/lib/client/search";
import { consoleKeyContext, consoleSearchClient, ownerSearchClient, pastedKeyClient } from "@/lib/dashboard/search-console";
import { dashboardDeps } from "@/lib/dashboard/services";
import { requireOwnerId } from "@/lib/dashboard/session";

const PAGE = "/search";

/** A refusal of the search API, with what the console needs to explain it. */
export type RunFailure = ActionFailure & { code: string; status: number; requestId: string | null };
export type SearchRunResult = { ok: true; response: SearchResponseView } | RunFailure;
export type ScrapeRunResult = { ok: true; response: ScrapeResponseView } | RunFailure;
export type MintSearchKeyResult = { ok: true; key: RevealedKey; keyId: string } | ActionFailure;
export type DoneResult = { ok: true } | ActionFailure;

const idempotencyKey = z.string().regex(/^[\x21-\x7e]{1,255}$/, "must be 1 to 255 visible ASCII characters");
const runSearchInput = z.object({ keyId: keyIdParam.shape.id, request: searchRequest, idempotencyKey });
const runScrapeInput = z.object({ keyId: keyIdParam.shape.id, request: scrapeRequest, idempotencyKey });
const mintInput = mintSearchKeyBody.extend({ useInConsole: z.boolean() });
const attachInput = z.object({ secret: z.string().trim().min(1, "Paste the key.").max(200) });
const planInput = keyIdParam.extend({ plan: planSchema });
const creditsInput = keyIdParam.extend({ ...addCreditsBody.shape, idempotencyKey });

function invalid(error: z.ZodError): ActionFailure {
  return { ok: false, error: describeIssues(error, "input") };
}

function refused(err: unknown, doing: string): RunFailure {
  if (err instanceof ApiClientError) return { ok: false, error: err.message, code: err.code, status: err.status, requestId: err.requestId };
  dashboardDeps().log.error({ err }, `search console: ${doing} failed`);
  return { ok: false, error: `Could not ${doing}: the API answered in an unexpected way.`, code: "UNEXPECTED", status: 0, requestId: null };
}

/** Runs a search with a console-held key. The Idempotency-Key comes from the form, so a resubmitted run is charged once. */
export async function runSearchAction(input: z.input<typeof runSearchInput>): Promise<SearchRunResult> {
  const ownerId = await requireOwnerId(PAGE);
  const parsed = runSearchInput.safeParse(input);
  if (!parsed.success) return { ...invalid(parsed.error), code: "BAD_REQUEST", status: 400, requestId: null };
  try {
    const client = await consoleSearchClient(ownerId, parsed.data.keyId);
    return { ok: true, response: await client.search(parsed.data.request, parsed.data.idempotencyKey) };
  } catch (err) {
    return refused(err, "run the search");
  }
}

export async function runScrapeAction(input: z.input<typeof runScrapeInput>): Promise<ScrapeRunResult> {
  const ownerId = await requireOwnerId(PAGE);
  const parsed = runScrapeInput.safeParse(input);
  if (!parsed.success) return { ...invalid(parsed.error), code: "BAD_REQUEST", status: 400, requestId: null };
  try {
    const client = await consoleSearchClient(ownerId, parsed.data.keyId);
    return { ok: true, response: await client.scrape(parsed.data.request, parsed.data.idempotencyKey) };
  } catch (err) {
    return refused(err, "run the scrape");
  }
}

/** Mints a key; its secret is shown once, and kept sealed for the console when the owner asks. */
export async function mintSearchKeyAction(input: z.input<typeof mintInput>): Promise<MintSearchKeyResult> {
  const ownerId = await requireOwnerId(PAGE);
  const parsed = mintInput.safeParse(input);
  if (!parsed.success) return invalid(parsed.error);
  try {
    const minted = await (await ownerSearchClient(ownerId)).mintKey(parsed.data.name);
    if (parsed.data.useInConsole) await keepConsoleKey(consoleKeyContext(), ownerId, minted.id, minted.key);
    revalidatePath(PAGE);
    return { ok: true, keyId: minted.id, key: { name: minted.name, fragment: minted.fragment, secret: minted.key } };
  } catch (err) {
    return refused(err, "mint the key");
  }
}

export async function revokeSearchKeyAction(input: { id: string }): Promise<DoneResult> {
  const ownerId = await requireOwnerId(PAGE);
  const parsed = keyIdParam.safeParse(input);
  if (!parsed.success) return invalid(parsed.error);
  try {
    await (await ownerSearchClient(ownerId)).revokeKey(parsed.data.id);
    await forgetConsoleKey(consoleKeyContext(), ownerId, parsed.data.id);
    revalidatePath(PAGE);
    return { ok: true };
  } catch (err) {
    return refused(err, "revoke the key");
  }
}

/** Lets the console use a key the owner pastes, once the API confirms it is an active key of this owner. */
export async function attachSearchKeyAction(input: { secret: string }): Promise<DoneResult> {
  const ownerId = await requireOwnerId(PAGE);
  const parsed = attachInput.safeParse(input);
  if (!parsed.success) return { ok: false, error: parsed.error.issues[0]!.message };
  const secret = parsed.data.secret;
  try {
    const validation = await pastedKeyClient(secret).validate();
    const { keys } = await (await ownerSearchClient(ownerId)).listKeys();
    if (!keys.some((k) => k.id === validation.key_id)) return { ok: false, error: "That key belongs to another owner." };
    await keepConsoleKey(consoleKeyContext(), ownerId, validation.key_id, secret);
    revalidatePath(PAGE);
    return { ok: true };
  } catch (err) {
    if (err instanceof ApiClientError && err.status === 401) return { ok: false, error: `The API refused that key: ${err.message}` };
    return refused(err, "add the key");
  }
}

/** The console forgets a key it held; the key itself keeps working elsewhere. */
export async function detachSearchKeyAction(input: { id: string }): Promise<DoneResult> {
  const ownerId = await requireOwnerId(PAGE);
  const parsed = keyIdParam.safeParse(input);
  if (!parsed.success) return invalid(parsed.error);
  await forgetConsoleKey(consoleKeyContext(), ownerId, parsed.data.id);
  revalidatePath(PAGE);
  return { ok: true };
}

/** Administrators only; the API checks. */
export async function changePlanAction(input: { id: string; plan: string }): Promise<DoneResult> {
  const ownerId = await requireOwnerId(PAGE);
  const parsed = planInput.safeParse(input);
  if (!parsed.success) return invalid(parsed.error);
  try {
    await (await ownerSearchClient(ownerId)).setPlan(parsed.data.id, parsed.data.plan);
    revalidatePath(PAGE);
    return { ok: true };
  } catch (err) {
    return refused(err, "change the plan");
  }
}

/** Administrators only; the API checks. The Idempotency-Key comes from the form: a double submit adds once. */
export async function addCreditsAction(input: { id: string; amount: number; note?: string; idempotencyKey: string }): Promise<DoneResult> {
  const ownerId = await requireOwnerId(PAGE);
  const parsed = creditsInput.safeParse(input);
  if (!parsed.success) return invalid(parsed.error);
  const { id, amount, note } = parsed.data;
  try {
    await (await ownerSearchClient(ownerId)).addCredits(id, { amount, ...(note ? { note } : {}) }, parsed.data.idempotencyKey);
    revalidatePath(PAGE);
    return { ok: true };
  } catch (err) {
    return refused(err, "add credits");
  }
}
