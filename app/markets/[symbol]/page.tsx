import { Suspense } from "react";
import type { Metadata } from "next";
import { MarketSection, MarketSectionSkeleton } from "@/components/market/market-section";
import { OrderTicketSlot } from "@/components/market/order-ticket-slot";

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
  return (
    <Suspense fallback={<MarketSectionSkeleton symbol={symbol} />}>
      <MarketSection symbol={symbol} ticket={<OrderTicketSlot />} />
    </Suspense>
  );
}
