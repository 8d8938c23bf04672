import { CoinsIcon } from "lucide-react";
import { formatCredits } from "./console-view";

/** What the request cost after settlement and what the key has left. */
export function ChargeSummary({ used, remaining, note }: { used: number; remaining: number; note?: string }) {
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border bg-muted/40 px-3 py-2 text-sm" data-testid="charge-summary">
      <CoinsIcon className="size-4 text-muted-foreground" aria-hidden="true" />
      <span>
        Charged <strong className="tabular-nums">{formatCredits(used)}</strong>
      </span>
      <span className="text-muted-foreground">·</span>
      <span>
        <strong className="tabular-nums">{formatCredits(remaining)}</strong> left
      </span>
      {note ? <span className="text-muted-foreground">· {note}</span> : null}
    </p>
  );
}
