import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { loadMarket } from "@/components/market/load";
import { TerminalSection } from "@/components/terminal/terminal-section";

type Props = { params: Promise<{ symbol: string }> };

function symbolOf(segment: string): string {
  try {
    return decodeURIComponent(segment).toUpperCase();
  } catch {
    return segment.toUpperCase();
  }
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: symbolOf((await params).symbol) };
}

export default async function MarketPage({ params }: Props) {
  const symbol = symbolOf((await params).symbol);
  // Read before anything streams, so an unknown market answers 404 and not a 200 holding the not-found page.
  const loaded = await loadMarket(symbol);
  if (loaded.ok && !loaded.pair) notFound();
  return <TerminalSection loaded={loaded} links="market" returnTo={`/markets/${encodeURIComponent(symbol)}`} />;
}
