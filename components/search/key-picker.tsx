"use client";

import { useEffect, useId, useState } from "react";
import { KeyRoundIcon, PlusIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import type { KeyValidationView } from "@/lib/client/search";
import type { ConsoleKey } from "./console-types";
import { formatCredits, windowText } from "./console-view";
import { useSearchDialogs } from "./search-dialogs";

/** Which key the console runs with, and what it has left: plan, credits, the two rate-limit windows. */
export function KeyPicker({
  keys,
  selectedKeyId,
  onSelect,
  state,
  stateError,
}: {
  keys: readonly ConsoleKey[];
  selectedKeyId: string | null;
  onSelect: (keyId: string) => void;
  state: KeyValidationView | undefined;
  stateError: string | null;
}) {
  const id = useId();
  const now = useNow(1000);
  const { open } = useSearchDialogs();
  const usable = keys.filter((k) => k.inConsole && k.status === "active");
  if (usable.length === 0) {
    return (
      <Card className="flex flex-col gap-3 p-5 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-start gap-3">
          <KeyRoundIcon className="mt-0.5 size-5 text-muted-foreground" aria-hidden="true" />
          <div>
            <p className="font-medium">No key in this console yet</p>
            <p className="text-sm text-muted-foreground">Mint a search key and keep it here, or paste one of yours. Searches and scrapes are charged to it.</p>
          </div>
        </div>
        <div className="flex gap-2">
          <Button onClick={() => open({ type: "mint" })}>
            <PlusIcon aria-hidden="true" />
            Mint key
          </Button>
          <Button variant="outline" onClick={() => open({ type: "attach" })}>
            Use a key you have
          </Button>
        </div>
      </Card>
    );
  }
  return (
    <Card className="grid gap-4 p-5 md:grid-cols-[minmax(0,18rem)_1fr] md:items-start">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-key`} className="text-sm font-medium">
          Key
        </label>
        <select
          id={`${id}-key`}
          value={selectedKeyId ?? ""}
          onChange={(e) => onSelect(e.target.value)}
          className="h-9 rounded-md border border-input bg-transparent px-2 text-sm"
        >
          {usable.map((k) => (
            <option key={k.id} value={k.id}>
              {k.name} ({k.fragment.slice(-4)}) · {k.plan}
            </option>
          ))}
        </select>
        <button type="button" onClick={() => open({ type: "attach" })} className="self-start text-xs text-muted-foreground underline-offset-4 hover:underline">
          Use another key of yours…
        </button>
      </div>
      <div aria-live="polite" className="min-w-0">
        {stateError ? (
          <p role="alert" className="text-sm text-destructive">
            {stateError}
          </p>
        ) : !state ? (
          <div className="grid gap-2 sm:grid-cols-3">
            <Skeleton className="h-12" />
            <Skeleton className="h-12" />
            <Skeleton className="h-12" />
          </div>
        ) : (
          <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2 lg:grid-cols-4">
            <div>
              <dt className="text-xs text-muted-foreground">Plan</dt>
              <dd>
                <Badge variant="info">{state.plan}</Badge>
              </dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">Credits left</dt>
              <dd className="font-semibold tabular-nums" data-testid="credits-left">
                {formatCredits(state.credits)}
              </dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">Searches this minute</dt>
              <dd className="tabular-nums">{windowText(state.rate_limits.search, now)}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">Scrapes this minute</dt>
              <dd className="tabular-nums">{windowText(state.rate_limits.scrape, now)}</dd>
            </div>
            <p className="text-xs text-muted-foreground sm:col-span-2 lg:col-span-4">
              Windows count per client address; this console&apos;s requests come from the server it runs on. Checking the key costs no credit and no request.
            </p>
          </dl>
        )}
      </div>
    </Card>
  );
}

/** The time, ticking every `ms`, for countdowns. */
function useNow(ms: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}
