"use client";

import { useEffect, useRef } from "react";
import { useQuery } from "@tanstack/react-query";
import { useDeskStreaming } from "./desk-live";
import { positionsQuery } from "./queries";

/** The ticket's leverage before the owner picks one, when no position says otherwise (the venues' usual default). */
export const DEFAULT_LEVERAGE = 10;

/**
 * Tells the ticket, once, the leverage the owner already holds the market at (its first position leg's),
 * so an order adding to it keeps that leverage unless another is chosen.
 */
export function useHeldLeverage(symbol: string, signedIn: boolean, onHeld: (leverage: number) => void): void {
  const positions = useQuery({ ...positionsQuery(useDeskStreaming()), enabled: signedIn });
  const told = useRef(false);
  const held = positions.data?.find((p) => p.symbol === symbol)?.leverage;
  useEffect(() => {
    if (told.current || held === undefined) return;
    told.current = true;
    onHeld(Math.round(Number(held)));
  }, [held, onHeld]);
}
