"use server";

import { z } from "zod";
import { cancelOrderParams, idempotencyHeaders, placeOrderBody, type OrderView, type ParentOrderView } from "@/lib/trading/contract/orders";
import { openPairBody, pairIdParam, type PairView } from "@/lib/trading/contract/pairs";
import { closePositionBody, positionExitsBody, positionSymbolParam, type PositionExitsResult } from "@/lib/trading/contract/positions";
import type { TradingClient } from "@/lib/client/trading";
import { deskTradingClient, ownerAction, ownerTradingClient, refusal, type ActionResult } from "@/lib/dashboard/api";
import { killSwitchView, type KillSwitchPanel } from "@/lib/dashboard/kill-switch-view";

// Every action re-reads the session; orders, positions and pairs are reached with the owner's own desk
// key, so the API itself refuses another owner's order or pair (404). Kill-switch keys are checked
// against the owner's key list here.

const idempotencyKey = idempotencyHeaders.shape["idempotency-key"];

/** A trade desk action: what it does (for an unexpected failure's message) and its input. */
const desk = <S extends z.ZodType>(doing: string, input: S) => ({ page: "/trade", doing, input });

/** Places an order from the ticket: smart-routed unless it names a venue. A retry with the same idempotency key is not sent twice. */
export async function placeOrderAction(input: { order: z.input<typeof placeOrderBody>; idempotencyKey?: string }): Promise<ActionResult<ParentOrderView>> {
  return ownerAction(desk("place the order", z.object({ order: placeOrderBody, idempotencyKey })), input, async (ownerId, { order, idempotencyKey: key }) =>
    (await deskTradingClient(ownerId)).placeOrder(order, key),
  );
}

export async function cancelOrderAction(input: { venue: string; orderId: string }): Promise<ActionResult<OrderView>> {
  return ownerAction(desk("cancel the order", cancelOrderParams), input, async (ownerId, { venue, orderId }) =>
    (await deskTradingClient(ownerId)).cancelOrder(venue, orderId),
  );
}

/** Cancels every live order (of one symbol when given). */
export async function cancelAllOrdersAction(input: { symbol?: string }): Promise<ActionResult<{ cancelled: number; failures: string[] }>> {
  return ownerAction(desk("cancel the orders", z.object({ symbol: z.string().min(1).max(32).optional() })), input, async (ownerId, { symbol }) => {
    const done = await (await deskTradingClient(ownerId)).cancelAllOrders(symbol);
    return { cancelled: done.cancelled.length, failures: done.failures };
  });
}

/** Closes a position (everything, or `quantity`) with reduce-only market orders. */
export async function closePositionAction(input: {
  position: z.input<typeof closePositionBody>;
  idempotencyKey?: string;
}): Promise<ActionResult<ParentOrderView>> {
  return ownerAction(
    desk("close the position", z.object({ position: closePositionBody, idempotencyKey })),
    input,
    async (ownerId, { position, idempotencyKey: key }) => (await (await deskTradingClient(ownerId)).closePosition(position, key)).order,
  );
}

/** Sets or replaces (null: removes) a position's take-profit and stop-loss. */
export async function setPositionExitsAction(input: {
  symbol: string;
  exits: z.input<typeof positionExitsBody>;
  idempotencyKey?: string;
}): Promise<ActionResult<PositionExitsResult>> {
  return ownerAction(
    desk("set the take-profit and stop-loss", positionSymbolParam.extend({ exits: positionExitsBody, idempotencyKey })),
    input,
    async (ownerId, { symbol, exits, idempotencyKey: key }) => (await deskTradingClient(ownerId)).setPositionExits(symbol, exits, key),
  );
}

export async function openPairAction(input: { pair: z.input<typeof openPairBody>; idempotencyKey?: string }): Promise<ActionResult<PairView>> {
  return ownerAction(desk("open the pair", z.object({ pair: openPairBody, idempotencyKey })), input, async (ownerId, { pair, idempotencyKey: key }) =>
    (await deskTradingClient(ownerId)).openPair(pair, key),
  );
}

export async function closePairAction(input: { id: string; idempotencyKey?: string }): Promise<ActionResult<PairView>> {
  return ownerAction(desk("close the pair", pairIdParam.extend({ idempotencyKey })), input, async (ownerId, { id, idempotencyKey: key }) =>
    (await deskTradingClient(ownerId)).closePair(id, key),
  );
}

const switchInput = z.object({ keyId: z.string().min(1).max(64).optional() });

/** The switch for one key of the owner's, or every key (keyId absent). */
async function flipKillSwitch(
  doing: string,
  input: unknown,
  flip: (client: TradingClient, keyId: string | undefined) => Promise<unknown>,
): Promise<ActionResult<KillSwitchPanel>> {
  return ownerAction(desk(doing, switchInput), input, async (ownerId, { keyId }) => {
    const client = await ownerTradingClient(ownerId);
    const keys = await client.listKeys();
    if (keyId !== undefined && !keys.some((k) => k.id === keyId)) throw refusal("You have no key with that id.", 404, "NOT_FOUND");
    await flip(client, keyId);
    return killSwitchView(await client.killSwitch(), keys);
  });
}

/** Pulls the kill switch: cancels the live orders it covers and refuses new ones until released. */
export async function engageKillSwitchAction(input: { keyId?: string }): Promise<ActionResult<KillSwitchPanel>> {
  return flipKillSwitch("pull the kill switch", input, (client, keyId) => client.engageKillSwitch(keyId));
}

export async function releaseKillSwitchAction(input: { keyId?: string }): Promise<ActionResult<KillSwitchPanel>> {
  return flipKillSwitch("release the kill switch", input, (client, keyId) => client.releaseKillSwitch(keyId));
}
