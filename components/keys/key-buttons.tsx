"use client";

import { ArrowLeftRightIcon, BanIcon, GaugeIcon, PlusIcon, RefreshCwIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { useKeyDialogs, type KeyRef, type SwapKeyRef } from "./key-dialogs";

export function MintKeyButton() {
  const { open } = useKeyDialogs();
  return (
    <Button aria-haspopup="dialog" onClick={() => open({ type: "mint" })}>
      <PlusIcon aria-hidden="true" />
      Mint key
    </Button>
  );
}

/** Opens the owner's limits for one key, or for all keys (keyRef null). */
export function LimitsButton({ keyRef }: { keyRef: KeyRef | null }) {
  const { open, limitsSet } = useKeyDialogs();
  const set = limitsSet(keyRef?.id ?? null);
  return (
    <Button variant="outline" size={keyRef ? "sm" : "default"} aria-haspopup="dialog" onClick={() => open({ type: "limits", key: keyRef })}>
      <GaugeIcon aria-hidden="true" />
      {keyRef ? "Limits" : "Limits for all keys"}
      {set > 0 ? (
        <>
          <Badge variant="secondary" className="px-1.5 tabular-nums" aria-hidden="true">
            {set}
          </Badge>
          <span className="sr-only">({set} set)</span>
        </>
      ) : null}
    </Button>
  );
}

/**
 * A row's Limits, Swaps, Roll and Revoke buttons, each shown only when the key allows it; Swaps (the key's
 * swap policy) for a live key with the swap scope (`swap`).
 */
export function KeyRowButtons({ keyRef, swap, rollable, revocable }: { keyRef: KeyRef; swap: SwapKeyRef | null; rollable: boolean; revocable: boolean }) {
  const { open } = useKeyDialogs();
  return (
    <div className="flex flex-wrap justify-end gap-1.5">
      {revocable ? <LimitsButton keyRef={keyRef} /> : null}
      {revocable && swap ? (
        <Button variant="outline" size="sm" aria-haspopup="dialog" onClick={() => open({ type: "swap-policy", key: swap })}>
          <ArrowLeftRightIcon aria-hidden="true" />
          Swaps
        </Button>
      ) : null}
      {rollable ? (
        <Button variant="outline" size="sm" aria-haspopup="dialog" onClick={() => open({ type: "roll", key: keyRef })}>
          <RefreshCwIcon aria-hidden="true" />
          Roll
        </Button>
      ) : null}
      {revocable ? (
        <Button
          variant="outline"
          size="sm"
          aria-haspopup="dialog"
          className="text-destructive hover:bg-destructive/10 hover:text-destructive"
          onClick={() => open({ type: "revoke", key: keyRef })}
        >
          <BanIcon aria-hidden="true" />
          Revoke
        </Button>
      ) : null}
    </div>
  );
}
