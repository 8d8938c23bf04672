"use server";

import type { z } from "zod";
import { swapExecuteBody, swapFaucetBody, swapPrepareBody, type PreparedSwapView, type SwapFaucetResult, type SwapStatusView } from "@/lib/swap/contract";
import { deskSwapClient, ownerAction, type ActionResult } from "@/lib/dashboard/api";

/** A swap desk action: what it does (for an unexpected failure's message) and its input. */
const desk = <S extends z.ZodType>(doing: string, input: S) => ({ page: "/swap", doing, input });

/** The transactions the connected wallet signs for a quote. */
export async function prepareSwapAction(input: { quoteId: string; fromAddress: string }): Promise<ActionResult<PreparedSwapView>> {
  return ownerAction(desk("prepare the swap", swapPrepareBody), input, async (ownerId, body) => (await deskSwapClient(ownerId)).prepare(body));
}

/** Signs and sends a quote with the owner's server-held wallet. */
export async function executeSwapAction(input: { quoteId: string }): Promise<ActionResult<SwapStatusView>> {
  return ownerAction(desk("execute the swap", swapExecuteBody), input, async (ownerId, body) => (await deskSwapClient(ownerId)).execute(body));
}

/** Test tokens and gas on the local chains for an address. */
export async function faucetAction(input: { address: string }): Promise<ActionResult<SwapFaucetResult>> {
  return ownerAction(desk("fund the address", swapFaucetBody), input, async (ownerId, body) => (await deskSwapClient(ownerId)).faucet(body.address));
}
