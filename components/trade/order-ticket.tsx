"use client";

// The order ticket: side, type, size in the base asset or in dollars, limit and trigger prices,
// reduce-only, a venue or smart routing; a preview of the route and its fees before sending, and a
// confirmation for large orders. The answer is shown in words with the child order each venue got.

import { useEffect, useState, type ReactNode } from "react";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { placeOrderAction } from "@/app/trade/actions";
import type { ParentOrderView } from "@/lib/trading/contract/orders";
import type { TokenPair } from "@/lib/client/market-data";
import type { PickedPrice } from "@/components/market/ticket-link";
import { ChoiceGroup } from "@/components/ui/choice-group";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { DialogActions } from "@/components/ui/dialog-actions";
import { FormAlert } from "@/components/ui/form-alert";
import { DecimalField, SelectField } from "./fields";
import { marketFormat } from "./market-formats";
import { OrderResult } from "./order-result";
import { RoutingPreview } from "./routing-preview";
import {
  DEFAULT_SLIPPAGE_PERCENT,
  emptyDraft,
  isLargeOrder,
  ORDER_TYPES,
  parseTicket,
  usesPrice,
  usesSlippage,
  usesTrigger,
  type OrderSide,
  type SizeMode,
  type TicketDraft,
  type TicketField,
} from "./ticket-form";
import { formatUsd, sideWords, typeWords } from "./trade-words";
import { newIdempotencyKey, useDeskAction } from "./use-desk-action";

const SIDES = [
  { value: "BUY", label: "Buy" },
  { value: "SELL", label: "Sell" },
] as const;

/** A clicked book level sets a limit price: a market order becomes a limit, a stop market a stop limit. */
function withPickedPrice(draft: TicketDraft, price: string): TicketDraft {
  const type = draft.type === "MARKET" ? "LIMIT" : draft.type === "STOP_MARKET" ? "STOP_LIMIT" : draft.type;
  return { ...draft, type, price };
}

export interface OrderTicketProps {
  pair: TokenPair;
  /** The price of the last book level clicked, on a market's page. */
  picked?: PickedPrice | null;
  signedIn: boolean;
  /** Above the fields, e.g. the desk's market picker. */
  header?: ReactNode;
}

