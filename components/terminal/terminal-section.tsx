import Link from "next/link";
import { ChartCandlestickIcon, LogInIcon } from "lucide-react";
import type { Loaded } from "@/components/market/load";
import { MarketApiProvider } from "@/components/market/market-api";
import { DESK_STREAM_URL } from "@/components/trade/desk-stream";
import { LinkedOrderTicket } from "@/components/trade/linked-order-ticket";
import { ApiUnavailable } from "@/components/ui/api-unavailable";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import type { AggregatedBook, TokenPair } from "@/lib/client/market-data";
import { deskStreamAvailable } from "@/lib/dashboard/account-stream";
import { browserMarketApiUrl } from "@/lib/dashboard/api";
import { currentOwner } from "@/lib/dashboard/session";
import { AccountPanel } from "./account-panel";
import type { MarketLinks } from "./market-switcher";
import { Terminal } from "./terminal";

function SignInToSeeAccount({ returnTo }: { returnTo: string }) {
  return (
    <EmptyState
      icon={LogInIcon}
      title="Your positions, orders and fills"
      description="Sign in to trade this market and follow your account here."
      className="h-full rounded-lg border bg-card"
    >
      <Button asChild variant="outline">
        <Link href={`/sign-in?next=${encodeURIComponent(returnTo)}`}>Sign in</Link>
      </Button>
    </EmptyState>
  );
}

export interface TerminalSectionProps {
  /** The market as the page read it (components/market/load: loadMarket); the page answers 404 itself when it is unknown. */
  loaded: Loaded<{ pairs: TokenPair[]; pair: TokenPair | null; book: AggregatedBook | null }>;
  links: MarketLinks;
  /** Where a visitor returns after signing in. */
  returnTo: string;
}

/** The terminal as the server prepares it: who is signed in decides the ticket's button and the account tabs. */
export async function TerminalSection({ loaded, links, returnTo }: TerminalSectionProps) {
  if (!loaded.ok) return <ApiUnavailable title="The trading API could not be reached" icon={ChartCandlestickIcon} failure={loaded.failure} />;
  if (!loaded.pair)
    return <EmptyState icon={ChartCandlestickIcon} title="No markets to trade" description="The trading API lists no markets: no venue is running." />;
  const signedIn = (await currentOwner()) !== null;
  return (
    <MarketApiProvider baseUrl={browserMarketApiUrl()}>
      <Terminal
        pair={loaded.pair}
        pairs={loaded.pairs}
        initialBook={loaded.book}
        links={links}
        ticket={<LinkedOrderTicket signedIn={signedIn} />}
        account={signedIn ? <AccountPanel withKillSwitch={links === "desk"} /> : <SignInToSeeAccount returnTo={returnTo} />}
        signedIn={signedIn}
        // A browser keeps at most six connections to a host, each stream holding one: only the desk follows
        // the account stream and a market's page polls the account, so two terminals leave one free for orders.
        accountStream={signedIn && links === "desk" && deskStreamAvailable() ? DESK_STREAM_URL : null}
      />
    </MarketApiProvider>
  );
}

/** The terminal's frame while a page prepares it. */
export function TerminalSkeleton({ label }: { label: string }) {
  return (
    <div data-layout="terminal" role="status" aria-busy="true" aria-label={label} className="flex flex-col gap-2 p-2 lg:h-full">
      <Skeleton className="h-12 w-full" />
      <div className="grid min-h-0 flex-1 gap-2 lg:grid-cols-[minmax(0,1fr)_19rem_21rem] lg:grid-rows-[minmax(0,1fr)_17rem]">
        <Skeleton className="h-[60dvh] lg:h-auto" />
        <Skeleton className="hidden lg:block" />
        <Skeleton className="hidden lg:row-span-2 lg:block" />
        <Skeleton className="hidden lg:col-span-2 lg:block" />
      </div>
    </div>
  );
}
