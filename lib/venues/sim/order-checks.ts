import { initialMarginFor } from "../../engine/accounts/margin";
import { notional } from "../../engine/accounts/market-units";
import { isLimitType, isTakeProfitType, isTriggerType } from "../../engine/types";
import type { PlaceOrder } from "../venue";
import type { AccountState } from "./accounts";
import type { SimMarket } from "./sim-market";
import type { SimVenueState } from "./venue-state";

/** Why an order is malformed for this market, or null when it is well formed. */
export function invalidOrder(venue: string, market: SimMarket, req: PlaceOrder): string | null {
  if (!Number.isSafeInteger(req.size) || req.size <= 0) return "size must be a whole, positive number of lots";
  const needsPrice = isLimitType(req.type);
  const needsTrigger = isTriggerType(req.type);
  if (needsPrice && req.price === undefined) return `${req.type} needs a price`;
  if (!needsPrice && req.price !== undefined) return `${req.type} takes no price`;
  if (needsTrigger && req.triggerPrice === undefined) return `${req.type} needs a trigger price`;
  if (!needsTrigger && req.triggerPrice !== undefined) return `${req.type} takes no trigger price`;
  const step = market.info.tickMultiple;
  for (const [name, value] of [
    ["price", req.price],
    ["trigger price", req.triggerPrice],
    ["protection price", req.protectionPrice],
    ["take-profit", req.takeProfit],
    ["stop-loss", req.stopLoss],
  ] as const) {
    if (value === undefined) continue;
    if (!Number.isSafeInteger(value) || value <= 0) return `${name} must be positive`;
    if (name === "price" && value % step !== 0) return `price must be a multiple of ${venue}'s tick for ${req.symbol}`;
  }
  return invalidTimeInForce(req) ?? invalidExits(req);
}

function invalidTimeInForce(req: PlaceOrder): string | null {
  const tif = req.timeInForce;
  if (tif === undefined) return null;
  if (tif === "POST_ONLY") return req.type === "LIMIT" ? null : `${req.type} cannot be post-only`;
  if (!isLimitType(req.type) && tif === "GTC") return `${req.type} never rests: IOC or FOK`;
  return null;
}

function invalidExits(req: PlaceOrder): string | null {
  if (req.takeProfit === undefined && req.stopLoss === undefined) return null;
  if (req.reduceOnly === true || isTakeProfitType(req.type))
    return "take-profit and stop-loss attach to orders that open a position, not to reduce-only orders";
  const buy = req.side === "BUY";
  if (req.takeProfit !== undefined && req.stopLoss !== undefined && (buy ? req.takeProfit <= req.stopLoss : req.takeProfit >= req.stopLoss))
    return `a ${buy ? "buy" : "sell"}'s take-profit must be ${buy ? "above" : "below"} its stop-loss`;
  return null;
}

/** Why the account cannot carry the order, or null when it can. Reducing lots need no margin. */
export function marginShortfall(state: SimVenueState, owner: string, account: AccountState, market: SimMarket, req: PlaceOrder): string | null {
  if (req.reduceOnly === true) return null;
  const held = state.heldLots(owner, req.symbol);
  const reducing = req.side === "BUY" ? Math.max(0, -held) : Math.max(0, held);
  const adding = Math.max(0, req.size - reducing);
  if (adding === 0) return null;
  const ref = req.price ?? req.triggerPrice ?? market.markPrice;
  if (ref <= 0) return `${req.symbol} has no price yet on ${state.name}`;
  const leverage = account.positions.get(req.symbol)?.leverage ?? state.defaultLeverage(market);
  const needed = initialMarginFor(notional(market.risk.units, ref, adding), leverage);
  const available = state.margin(owner, account).available;
  if (available >= needed) return null;
  return `the order needs ${needed} quote atoms of initial margin at ${leverage}×; ${available > 0n ? available : 0n} are available on ${state.name}`;
}
