// The /exchange actions the fake understands, read from JSON the way Hyperliquid's server deserializes them:
// known fields only, in its own field order, numbers in decimal strings normalized. The signature is checked
// against this canonical form, so an action that differs from what was signed recovers another signer.
import { formatDecimal, parseDecimal } from "../../../decimal";

export type Tif = "Gtc" | "Ioc" | "Alo";

export interface OrderWire {
  a: number;
  b: boolean;
  p: string;
  s: string;
  r: boolean;
  t: { limit: { tif: Tif } } | { trigger: { isMarket: boolean; triggerPx: string; tpsl: "tp" | "sl" } };
  c?: string;
}

export interface BuilderWire {
  b: string;
  f: number;
}

export type L1Action =
  | { type: "order"; orders: OrderWire[]; grouping: "na" | "normalTpsl" | "positionTpsl"; builder?: BuilderWire }
  | { type: "cancel"; cancels: { a: number; o: number }[] }
  | { type: "cancelByCloid"; cancels: { asset: number; cloid: string }[] }
  | { type: "updateLeverage"; asset: number; isCross: boolean; leverage: number }
  | { type: "setReferrer"; code: string }
  | { type: "scheduleCancel"; time?: number };

/** An action signed by the account's own key with a typed-data message rather than the phantom agent. */
export interface ApproveBuilderFeeAction {
  type: "approveBuilderFee";
  hyperliquidChain: string;
  signatureChainId: string;
  maxFeeRate: string;
  builder: string;
  nonce: number;
}

export type ExchangeAction = L1Action | ApproveBuilderFeeAction;

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
const isUint = (v: unknown): v is number => typeof v === "number" && Number.isSafeInteger(v) && v >= 0;
const isBool = (v: unknown): v is boolean => typeof v === "boolean";
const isText = (v: unknown): v is string => typeof v === "string";

/** A decimal string as the server writes it back (no trailing zeros), or undefined. */
function decimal(v: unknown): string | undefined {
  if (!isText(v)) return undefined;
  try {
    return formatDecimal(parseDecimal(v));
  } catch {
    return undefined;
  }
}

/** The action in canonical form, or undefined when Hyperliquid could not deserialize it (it answers 422). */
export function readAction(raw: unknown): ExchangeAction | undefined {
  if (!isObject(raw)) return undefined;
  switch (raw.type) {
    case "order":
      return readOrderAction(raw);
    case "cancel": {
      if (!Array.isArray(raw.cancels)) return undefined;
      const cancels = raw.cancels.map((c: unknown) => (isObject(c) && isUint(c.a) && isUint(c.o) ? { a: c.a, o: c.o } : undefined));
      return cancels.every((c) => c !== undefined) ? { type: "cancel", cancels: cancels as { a: number; o: number }[] } : undefined;
    }
    case "cancelByCloid": {
      if (!Array.isArray(raw.cancels)) return undefined;
      const cancels = raw.cancels.map((c: unknown) => (isObject(c) && isUint(c.asset) && isText(c.cloid) ? { asset: c.asset, cloid: c.cloid } : undefined));
      return cancels.every((c) => c !== undefined) ? { type: "cancelByCloid", cancels: cancels as { asset: number; cloid: string }[] } : undefined;
    }
    case "updateLeverage":
      return isUint(raw.asset) && isBool(raw.isCross) && isUint(raw.leverage)
        ? { type: "updateLeverage", asset: raw.asset, isCross: raw.isCross, leverage: raw.leverage }
        : undefined;
    case "setReferrer":
      return isText(raw.code) ? { type: "setReferrer", code: raw.code } : undefined;
    case "scheduleCancel":
      if (raw.time === undefined || raw.time === null) return { type: "scheduleCancel" };
      return isUint(raw.time) ? { type: "scheduleCancel", time: raw.time } : undefined;
    case "approveBuilderFee":
      return isText(raw.hyperliquidChain) && isText(raw.signatureChainId) && isText(raw.maxFeeRate) && isText(raw.builder) && isUint(raw.nonce)
        ? {
            type: "approveBuilderFee",
            hyperliquidChain: raw.hyperliquidChain,
            signatureChainId: raw.signatureChainId,
            maxFeeRate: raw.maxFeeRate,
            builder: raw.builder,
            nonce: raw.nonce,
          }
        : undefined;
    default:
      return undefined;
  }
}

function readOrderAction(raw: Json): L1Action | undefined {
  if (!Array.isArray(raw.orders)) return undefined;
  if (raw.grouping !== "na" && raw.grouping !== "normalTpsl" && raw.grouping !== "positionTpsl") return undefined;
  const orders = raw.orders.map(readOrder);
  if (!orders.every((o) => o !== undefined)) return undefined;
  const action: L1Action = { type: "order", orders: orders as OrderWire[], grouping: raw.grouping };
  if (raw.builder === undefined || raw.builder === null) return action;
  if (!isObject(raw.builder) || !isText(raw.builder.b) || !isUint(raw.builder.f)) return undefined;
  return { ...action, builder: { b: raw.builder.b.toLowerCase(), f: raw.builder.f } };
}

function readOrder(raw: unknown): OrderWire | undefined {
  if (!isObject(raw) || !isUint(raw.a) || !isBool(raw.b) || !isBool(raw.r) || !isObject(raw.t)) return undefined;
  const p = decimal(raw.p);
  const s = decimal(raw.s);
  const t = readOrderType(raw.t);
  if (p === undefined || s === undefined || t === undefined) return undefined;
  const order: OrderWire = { a: raw.a, b: raw.b, p, s, r: raw.r, t };
  if (raw.c === undefined || raw.c === null) return order;
  return isText(raw.c) && /^0x[0-9a-fA-F]{32}$/.test(raw.c) ? { ...order, c: raw.c.toLowerCase() } : undefined;
}

function readOrderType(raw: Json): OrderWire["t"] | undefined {
  if (isObject(raw.limit)) {
    const tif = raw.limit.tif;
    return tif === "Gtc" || tif === "Ioc" || tif === "Alo" ? { limit: { tif } } : undefined;
  }
  if (isObject(raw.trigger)) {
    const { isMarket, tpsl } = raw.trigger;
    const triggerPx = decimal(raw.trigger.triggerPx);
    if (!isBool(isMarket) || triggerPx === undefined || (tpsl !== "tp" && tpsl !== "sl")) return undefined;
    return { trigger: { isMarket, triggerPx, tpsl } };
  }
  return undefined;
}
