"use server";

import type { z } from "zod";
import {
  swapExecuteBody,
  swapFaucetBody,
  swapPrepareBody,
  type PreparedSwapView,
  type SwapFaucetResult,
  type SwapStatusView,
} from "@/lib/api/trading/swap.schema";
import { describeIssues } from "@/lib/api/validation";
import { requireOwnerId } from "@/lib/dashboard/session";
import { deskFailure, deskSwapClient } from "./desk-api";

export type ActionResult<T> = { ok: true; value: T } | { ok: false; error: string };

async function run<S extends z.ZodType, T>(schema: S, input: unknown, call: (ownerId: string, body: z.output<S>) => Promise<T>): Promise<ActionResult<T>> {
  const ownerId = await requireOwnerId("/swap");
  const parsed = schema.safeParse(input);
  if (!parsed.success) return { ok: false, error: describeIssues(parsed.error, "input") };
  try {
    return { ok: true, value: await call(ownerId, parsed.data) };
  } catch (err) {
    return { ok: false, error: deskFailure(err).error };
  }
}

/** The transactions the connected wallet signs for a quote. */
export async function prepareSwapAction(input: { quoteId: string; fromAddress: string }): Promise<ActionResult<PreparedSwapView>> {
  return run(swapPrepareBody, input, async (ownerId, body) => (await deskSwapClient(ownerId)).prepare(body));
}

/** Signs and sends a quote with the owner's server-held wallet. */
export async function executeSwapAction(input: { quoteId: string }): Promise<ActionResult<SwapStatusView>> {
  return run(swapExecuteBody, input, async (ownerId, body) => (await deskSwapClient(ownerId)).execute(body));
}

/** Test tokens and gas on the local chains for an address. */
export async function faucetAction(input: { address: string }): Promise<ActionResult<SwapFaucetResult>> {
  return run(swapFaucetBody, input, async (ownerId, body) => (await deskSwapClient(ownerId)).faucet(body.address));
}
