"use client";

import { useState, useTransition } from "react";
import dynamic from "next/dynamic";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { DatabaseIcon, KeyRoundIcon, PlusIcon } from "lucide-react";
import { runScrapeAction, runSearchAction } from "@/app/search/actions";
import type { ActionResult } from "@/lib/dashboard/api/result";
import { runAction } from "@/components/ui/run-action";
import { useKeySecrets } from "@/components/reference/key-secrets";
import { PageHeader } from "@/components/shell/page-header";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import type { ScrapeRequest } from "@/lib/web/contract/scrape";
import type { SearchRequest } from "@/lib/web/contract/search";
import type { ScrapeResponseView, SearchResponseView } from "@/lib/client/search";
import type { Plan } from "@/lib/billing/plans";
import { invalidateKey, keyStateQuery } from "./console-queries";
import { newIdempotencyKey, type ConsoleKey } from "./console-types";
import { KeyPicker } from "./key-picker";
import { ScrapeForm } from "./scrape-form";
import { SearchForm } from "./search-form";
import { SearchKeysTable } from "./search-keys-table";
import { SearchDialogsProvider, useSearchDialogs } from "./search-dialogs";
import { type ConsoleRun, useRunHistory } from "./run-history";

// Loaded when first shown: a visitor or a fresh console does not download the answer views, history or usage.
const RunView = dynamic(() => import("./run-view").then((m) => m.RunView));
const RunHistoryList = dynamic(() => import("./run-history-list").then((m) => m.RunHistoryList));
const UsagePanel = dynamic(() => import("./usage-panel").then((m) => m.UsagePanel));
const AdminKeys = dynamic(() => import("./admin-keys").then((m) => m.AdminKeys));

export const SEARCH_TITLE = "Search";
export const SEARCH_PURPOSE = "Run searches and scrapes with your search keys, and watch their credits and limits.";

type RunKind = ConsoleRun["kind"];

/** Runs one paid call at a time per form, with an Idempotency-Key per submission, and hands each outcome to `onDone`. */
function usePaidRun<I extends SearchRequest | ScrapeRequest, R extends SearchResponseView | ScrapeResponseView>(
  kind: RunKind,
  key: ConsoleKey | null,
  action: (input: { keyId: string; request: I; idempotencyKey: string }) => Promise<ActionResult<R>>,
  onDone: (run: ConsoleRun) => void,
) {
  const queryClient = useQueryClient();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  function run(request: I) {
    if (!key) return;
    const idempotencyKey = newIdempotencyKey();
    const at = Date.now();
    startTransition(async () => {
      const outcome = await runAction(() => action({ keyId: key.id, request, idempotencyKey }));
      // kind, request and outcome belong together by construction (one action per kind).
      onDone({ id: idempotencyKey, kind, at, keyId: key.id, keyName: key.name, request, outcome } as ConsoleRun);
      // Credits, windows and history moved; the key list's balances too.
      await invalidateKey(queryClient, key.id);
      router.refresh();
    });
  }
  return { pending, run };
}

interface ConsoleProps {
  keys: readonly ConsoleKey[];
  isAdmin: boolean;
  initialKeyId: string | null;
  now: number;
  /** What searches look through, in words (lib/dashboard/api/config.ts). */
  source: string;
  /** The search API's base URL for request samples. */
  apiBase: string;
}

/** The search console: key picker, search and scrape forms with their runs, history, keys, and usage. */
export function SearchConsole(props: ConsoleProps) {
  const [chosen, setChosen] = useState<string | null>(props.initialKeyId);
  return (
    <SearchDialogsProvider onKeyMinted={setChosen}>
      <ConsoleBody {...props} chosen={chosen} setChosen={setChosen} />
    </SearchDialogsProvider>
  );
}

