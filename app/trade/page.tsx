import type { Metadata } from "next";
import { loadMarket } from "@/components/market/load";
import { TerminalSection } from "@/components/terminal/terminal-section";
import { requireOwnerId } from "@/lib/dashboard/session";

export const metadata: Metadata = { title: "Trade" };

/** The desk: the terminal on any market (`?symbol=`, else the first listed), with the kill switch among its account tabs. */
export default async function TradePage({ searchParams }: { searchParams: Promise<{ symbol?: string | string[] }> }) {
  await requireOwnerId("/trade");
  const { symbol } = await searchParams;
  const asked = typeof symbol === "string" ? symbol.toUpperCase() : null;
  let loaded = await loadMarket(asked);
  if (loaded.ok && !loaded.pair && asked !== null) loaded = await loadMarket(null);
  return <TerminalSection loaded={loaded} links="desk" returnTo="/trade" />;
}
