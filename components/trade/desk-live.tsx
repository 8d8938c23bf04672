"use client";

// Keeps the desk's account reads live: while the account stream is open, each of its events refetches
// them at once and they poll only slowly (marks still move); while it is down they poll as before.
// Components read which through useDeskStreaming().

import { createContext, useContext, useMemo, type ReactNode } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useEventStream } from "@/components/market/use-live-query";
import { ACCOUNT_EVENTS, coalesced, parseAccountEvent } from "./desk-stream";
import { refreshAccountReads } from "./queries";

const DeskStreaming = createContext(false);

/** Whether the account stream is live; false outside a DeskLive (the ticket on a market's page polls). */
export function useDeskStreaming(): boolean {
  return useContext(DeskStreaming);
}

export function DeskLive({ streamUrl, children }: { streamUrl: string | null; children: ReactNode }) {
  const queryClient = useQueryClient();
  const onMessage = useMemo(() => coalesced(() => refreshAccountReads(queryClient)), [queryClient]);
  const { live } = useEventStream({ url: streamUrl, events: ACCOUNT_EVENTS, parse: parseAccountEvent, onMessage });
  return (
    <DeskStreaming.Provider value={live}>
      <div className="contents" data-testid="desk-live" data-stream={live ? "live" : "polling"}>
        {children}
      </div>
    </DeskStreaming.Provider>
  );
}
