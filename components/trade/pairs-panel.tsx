"use client";

// Pair trades: a long and a short on one venue, half the notional each. The form opens one; the table
// lists them with each leg's entry, mark or exit and PnL, the basket's PnL, and a close.

import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { ScaleIcon } from "lucide-react";
import { closePairAction, openPairAction } from "@/app/trade/actions";
import type { PairLegView, PairView } from "@/lib/trading/contract/pairs";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { SubmitButton } from "@/components/ui/submit-button";
import { EmptyState } from "@/components/ui/empty-state";
import { FormAlert } from "@/components/ui/form-alert";
import { Skeleton } from "@/components/ui/skeleton";
import { COLUMN, RowDetailToggle, Table, TableActionsHead, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { cn } from "@/components/ui/cn";
import type { TokenPair } from "@/lib/client/market-data";
import { DecimalField, SelectField } from "./fields";
import { useMarkets, type MarketFormat } from "./market-formats";
import { pairStatusWords, parsePairDraft, type PairDraft } from "./pair-form";
import { pairsQuery } from "./queries";
import { useDeskStreaming } from "./desk-live";
import { formatAmount, formatUsd, pnlTone, sideWords } from "./trade-words";
import { newIdempotencyKey, useDeskAction } from "./use-desk-action";
import { UnreadState } from "./unread-state";
import { Form } from "@/components/ui/form";

const num = "text-right font-mono tabular-nums";

function OpenPairForm({ pairs }: { pairs: TokenPair[] }) {
  const [draft, setDraft] = useState<PairDraft>({
    longSymbol: pairs[0]?.symbol ?? "",
    shortSymbol: pairs[1]?.symbol ?? pairs[0]?.symbol ?? "",
    notional: "",
    leverage: "2",
    venue: "",
  });
  const [submitted, setSubmitted] = useState(false);
  const [opened, setOpened] = useState<PairView | null>(null);
  const action = useDeskAction(draft);
  const maxLeverage = Math.min(...pairs.filter((p) => p.symbol === draft.longSymbol || p.symbol === draft.shortSymbol).map((p) => p.maxLeverage));
  const parsed = parsePairDraft(draft, Number.isFinite(maxLeverage) ? maxLeverage : 1);
  const errorOf = (field: "shortSymbol" | "notional" | "leverage") => (!parsed.ok && submitted ? (parsed.errors[field] ?? null) : null);
  const set =
    <K extends keyof PairDraft>(field: K) =>
    (value: PairDraft[K]) =>
      setDraft((d) => ({ ...d, [field]: value }));
  const symbols = pairs.map((p) => ({ value: p.symbol, label: p.symbol }));
  const venues = [...new Set(pairs.flatMap((p) => p.venues.map((v) => v.venue)))];

  function open(event: React.FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    setOpened(null);
    if (!parsed.ok) return;
    const pair = parsed.pair;
    action.run(
      () => openPairAction({ pair, idempotencyKey: newIdempotencyKey() }),
      (done) => {
        setOpened(done);
        setSubmitted(false);
      },
    );
  }

  return (
    <Form onSubmit={open} noValidate aria-label="Open a pair" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5 lg:items-start">
      <SelectField label="Long" value={draft.longSymbol} options={symbols} onChange={set("longSymbol")} />
      <div className="flex flex-col gap-1">
        <SelectField label="Short" value={draft.shortSymbol} options={symbols} onChange={set("shortSymbol")} />
        {errorOf("shortSymbol") ? <p className="text-xs text-destructive">{errorOf("shortSymbol")}</p> : null}
      </div>
      <DecimalField
        label="Notional (USD)"
        value={draft.notional}
        onChange={set("notional")}
        error={errorOf("notional")}
        hint="Split evenly between the legs."
      />
      <DecimalField label="Leverage" value={draft.leverage} onChange={set("leverage")} error={errorOf("leverage")} />
      <SelectField
        label="Pair venue"
        value={draft.venue}
        options={[{ value: "", label: "Default" }, ...venues.map((v) => ({ value: v, label: v }))]}
        onChange={set("venue")}
      />
      <div className="flex flex-col gap-2 sm:col-span-2 lg:col-span-5">
        <FormAlert message={action.error} />
        {opened ? (
          <p className="text-sm" data-testid="pair-opened">
            Pair opened on {opened.venue}: long {opened.longSymbol}, short {opened.shortSymbol}.
          </p>
        ) : null}
        <SubmitButton disabled={action.pending} className="self-start">
          {action.pending ? "Opening…" : "Open pair"}
        </SubmitButton>
      </div>
    </Form>
  );
}

function Leg({ leg, format }: { leg: PairLegView; format: MarketFormat | undefined }) {
  const price = (v: string | null) => formatAmount(v, format?.priceDecimals);
  const last = leg.exitPrice !== null ? `exit ${price(leg.exitPrice)}` : `mark ${price(leg.markPrice)}`;
  return (
    <div className="flex flex-col text-xs">
      <span className={cn("font-medium", leg.side === "LONG" ? "text-success" : "text-destructive")}>
        {sideWords(leg.side)} {leg.symbol}
      </span>
      <span className="font-mono tabular-nums text-muted-foreground">
        {formatAmount(leg.quantity, format?.sizeDecimals)} · entry {price(leg.entryPrice)} · {last}
      </span>
      <span className={cn("font-mono tabular-nums", pnlTone(leg.pnl))}>{formatUsd(leg.pnl, { signed: true })}</span>
    </div>
  );
}

function PairRow({
  pair,
  formatOf,
  pending,
  onClose,
}: {
  pair: PairView;
  formatOf(symbol: string): MarketFormat | undefined;
  pending: boolean;
  onClose(): void;
}) {
  const [open, setOpen] = useState(false);
  const words = pairStatusWords(pair.status);
  const status = (
    <>
      <Badge variant={words.tone}>{words.label}</Badge>
      {pair.failure ? <p className="mt-1 max-w-56 text-xs text-muted-foreground">{pair.failure}</p> : null}
    </>
  );
  const legs = (
    <div className="flex flex-col gap-2">
      {pair.legs.map((leg) => (
        <Leg key={leg.side} leg={leg} format={formatOf(leg.symbol)} />
      ))}
    </div>
  );
  return (
    <>
      <TableRow data-testid="pair" data-status={pair.status}>
        <TableCell>
          <div className="font-medium">
            {pair.longSymbol} / {pair.shortSymbol}
          </div>
          <div className="text-xs text-muted-foreground">
            {pair.venue} · {formatUsd(pair.notionalUsd)} · {pair.leverage}×
          </div>
          <div className="mt-1 @xl:hidden">{status}</div>
        </TableCell>
        <TableCell className={COLUMN.secondary}>{status}</TableCell>
        <TableCell className={COLUMN.secondary}>{legs}</TableCell>
        <TableCell className={cn(num, pnlTone(pair.basketPnl))} data-testid="basket-pnl">
          {formatUsd(pair.basketPnl, { signed: true })}
        </TableCell>
        <TableCell className="whitespace-nowrap text-right">
          {pair.status === "OPEN" ? (
            <Button size="sm" variant="outline" disabled={pending} onClick={onClose}>
              Close pair
            </Button>
          ) : null}
          <span className="@xl:hidden">
            <RowDetailToggle open={open} onToggle={() => setOpen(!open)} label={`pair ${pair.longSymbol} / ${pair.shortSymbol}`} />
          </span>
        </TableCell>
      </TableRow>
      {open ? (
        <tr className="border-b bg-muted/20 @xl:hidden">
          <td colSpan={99} className="px-3 py-2">
            {legs}
          </td>
        </tr>
      ) : null}
    </>
  );
}

function PairsTable() {
  const pairs = useQuery(pairsQuery(useDeskStreaming()));
  const { formatOf } = useMarkets();
  const action = useDeskAction();
  if (!pairs.isSuccess) return <UnreadState query={pairs} what="pairs" />;
  if (pairs.data.length === 0)
    return (
      <EmptyState
        icon={ScaleIcon}
        title="No pair trades yet"
        description="Open one above: both legs go to one venue, and a failed second leg unwinds the first."
        className="py-8"
      />
    );
  return (
    <div className="flex flex-col gap-2">
      <FormAlert message={action.error} />
      <Table aria-label="Pairs">
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead>Pair</TableHead>
            <TableHead className={COLUMN.secondary}>Status</TableHead>
            <TableHead className={COLUMN.secondary}>Legs</TableHead>
            <TableHead className="text-right">Basket PnL</TableHead>
            <TableActionsHead />
          </TableRow>
        </TableHeader>
        <TableBody>
          {pairs.data.map((pair) => (
            <PairRow
              key={pair.id}
              pair={pair}
              formatOf={formatOf}
              pending={action.pending}
              onClose={() => action.run(() => closePairAction({ id: pair.id, idempotencyKey: newIdempotencyKey() }))}
            />
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

export function PairsPanel() {
  const { pairs } = useMarkets();
  return (
    <div className="flex flex-col gap-4">
      {pairs.length >= 2 ? <OpenPairForm pairs={pairs} /> : <Skeleton className="h-16 w-full" aria-label="Loading markets" />}
      <PairsTable />
    </div>
  );
}
