"use client";

import { BanIcon, PlusIcon, RefreshCwIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useKeyDialogs, type KeyRef } from "./key-dialogs";

export function MintKeyButton() {
  const { open } = useKeyDialogs();
  return (
    <Button aria-haspopup="dialog" onClick={() => open({ type: "mint" })}>
      <PlusIcon aria-hidden="true" />
      Mint key
    </Button>
  );
}

/** A row's Roll and Revoke buttons, each shown only when the key allows it. */
export function KeyRowButtons({ keyRef, rollable, revocable }: { keyRef: KeyRef; rollable: boolean; revocable: boolean }) {
  const { open } = useKeyDialogs();
  return (
    <div className="flex justify-end gap-1.5">
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
