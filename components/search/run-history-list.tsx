"use client";

import { HistoryIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { type ConsoleRun, runOutcomeText, runSubject } from "./run-history";

const time = new Intl.DateTimeFormat("en-US", { hour: "2-digit", minute: "2-digit" });

/** The runs of this browser session, newest first; choosing one shows its answer again (no new request, no credits). */
export function RunHistoryList({ runs, onShow, onClear }: { runs: readonly ConsoleRun[]; onShow: (run: ConsoleRun) => void; onClear: () => void }) {
  if (runs.length === 0) {
    return (
      <EmptyState icon={HistoryIcon} title="No runs yet" description="Searches and scrapes you run in this browser tab are listed here, with their answers." />
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <ol aria-label="Runs of this session, newest first" className="divide-y rounded-lg border">
        {runs.map((run) => (
          <li key={run.id} className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:gap-4">
            <Badge variant={run.outcome.ok ? "secondary" : "destructive"} className="w-16 justify-center">
              {run.kind}
            </Badge>
            <div className="flex min-w-0 flex-1 flex-col">
              <span className="truncate font-medium">{runSubject(run)}</span>
              <span className="text-xs text-muted-foreground">
                {time.format(run.at)} · ‘{run.keyName}’ · {runOutcomeText(run)}
              </span>
            </div>
            <Button variant="outline" size="sm" className="self-start sm:self-center" onClick={() => onShow(run)}>
              Show
            </Button>
          </li>
        ))}
      </ol>
      <Button variant="ghost" size="sm" className="self-end" onClick={onClear}>
        Clear the history
      </Button>
    </div>
  );
}
