import type { OrderRequest, RejectReason } from "./types";

function positive(n: number): boolean {
  return Number.isSafeInteger(n) && n > 0;
}

function absentOrPositive(n: number | undefined): boolean {
  return n === undefined || positive(n);
}

/** Boundary checks on a request's numbers: every size and price a positive safe integer. */
export function invalidReason(order: OrderRequest): RejectReason | null {
  if (!positive(order.size)) return "INVALID_SIZE";
  switch (order.type) {
    case "MARKET":
      return absentOrPositive(order.protectionPrice) ? null : "INVALID_PRICE";
    case "LIMIT":
      return positive(order.price) ? null : "INVALID_PRICE";
    case "STOP_MARKET":
    case "TAKE_PROFIT_MARKET":
      return positive(order.triggerPrice) && absentOrPositive(order.protectionPrice) ? null : "INVALID_PRICE";
    case "STOP_LIMIT":
    case "TAKE_PROFIT_LIMIT":
      return positive(order.triggerPrice) && positive(order.price) ? null : "INVALID_PRICE";
  }
}
