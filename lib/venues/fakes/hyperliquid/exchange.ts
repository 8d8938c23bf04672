// POST /exchange: signed actions. The signer is recovered as Hyperliquid does; only an API wallet an account
// approved may act for it. Answers and refusals are in Hyperliquid's shapes and words.
import type { Address } from "viem";
import type { PlaceRefusal } from "../core/fake-exchange";
import type { FakeResponse } from "../core/fake-server";
import { priceText, sizeText, stepsOf, unitPrice } from "../core/wire-units";
import { type ApproveBuilderFeeAction, type L1Action, type OrderWire, readAction } from "./actions";
import { UNREADABLE } from "./info";
import type { Packable } from "./msgpack";
import { actionHash, agentSigner, builderApprovalSigner, type Network } from "./signatures";
import type { HyperliquidReceived, HyperliquidVenue } from "./venue";

type ExchangeReceived = Extract<HyperliquidReceived, { endpoint: "exchange" }>;

const ok = (response: unknown): FakeResponse => ({ status: 200, body: { status: "ok", response } });
const err = (message: string): FakeResponse => ({ status: 200, body: { status: "err", response: message } });
const DEFAULT = { type: "default" };
const accepted = (response: FakeResponse) => (response.body as { status?: unknown }).status === "ok";

/** Answers an /exchange request; `received` is set when the venue accepted it (status "ok"). */
export async function answerExchange(venue: HyperliquidVenue, body: unknown): Promise<{ response: FakeResponse; received?: ExchangeReceived }> {
  if (typeof body !== "object" || body === null) return { response: UNREADABLE };
  const request = body as Record<string, unknown>;
  const action = readAction(request.action);
  const { nonce, signature } = request;
  const vault = typeof request.vaultAddress === "string" ? request.vaultAddress.toLowerCase() : undefined;
  const expiresAfter = typeof request.expiresAfter === "number" ? request.expiresAfter : undefined;
  if (action === undefined || typeof nonce !== "number" || !Number.isSafeInteger(nonce)) return { response: UNREADABLE };

  if (action.type === "approveBuilderFee") {
    const signer = (await builderApprovalSigner(action, signature))?.toLowerCase();
    const response = approveBuilderFee(venue, action, signer);
    const network: Network = action.hyperliquidChain === "Testnet" ? "testnet" : "mainnet";
    return {
      response,
      received: accepted(response) && signer !== undefined ? { endpoint: "exchange", action, nonce, signer, network, response: response.body } : undefined,
    };
  }

  const hash = actionHash(action as unknown as Packable, nonce, vault, expiresAfter);
  const signed = await signerOf(venue, hash, signature);
  if (signed === undefined) return { response: err("Invalid signature.") };
  const signer = signed.address.toLowerCase();
  const account = venue.agents.get(signer) ?? (venue.settings.acceptAccountKeys && venue.accounts.has(signer) ? signer : undefined);
  if (account === undefined) {
    if (venue.accounts.has(signer))
      return { response: err(`The fake venue takes actions signed by an approved API wallet, not by the account ${signer} itself.`) };
    return { response: err(`User or API Wallet ${signer} does not exist.`) };
  }
  const used = venue.nonces.get(signer) ?? new Set<number>();
  venue.nonces.set(signer, used);
  if (used.has(nonce)) return { response: err(`Invalid nonce: duplicate nonce ${nonce}.`) };
  used.add(nonce);
  if (vault !== undefined) return { response: err(`Vault not registered: ${vault}`) };

  const response = act(venue, account, action);
  return {
    response,
    received: accepted(response) ? { endpoint: "exchange", action, nonce, signer, account, network: signed.network, response: response.body } : undefined,
  };
}

/** The first network whose phantom agent recovers a signer the venue knows; else the mainnet signer. */
async function signerOf(venue: HyperliquidVenue, hash: `0x${string}`, signature: unknown): Promise<{ address: Address; network: Network } | undefined> {
  let first: { address: Address; network: Network } | undefined;
  for (const network of venue.settings.networks) {
    const address = await agentSigner(hash, network, signature);
    if (address === undefined) continue;
    const known = venue.agents.has(address.toLowerCase()) || venue.accounts.has(address.toLowerCase());
    if (known) return { address, network };
    first ??= { address, network };
  }
  return first;
}

