"use client";

import { useEffect, useId, useRef, useState } from "react";
import { GaugeIcon } from "lucide-react";
import { RequestSample } from "@/components/reference/request-sample";
import { Button } from "@/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { bearer, type HttpCall } from "@/lib/reference/samples";
import { RunFailureNotice } from "./run-failure";
import type { ConsoleRun } from "./run-history";
import { runSubject } from "./run-history";
import { ScrapeResults } from "./scrape-results";
import { SearchResults } from "./search-results";

const time = new Intl.DateTimeFormat("en-US", { hour: "2-digit", minute: "2-digit", second: "2-digit" });

export function runCall(run: ConsoleRun, apiBase: string, secret: string | null): HttpCall {
  return { method: "POST", url: `${apiBase}/v1/${run.kind}`, headers: [bearer(secret)], body: run.request };
}

/** The request of a run as curl or TypeScript, the key left as $BOURSE_KEY unless the owner fills it in. */
function RunRequest({ run, apiBase, reveal }: { run: ConsoleRun; apiBase: string; reveal: (keyId: string) => Promise<string | null> }) {
  const id = useId();
  const [fill, setFill] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  async function toggle(on: boolean) {
    setFill(on);
    if (!on || secret !== null) return;
    const opened = await reveal(run.keyId);
    setSecret(opened);
    setFailed(opened === null);
  }
  return (
    <details className="rounded-lg border p-3 text-sm">
      <summary className="cursor-pointer select-none font-medium">Request as curl or TypeScript</summary>
      <div className="mt-3 flex flex-col gap-2">
        <label htmlFor={`${id}-fill`} className="flex items-center gap-2 text-xs">
          <input id={`${id}-fill`} type="checkbox" checked={fill} onChange={(e) => toggle(e.target.checked)} className="size-4 accent-primary" />
          Fill in the key ‘{run.keyName}’ (otherwise read from $BOURSE_KEY)
        </label>
        {fill && failed ? (
          <p role="alert" className="text-xs text-destructive">
            This console no longer holds ‘{run.keyName}’: the sample reads the key from $BOURSE_KEY.
          </p>
        ) : null}
        <RequestSample call={runCall(run, apiBase, fill ? secret : null)} />
      </div>
    </details>
  );
}

/** One run of the console: what was asked, the answer (rendered or as JSON) or the refusal, and the request to copy. */
export function RunView({
  run,
  apiBase,
  reveal,
  onChangePlan,
}: {
  run: ConsoleRun;
  apiBase: string;
  reveal: (keyId: string) => Promise<string | null>;
  /** Administrators: move the run's key to another plan (offered when the plan refused an option). */
  onChangePlan: ((keyId: string) => void) | null;
}) {
  const ref = useRef<HTMLElement>(null);
  // A new answer lands below the form: bring it into view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per run, not per render
  useEffect(() => {
    ref.current?.scrollIntoView({ behavior: "smooth", block: "start" });
  }, [run.id]);
  const outcome = run.outcome;
  return (
    <section ref={ref} aria-label={`${run.kind === "search" ? "Search" : "Scrape"} run`} className="flex scroll-mt-20 flex-col gap-4" data-testid="run-view">
      <header className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 className="min-w-0 break-words text-base font-semibold">{run.kind === "search" ? `Search “${runSubject(run)}”` : `Scrape ${runSubject(run)}`}</h2>
        <p className="text-xs text-muted-foreground">
          with ‘{run.keyName}’ at {time.format(run.at)}
        </p>
      </header>
      {outcome.ok ? (
        <Tabs defaultValue="rendered">
          <TabsList aria-label="Answer as">
            <TabsTrigger value="rendered">Results</TabsTrigger>
            <TabsTrigger value="json">JSON</TabsTrigger>
          </TabsList>
          <TabsContent value="rendered">
            {run.kind === "search" && "results_count" in outcome.value ? <SearchResults response={outcome.value} /> : null}
            {run.kind === "scrape" && "primary_content" in outcome.value ? <ScrapeResults response={outcome.value} /> : null}
          </TabsContent>
          <TabsContent value="json">
            <pre data-testid="answer-json" className="max-h-[32rem] overflow-auto whitespace-pre-wrap break-words rounded-md border bg-muted/40 p-3 text-xs">
              {JSON.stringify(outcome.value, null, 2)}
            </pre>
          </TabsContent>
        </Tabs>
      ) : (
        <RunFailureNotice failure={outcome}>
          {outcome.code === "FORBIDDEN" && onChangePlan ? (
            <Button variant="outline" size="sm" className="self-start" onClick={() => onChangePlan(run.keyId)}>
              <GaugeIcon aria-hidden="true" />
              Change the plan of ‘{run.keyName}’
            </Button>
          ) : null}
        </RunFailureNotice>
      )}
      <RunRequest run={run} apiBase={apiBase} reveal={reveal} />
    </section>
  );
}
