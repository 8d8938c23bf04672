"use client";

import { useState, useTransition } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { KeyRoundIcon, PlusIcon } from "lucide-react";
import { runScrapeAction, runSearchAction } from "@/app/search/actions";
import type { ActionResult } from "@/lib/dashboard/api/result";
import { runAction } from "@/components/ui/run-action";
import { PageHeader } from "@/components/shell/page-header";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import type { ScrapeRequest } from "@/lib/web/contract/scrape";
import type { SearchRequest } from "@/lib/web/contract/search";
import type { ScrapeResponseView, SearchResponseView } from "@/lib/client/search";
import { AdminKeys } from "./admin-keys";
import { invalidateKey, keyStateQuery } from "./console-queries";
import { newIdempotencyKey, type ConsoleKey } from "./console-types";
import { KeyPicker } from "./key-picker";
import { RunFailureNotice } from "./run-failure";
import { ScrapeForm } from "./scrape-form";
import { ScrapeResults } from "./scrape-results";
import { SearchForm } from "./search-form";
import { SearchKeysTable } from "./search-keys-table";
import { SearchResults } from "./search-results";
import { SearchDialogsProvider, useSearchDialogs } from "./search-dialogs";
import { UsageHistory } from "./usage-history";

export const SEARCH_TITLE = "Search";
export const SEARCH_PURPOSE = "Search the web and scrape pages with your search keys, and watch their credits and limits.";

/** Runs one paid call at a time per form, with an Idempotency-Key per submission, and keeps the last outcome. */
function usePaidRun<I, R>(keyId: string | null, action: (input: { keyId: string; request: I; idempotencyKey: string }) => Promise<ActionResult<R>>) {
  const queryClient = useQueryClient();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [outcome, setOutcome] = useState<ActionResult<R> | null>(null);
  function run(request: I) {
    if (!keyId) return;
    const idempotencyKey = newIdempotencyKey();
    startTransition(async () => {
      setOutcome(await runAction(() => action({ keyId, request, idempotencyKey })));
      // Credits, windows and history moved; the key list's balances too.
      await invalidateKey(queryClient, keyId);
      router.refresh();
    });
  }
  return { pending, outcome, run };
}

interface ConsoleProps {
  keys: readonly ConsoleKey[];
  isAdmin: boolean;
  initialKeyId: string | null;
  now: number;
}

/** The search console: key picker, search and scrape forms with their results, keys, and usage. */
export function SearchConsole(props: ConsoleProps) {
  const [chosen, setChosen] = useState<string | null>(props.initialKeyId);
  return (
    <SearchDialogsProvider onKeyMinted={setChosen}>
      <ConsoleBody {...props} chosen={chosen} setChosen={setChosen} />
    </SearchDialogsProvider>
  );
}

function ConsoleBody({ keys, isAdmin, now, chosen, setChosen }: ConsoleProps & { chosen: string | null; setChosen: (id: string) => void }) {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const { open } = useSearchDialogs();
  const usable = keys.filter((k) => k.inConsole && k.status === "active");
  const selected = usable.find((k) => k.id === chosen) ?? usable[0] ?? null;
  const keyId = selected?.id ?? null;
  const [usageKeyId, setUsageKeyId] = useState<string | null>(null);
  const usageKey = keys.find((k) => k.id === usageKeyId) ?? selected ?? keys[0] ?? null;

  const state = useQuery({ ...keyStateQuery(keyId ?? ""), enabled: keyId !== null });
  const search = usePaidRun<SearchRequest, SearchResponseView>(keyId, runSearchAction);
  const scrape = usePaidRun<ScrapeRequest, ScrapeResponseView>(keyId, runScrapeAction);

  function select(id: string) {
    setChosen(id);
    const next = new URLSearchParams(params);
    next.set("key", id);
    router.replace(`${pathname}?${next}`, { scroll: false });
  }

  const plan = state.data?.plan;
  const noKey = keyId === null;
  return (
    <div className="flex flex-col">
      <PageHeader title={SEARCH_TITLE} description={SEARCH_PURPOSE}>
        <Button aria-haspopup="dialog" onClick={() => open({ type: "mint" })}>
          <PlusIcon aria-hidden="true" />
          Mint key
        </Button>
      </PageHeader>
      <KeyPicker keys={keys} selectedKeyId={keyId} onSelect={select} state={state.data} stateError={state.isError ? state.error.message : null} />
      <Tabs defaultValue="search" className="mt-6">
        <TabsList>
          <TabsTrigger value="search">Search</TabsTrigger>
          <TabsTrigger value="scrape">Scrape</TabsTrigger>
          <TabsTrigger value="keys">Keys</TabsTrigger>
          <TabsTrigger value="usage">Usage</TabsTrigger>
        </TabsList>
        <TabsContent value="search" forceMount className="flex flex-col gap-6 data-[state=inactive]:hidden">
          <Card className="p-5">
            <SearchForm plan={plan} pending={search.pending} disabled={noKey} onRun={search.run} />
          </Card>
          {search.outcome ? search.outcome.ok ? <SearchResults response={search.outcome.value} /> : <RunFailureNotice failure={search.outcome} /> : null}
        </TabsContent>
        <TabsContent value="scrape" forceMount className="flex flex-col gap-6 data-[state=inactive]:hidden">
          <Card className="p-5">
            <ScrapeForm plan={plan} pending={scrape.pending} disabled={noKey} onRun={scrape.run} />
          </Card>
          {scrape.outcome ? scrape.outcome.ok ? <ScrapeResults response={scrape.outcome.value} /> : <RunFailureNotice failure={scrape.outcome} /> : null}
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
                Ledger of
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
              <UsageHistory keyId={usageKey.id} now={now} />
            </>
          ) : (
            <EmptyState title="No keys, no usage" description="Mint a key to start; its grants, reservations and settlements are listed here." />
          )}
        </TabsContent>
      </Tabs>
    </div>
  );
}