export function OrderTicket({ pair, picked = null, signedIn, header }: OrderTicketProps) {
  const pathname = usePathname();
  const [draft, setDraft] = useState<TicketDraft>(emptyDraft);
  const [submitted, setSubmitted] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<ParentOrderView | null>(null);
  const action = useDeskAction();

  useEffect(() => {
    if (picked) setDraft((d) => withPickedPrice(d, picked.price));
  }, [picked]);

  const venue = pair.venues.find((v) => v.venue === draft.venue);
  const market = {
    symbol: pair.symbol,
    base: pair.base,
    lotSize: pair.lotSize,
    tickSize: venue?.tickSize ?? pair.tickSize,
    markPrice: venue?.markPrice ?? pair.markPrice,
  };
  const parsed = parseTicket(draft, market);
  const format = marketFormat(pair);
  const set =
    <K extends keyof TicketDraft>(field: K) =>
    (value: TicketDraft[K]) =>
      setDraft((d) => ({ ...d, [field]: value }));
  const errorOf = (field: TicketField) => {
    if (parsed.ok) return null;
    const typed = draft[field].trim() !== "";
    return submitted || typed ? (parsed.errors[field] ?? null) : null;
  };
  const previewQuantity = parsed.ok ? parsed.order.quantity : parsed.quantity;

  function send() {
    if (!parsed.ok) return;
    setConfirming(false);
    const order = parsed.order;
    action.run(
      () => placeOrderAction({ order, idempotencyKey: newIdempotencyKey() }),
      (placed) => {
        setResult(placed);
        setSubmitted(false);
      },
    );
  }

  function submit(event: React.FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    setResult(null);
    if (!parsed.ok) return;
    if (isLargeOrder(parsed.notional)) setConfirming(true);
    else send();
  }

  return (
    <Card data-testid="order-ticket">
      <CardHeader>
        <CardTitle>Order ticket</CardTitle>
        <CardDescription>{pair.symbol}: smart-routed across venues unless you pick one. Click a level in the book to take its price.</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
          {header}
          <ChoiceGroup legend="Side" layout="inline" choices={SIDES} value={draft.side} onChange={(side: OrderSide) => setDraft((d) => ({ ...d, side }))} />
          <SelectField label="Order type" value={draft.type} options={ORDER_TYPES} onChange={set("type")} />
          <ChoiceGroup
            legend="Size in"
            layout="inline"
            choices={[
              { value: "quantity", label: pair.base },
              { value: "notional", label: "USD" },
            ]}
            value={draft.sizeMode}
            onChange={(sizeMode: SizeMode) => setDraft((d) => ({ ...d, sizeMode }))}
          />
          {draft.sizeMode === "quantity" ? (
            <DecimalField
              label={`Size (${pair.base})`}
              value={draft.quantity}
              onChange={set("quantity")}
              error={errorOf("quantity")}
              hint={`In steps of ${pair.lotSize} ${pair.base}.`}
            />
          ) : (
            <DecimalField
              label="Notional (USD)"
              value={draft.notional}
              onChange={set("notional")}
              error={errorOf("notional")}
              hint={parsed.ok ? `${parsed.order.quantity} ${pair.base}, rounded down to whole lots.` : "Sized at the limit, trigger or mark price."}
            />
          )}
          <DecimalField
            label={`Price (${pair.quote})`}
            value={usesPrice(draft.type) ? draft.price : ""}
            onChange={set("price")}
            disabled={!usesPrice(draft.type)}
            placeholder={usesPrice(draft.type) ? undefined : "At market"}
            error={usesPrice(draft.type) ? errorOf("price") : null}
          />
          {usesTrigger(draft.type) ? (
            <DecimalField
              label={`Trigger price (${pair.quote})`}
              value={draft.triggerPrice}
              onChange={set("triggerPrice")}
              error={errorOf("triggerPrice")}
              hint="Triggers on the venue's mark price."
            />
          ) : null}
          {usesSlippage(draft.type) ? (
            <DecimalField
              label="Max slippage (%)"
              value={draft.slippagePercent}
              onChange={set("slippagePercent")}
              placeholder={DEFAULT_SLIPPAGE_PERCENT}
              error={errorOf("slippagePercent")}
              hint="What the book cannot fill within this move from the mark is cancelled, never filled worse."
            />
          ) : null}
          <SelectField
            label="Venue"
            value={draft.venue}
            options={[{ value: "", label: "Smart route (best price after fees)" }, ...pair.venues.map((v) => ({ value: v.venue, label: v.venue }))]}
            onChange={set("venue")}
          />
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" className="size-4 accent-primary" checked={draft.reduceOnly} onChange={(e) => set("reduceOnly")(e.target.checked)} />
            Reduce only
          </label>

          <RoutingPreview pair={pair} side={draft.side} quantity={previewQuantity} venue={draft.venue} format={format} />

          <FormAlert message={action.error} />
          {signedIn ? (
            <Button
              type="submit"
              size="lg"
              disabled={action.pending}
              className={draft.side === "BUY" ? "bg-success text-white hover:bg-success/90" : "bg-destructive text-white hover:bg-destructive/90"}
            >
              {action.pending ? "Sending…" : `${sideWords(draft.side)} ${pair.base}`}
            </Button>
          ) : (
            <Button asChild size="lg" variant="outline">
              <Link href={`/sign-in?next=${encodeURIComponent(pathname)}`}>Sign in to trade</Link>
            </Button>
          )}
          {result ? (
            <OrderResult
              order={result}
              format={format}
              title={`${sideWords(result.side)} ${result.quantity} ${pair.base}, ${typeWords(result.type).toLowerCase()}`}
            />
          ) : null}
        </form>
      </CardContent>
      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Send a large order?</DialogTitle>
            <DialogDescription>
              {parsed.ok
                ? `${sideWords(parsed.order.side)} ${parsed.order.quantity} ${pair.base} (${typeWords(parsed.order.type).toLowerCase()}), about ${formatUsd(parsed.notional ?? "0")}${parsed.order.preferredExchange ? ` on ${parsed.order.preferredExchange}` : ", smart-routed"}.`
                : null}
            </DialogDescription>
          </DialogHeader>
          <DialogActions onCancel={() => setConfirming(false)} onConfirm={send} pending={action.pending} label="Send order" pendingLabel="Sending…" />
        </DialogContent>
      </Dialog>
    </Card>
  );
}
