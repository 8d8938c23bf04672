"use client";

import { useMemo, useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useQuery } from "@tanstack/react-query";
import type { Candle, TokenPair } from "@/lib/client/market-data";
import { ArrowDownIcon, ArrowUpIcon, SearchIcon } from "lucide-react";
import { EmptyState } from "@/components/ui/empty-state";
import { Input } from "@/components/ui/input";
import { COLUMN, Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { cn } from "@/components/ui/cn";
import { formatChange, formatCompactUsd, formatDecimal, formatFunding, signOf } from "./format";
import { useMarketApi } from "./market-api";
import { DEFAULT_SORT, nextSort, searchMarkets, sortMarkets, type MarketRow, type SortKey, type SortOrder } from "./markets-list";
import { toMarketRows } from "./market-rows";
import { sparklinesQuery, tokenPairsQuery } from "./queries";
import { Sparkline } from "./sparkline";

// Volume and funding give way on a phone (the market's page shows both).
const COLUMNS: { key: SortKey; label: string; numeric: boolean; tier?: string }[] = [
  { key: "symbol", label: "Market", numeric: false },
  { key: "price", label: "Price", numeric: true },
  { key: "change24h", label: "24h change", numeric: true },
  { key: "volume24h", label: "24h volume", numeric: true, tier: COLUMN.secondary },
  { key: "fundingRate", label: "Funding", numeric: true, tier: COLUMN.secondary },
];

export function marketHref(symbol: string): string {
  return `/markets/${encodeURIComponent(symbol)}`;
}

function SortHeader({ column, order, onSort }: { column: (typeof COLUMNS)[number]; order: SortOrder; onSort(key: SortKey): void }) {
  const active = order.key === column.key;
  const Arrow = order.direction === "asc" ? ArrowUpIcon : ArrowDownIcon;
  return (
    <TableHead
      aria-sort={active ? (order.direction === "asc" ? "ascending" : "descending") : "none"}
      className={cn(column.numeric && "text-right", column.tier)}
    >
      <button
        type="button"
        onClick={() => onSort(column.key)}
        className={cn("inline-flex items-center gap-1 uppercase hover:text-foreground", active && "text-foreground")}
      >
        {column.label}
        {active ? <Arrow className="size-3" aria-hidden="true" /> : null}
      </button>
    </TableHead>
  );
}

function MarketTableRow({ row }: { row: MarketRow }) {
  const router = useRouter();
  const change = signOf(row.change24h);
  const href = marketHref(row.symbol);
  return (
    // The whole row opens the market; the symbol is the link for keyboards and screen readers.
    <TableRow className="cursor-pointer" data-symbol={row.symbol} onClick={() => router.push(href)}>
      <TableCell className="align-middle">
        <Link href={href} className="font-medium hover:underline" onClick={(e) => e.stopPropagation()}>
          {row.base}
          <span className="text-muted-foreground">-{row.quote}</span>
        </Link>
      </TableCell>
      <TableCell className="text-right align-middle font-mono tabular-nums">{formatDecimal(row.price, row.priceDecimals)}</TableCell>
      <TableCell className={cn("text-right align-middle font-mono tabular-nums", change > 0 && "text-success", change < 0 && "text-destructive")}>
        {formatChange(row.change24h)}
      </TableCell>
      <TableCell className={cn("text-right align-middle font-mono tabular-nums", COLUMN.secondary)}>{formatCompactUsd(row.volume24h)}</TableCell>
      <TableCell className={cn("text-right align-middle font-mono tabular-nums", COLUMN.secondary)}>{formatFunding(row.fundingRate)}</TableCell>
      <TableCell className="hidden py-1 align-middle sm:table-cell">
        <Sparkline closes={row.closes} rising={change >= 0} label={`${row.symbol}, last 24 hours`} />
      </TableCell>
    </TableRow>
  );
}

/** Every market, live, searchable and sortable; a row opens the market's page. */
export function MarketsTable({ initialPairs, initialSparklines }: { initialPairs: TokenPair[]; initialSparklines: Record<string, Candle[]> }) {
  const api = useMarketApi();
  const { data: pairs } = useQuery({ ...tokenPairsQuery(api), initialData: initialPairs });
  const symbols = useMemo(() => pairs.map((p) => p.symbol), [pairs]);
  const { data: sparklines } = useQuery({ ...sparklinesQuery(api, symbols), initialData: initialSparklines });
  const rows = useMemo(() => toMarketRows(pairs, sparklines), [pairs, sparklines]);
  const [query, setQuery] = useState("");
  const [order, setOrder] = useState<SortOrder>(DEFAULT_SORT);
  const shown = useMemo(() => sortMarkets(searchMarkets(rows, query), order), [rows, query, order]);

  return (
    <div className="flex flex-col gap-4">
      <div className="relative max-w-xs">
        <SearchIcon className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
        <Input
          type="search"
          placeholder="Search markets"
          aria-label="Search markets"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          className="pl-9"
        />
      </div>
      {shown.length === 0 ? (
        <EmptyState icon={SearchIcon} title="No market matches" description={`Nothing is listed under “${query.trim()}”. Try a base asset such as BTC.`} />
      ) : (
        <div className="rounded-lg border">
          <Table aria-label="Markets">
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                {COLUMNS.map((column) => (
                  <SortHeader key={column.key} column={column} order={order} onSort={(key) => setOrder((o) => nextSort(o, key))} />
                ))}
                <TableHead className="hidden sm:table-cell">
                  <span className="sr-only">Last 24 hours</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {shown.map((row) => (
                <MarketTableRow key={row.symbol} row={row} />
              ))}
            </TableBody>
          </Table>
        </div>
      )}
    </div>
  );
}
