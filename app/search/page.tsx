import type { Metadata } from "next";
import Link from "next/link";
import { LogInIcon, SearchIcon, UnplugIcon } from "lucide-react";
import { SearchConsole, SEARCH_PURPOSE, SEARCH_TITLE } from "@/components/search/search-console";
import type { ConsoleKey } from "@/components/search/console-types";
import { PageHeader } from "@/components/shell/page-header";
import { ApiUnavailable } from "@/components/ui/api-unavailable";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { dashboardNow, ownerSearchClient, pageRead, publicApiUrl, searchSource } from "@/lib/dashboard/api";
import { consoleKeyIds } from "@/lib/dashboard/console-keys";
import { currentOwner } from "@/lib/dashboard/session";

export const metadata: Metadata = { title: "Search" };

async function load(ownerId: string): Promise<{ keys: ConsoleKey[]; isAdmin: boolean }> {
  const [list, held] = await Promise.all([(await ownerSearchClient(ownerId)).listKeys(), consoleKeyIds(ownerId)]);
  return { isAdmin: list.is_admin, keys: list.keys.map((k) => ({ ...k, inConsole: held.has(k.id) })) };
}

/** Visitors see what the console is for and where to sign in; the API itself needs only a key. */
function SignedOut() {
  return (
    <>
      <PageHeader title={SEARCH_TITLE} description={SEARCH_PURPOSE} />
      <EmptyState
        icon={SearchIcon}
        title="Sign in to use the search console"
        description={`Mint search keys, run searches and scrapes with every option, and follow each key's credits and rate limits. Agents call the API at /api/web with a key. ${searchSource().description}`}
      >
        <Button asChild>
          <Link href="/sign-in?next=%2Fsearch">
            <LogInIcon aria-hidden="true" />
            Sign in
          </Link>
        </Button>
      </EmptyState>
    </>
  );
}

export default async function SearchPage({ searchParams }: { searchParams: Promise<{ key?: string | string[] }> }) {
  const owner = await currentOwner();
  if (!owner) return <SignedOut />;
  const loaded = await pageRead(() => load(owner.ownerId));
  if (!loaded.ok) {
    return (
      <>
        <PageHeader title={SEARCH_TITLE} description={SEARCH_PURPOSE} />
        <ApiUnavailable
          icon={UnplugIcon}
          title={loaded.failure.status === 0 ? "The search API could not be reached" : "The search API could not list your keys"}
          failure={loaded.failure}
        />
      </>
    );
  }
  const { key } = await searchParams;
  return (
    <SearchConsole
      keys={loaded.value.keys}
      isAdmin={loaded.value.isAdmin}
      initialKeyId={typeof key === "string" ? key : null}
      now={dashboardNow()}
      source={searchSource().description}
      apiBase={publicApiUrl("search")}
    />
  );
}