function ConsoleBody({ keys, isAdmin, now, source, apiBase, chosen, setChosen }: ConsoleProps & { chosen: string | null; setChosen: (id: string) => void }) {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const { open } = useSearchDialogs();
  const usable = keys.filter((k) => k.inConsole && k.status === "active");
  const selected = usable.find((k) => k.id === chosen) ?? usable[0] ?? null;
  const keyId = selected?.id ?? null;
  const [usageKeyId, setUsageKeyId] = useState<string | null>(null);
  const usageKey = keys.find((k) => k.id === usageKeyId) ?? selected ?? keys[0] ?? null;
  const [tab, setTab] = useState("search");
  const history = useRunHistory();
  const secrets = useKeySecrets();
  // The run each form shows under it, and the request each form was last refilled from.
  const [shown, setShown] = useState<Record<RunKind, ConsoleRun | null>>({ search: null, scrape: null });
  const [refill, setRefill] = useState<ConsoleRun | null>(null);

  function showRun(run: ConsoleRun) {
    setShown((s) => ({ ...s, [run.kind]: run }));
  }
  function finished(run: ConsoleRun) {
    history.add(run);
    showRun(run);
  }
  /** A refusal describes the request and key it was given; once either changes it goes. */
  function dropRefusal(kind?: RunKind) {
    setShown((s) => {
      const stale = (k: RunKind) => (kind === undefined || kind === k) && s[k] !== null && !s[k].outcome.ok;
      return stale("search") || stale("scrape") ? { search: stale("search") ? null : s.search, scrape: stale("scrape") ? null : s.scrape } : s;
    });
  }

  const state = useQuery({ ...keyStateQuery(keyId ?? ""), enabled: keyId !== null });
  const search = usePaidRun<SearchRequest, SearchResponseView>("search", selected, runSearchAction, finished);
  const scrape = usePaidRun<ScrapeRequest, ScrapeResponseView>("scrape", selected, runScrapeAction, finished);

  function select(id: string) {
    setChosen(id);
    dropRefusal();
    const next = new URLSearchParams(params);
    next.set("key", id);
    router.replace(`${pathname}?${next}`, { scroll: false });
  }
  function changePlan(id: string, suggested?: Plan) {
    const k = keys.find((x) => x.id === id);
    if (k) open({ type: "plan", key: { id: k.id, name: k.name, plan: k.plan, credits: k.credits }, suggested });
  }
  const planPath = isAdmin && selected ? (plan: Plan) => changePlan(selected.id, plan) : null;
  const runPlanPath = isAdmin ? (id: string) => changePlan(id) : null;
  function showFromHistory(run: ConsoleRun) {
    showRun(run);
    setRefill(run);
    setTab(run.kind);
  }

  const plan = state.data?.plan;
  const noKey = keyId === null;
  /** What both forms are given: the key's plan, their runner, and what an edit clears. */
  const formProps = <I,>(kind: RunKind, runner: { pending: boolean; run: (request: I) => void }) => ({
    plan,
    pending: runner.pending,
    disabled: noKey,
    onRun: runner.run,
    onEdit: () => dropRefusal(kind),
    onChangePlan: planPath,
  });
  const runView = (run: ConsoleRun | null) =>
    run ? <RunView key={run.id} run={run} apiBase={apiBase} reveal={secrets.reveal} onChangePlan={runPlanPath} /> : null;
  return (
    <div className="flex flex-col">
      <PageHeader title={SEARCH_TITLE} description={SEARCH_PURPOSE}>
        <Button aria-haspopup="dialog" onClick={() => open({ type: "mint" })}>
          <PlusIcon aria-hidden="true" />
          Mint key
        </Button>
      </PageHeader>
      <KeyPicker keys={keys} selectedKeyId={keyId} onSelect={select} state={state.data} stateError={state.isError ? state.error.message : null} />
      <Tabs value={tab} onValueChange={setTab} className="mt-6">
        <TabsList>
          <TabsTrigger className="px-2 sm:px-3" value="search">
            Search
          </TabsTrigger>
          <TabsTrigger className="px-2 sm:px-3" value="scrape">
            Scrape
          </TabsTrigger>
          <TabsTrigger className="px-2 sm:px-3" value="history">
            History{history.runs.length > 0 ? ` (${history.runs.length})` : ""}
          </TabsTrigger>
          <TabsTrigger className="px-2 sm:px-3" value="keys">
            Keys
          </TabsTrigger>
          <TabsTrigger className="px-2 sm:px-3" value="usage">
            Usage
          </TabsTrigger>
        </TabsList>
        <TabsContent value="search" forceMount className="flex flex-col gap-6 data-[state=inactive]:hidden">
          <Card className="p-5">
            <p className="mb-4 flex items-start gap-2 text-sm text-muted-foreground" data-testid="search-source">
              <DatabaseIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {source}
            </p>
            <SearchForm
              key={refill?.kind === "search" ? refill.id : "new"}
              initial={refill?.kind === "search" ? refill.request : undefined}
              {...formProps("search", search)}
            />
          </Card>
          {runView(shown.search)}
        </TabsContent>
        <TabsContent value="scrape" forceMount className="flex flex-col gap-6 data-[state=inactive]:hidden">
          <Card className="p-5">
            <ScrapeForm
              key={refill?.kind === "scrape" ? refill.id : "new"}
              initial={refill?.kind === "scrape" ? refill.request : undefined}
              {...formProps("scrape", scrape)}
            />
          </Card>
          {runView(shown.scrape)}
        </TabsContent>
        <TabsContent value="history">
          <RunHistoryList runs={history.runs} onShow={showFromHistory} onClear={history.clear} />
        </TabsContent>
        <TabsContent value="keys" className="flex flex-col gap-6">
          {keys.length === 0 ? (
            <EmptyState icon={KeyRoundIcon} title="No search keys yet" description="Each key has a plan and a credit balance. Its secret is shown once.">
              <Button onClick={() => open({ type: "mint" })}>
                <PlusIcon aria-hidden="true" />
                Mint key
              </Button>
            </EmptyState>
          ) : (
            <Card>
              <SearchKeysTable keys={keys} isAdmin={isAdmin} now={now} />
            </Card>
          )}
          {isAdmin ? <AdminKeys /> : null}
        </TabsContent>
        <TabsContent value="usage" className="flex flex-col gap-4">
          {usageKey ? (
            <>
              <label className="flex flex-col gap-1.5 text-sm font-medium sm:flex-row sm:items-center sm:gap-3">
                Usage of
                <select
                  value={usageKey.id}
                  onChange={(e) => setUsageKeyId(e.target.value)}
                  className="h-9 rounded-md border border-input bg-transparent px-2 text-sm font-normal"
                >
                  {keys.map((k) => (
                    <option key={k.id} value={k.id}>
                      {k.name} ({k.fragment.slice(-4)})
                    </option>
                  ))}
                </select>
              </label>
              <UsagePanel keyId={usageKey.id} now={now} />
            </>
          ) : (
            <EmptyState title="No keys, no usage" description="Mint a key to start; its searches, scrapes and credits are shown here." />
          )}
        </TabsContent>
      </Tabs>
    </div>
  );
}
