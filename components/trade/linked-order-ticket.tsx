"use client";

// The order ticket on a market's page, linked to its book (components/market/ticket-link.tsx): a clicked
// level fills the price, and the levels holding the owner's open orders get a dot.

import { useEffect } from "react";
import { useQuery } from "@tanstack/react-query";
import { useTicketLink } from "@/components/market/ticket-link";
import { OrderTicket } from "./order-ticket";
import { openOrdersQuery } from "./queries";

/** The prices of the owner's live limit orders, the way the book lists its levels. */
function restingPrices(orders: readonly { price: string | null }[]): string[] {
  return orders.flatMap((o) => (o.price === null ? [] : [o.price]));
}

function MarkOwnOrders({ symbol }: { symbol: string }) {
  const { markOwnOrders } = useTicketLink();
  const orders = useQuery(openOrdersQuery(symbol));
  useEffect(() => {
    markOwnOrders(restingPrices(orders.data ?? []));
  }, [orders.data, markOwnOrders]);
  return null;
}

export function LinkedOrderTicket({ signedIn }: { signedIn: boolean }) {
  const { market, picked } = useTicketLink();
  return (
    <>
      {signedIn ? <MarkOwnOrders symbol={market.symbol} /> : null}
      <OrderTicket pair={market} picked={picked} signedIn={signedIn} />
    </>
  );
}