function act(venue: HyperliquidVenue, account: string, action: L1Action): FakeResponse {
  const { exchange } = venue;
  switch (action.type) {
    case "order": {
      if (action.builder !== undefined && !venue.settings.allowBuilder && !venue.approvedBuilders.get(account)?.has(action.builder.b)) {
        return err("Builder fee has not been approved.");
      }
      if (action.grouping !== "na") return err("The fake venue takes orders without TP/SL grouping.");
      return ok({ type: "order", data: { statuses: action.orders.map((o) => placeOrder(venue, account, o)) } });
    }
    case "cancel":
      return ok({
        type: "cancel",
        data: { statuses: action.cancels.map((c) => cancelStatus(venue, c.a, exchange.order(account, String(c.o))?.orderId, account)) },
      });
    case "cancelByCloid":
      return ok({
        type: "cancel",
        data: { statuses: action.cancels.map((c) => cancelStatus(venue, c.asset, exchange.orderByClientId(account, c.cloid.toLowerCase())?.orderId, account)) },
      });
    case "updateLeverage": {
      const market = venue.asset(action.asset);
      if (market === undefined) return err(`Asset ${action.asset} does not exist.`);
      if (exchange.setLeverage(account, market.spec.id, action.leverage) !== "OK") return err("Invalid leverage value.");
      venue.setCross(account, market.spec.id, action.isCross);
      return ok(DEFAULT);
    }
    case "setReferrer":
      return ok(DEFAULT);
    case "scheduleCancel":
      return err("The fake venue does not schedule cancels.");
  }
}

function placeOrder(venue: HyperliquidVenue, account: string, wire: OrderWire): unknown {
  const market = venue.asset(wire.a);
  const asset = `asset=${wire.a}`;
  if (market === undefined) return { error: `Asset ${wire.a} does not exist.` };
  if (!("limit" in wire.t)) return { error: `The fake venue takes limit orders only (no triggers). ${asset}` };
  const price = stepsOf(wire.p, market.spec.tickSize);
  if (price === undefined || price <= 0) return { error: `Price must be divisible by tick size. ${asset}` };
  const size = stepsOf(wire.s, market.spec.lotSize);
  if (size === undefined) return { error: `Order has invalid size. ${asset}` };
  if (size <= 0) return { error: `Order has zero size. ${asset}` };
  const timeInForce = ({ Gtc: "GTC", Ioc: "IOC", Alo: "POST_ONLY" } as const)[wire.t.limit.tif];
  const result = venue.exchange.place(account, {
    symbol: market.spec.id,
    side: wire.b ? "BUY" : "SELL",
    type: "LIMIT",
    size,
    price,
    timeInForce,
    reduceOnly: wire.r,
    clientOrderId: wire.c,
  });
  if (!result.ok) return { error: `${refusalText(venue, market.spec.id, result.refusal)} ${asset}` };
  const { order } = result;
  const cloid = order.clientOrderId === null ? {} : { cloid: order.clientOrderId };
  const oid = Number(order.orderId);
  if (order.status === "NEW" || order.status === "PARTIALLY_FILLED") return { resting: { oid, ...cloid } };
  if (order.filledSize === 0) return { error: `Order could not immediately match against any resting orders. ${asset}` };
  const avgPx = unitPrice(market.spec, order.filledNotional, BigInt(order.filledSize), 8);
  return { filled: { totalSz: sizeText(market.spec, order.filledSize), avgPx, oid, ...cloid } };
}

function refusalText(venue: HyperliquidVenue, coin: string, refusal: PlaceRefusal): string {
  switch (refusal) {
    case "MIN_NOTIONAL":
      return `Order must have minimum value of $${venue.exchange.market(coin)!.spec.minNotional}.`;
    case "INSUFFICIENT_MARGIN":
      return "Insufficient margin to place order.";
    case "REDUCE_ONLY_WOULD_INCREASE":
      return "Reduce only order would increase position.";
    case "POST_ONLY_WOULD_CROSS": {
      const market = venue.exchange.market(coin)!;
      const bid = market.sim.book.bestBid();
      const ask = market.sim.book.bestAsk();
      const px = (ticks: number | undefined) => (ticks === undefined ? "0" : priceText(market.spec, ticks));
      return `Post only order would have immediately matched, bbo was ${px(bid)}@${px(ask)}.`;
    }
    case "NO_LIQUIDITY":
      return "No liquidity available for market order.";
    default:
      return `Order rejected (${refusal}).`;
  }
}

function cancelStatus(venue: HyperliquidVenue, asset: number, orderId: string | undefined, account: string): unknown {
  const market = venue.asset(asset);
  const order = orderId === undefined ? undefined : venue.exchange.order(account, orderId);
  const canceled = order !== undefined && order.symbol === market?.spec.id ? venue.exchange.cancel(account, order.orderId) : undefined;
  return canceled === undefined ? { error: `Order was never placed, already canceled, or filled. asset=${asset}` } : "success";
}

/** Only the account's own key may approve a builder fee; an API wallet has no account of its own. */
function approveBuilderFee(venue: HyperliquidVenue, action: ApproveBuilderFeeAction, signer: string | undefined): FakeResponse {
  if (signer === undefined) return err("Invalid signature.");
  if (!venue.accounts.has(signer)) return err(`Must deposit before performing actions. User: ${signer}`);
  const approved = venue.approvedBuilders.get(signer) ?? new Set<string>();
  approved.add(action.builder.toLowerCase());
  venue.approvedBuilders.set(signer, approved);
  return ok(DEFAULT);
}
