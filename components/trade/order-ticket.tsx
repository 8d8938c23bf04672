"use client";

// The order ticket: side, type, size in the base asset or in dollars, limit and trigger prices,
// reduce-only, a venue or smart routing; a preview of the route and its fees before sending, and a
// confirmation for large orders. The answer is shown in words with the child order each venue got.

import { useEffect, useState } from "react";
import dynamic from "next/dynamic";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { placeOrderAction } from "@/app/trade/actions";
import type { ParentOrderView, PlaceOrderInput } from "@/lib/trading/contract/orders";
import type { TokenPair } from "@/lib/client/market-data";
import type { PickedPrice } from "@/components/market/ticket-link";
import { ChoiceGroup } from "@/components/ui/choice-group";
import { Button } from "@/components/ui/button";
import { SubmitButton } from "@/components/ui/submit-button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { FormAlert } from "@/components/ui/form-alert";
import { Checkbox, DecimalField, SelectField } from "./fields";
import { marketFormat } from "./market-formats";
import { OrderResult } from "./order-result";
import { MarginSummary } from "./margin-summary";

// Loaded when a large order asks for confirmation: the dialog library is not part of the page's first load.
const LargeOrderDialog = dynamic(() => import("./large-order-dialog").then((m) => m.LargeOrderDialog));
import { RoutingPreview } from "./routing-preview";
import { DEFAULT_LEVERAGE, useHeldLeverage } from "./use-held-leverage";
import {
  DEFAULT_SLIPPAGE_PERCENT,
  emptyDraft,
  isLargeOrder,
  leverageChoices,
  ORDER_TYPES,
  parseTicket,
  takesExits,
  takesPostOnly,
  timeInForceChoices,
  usesPrice,
  usesSlippage,
  usesTrigger,
  type OrderSide,
  type SizeMode,
  type TicketDraft,
  type TicketField,
} from "./ticket-form";
import { toast } from "@/components/ui/toaster";
import { formatUsd, orderNotice, sideWords, typeWords } from "./trade-words";
import { newIdempotencyKey, useDeskAction } from "./use-desk-action";
import { Form } from "@/components/ui/form";

const SIDES = [
  { value: "BUY", label: "Buy" },
  { value: "SELL", label: "Sell" },
] as const;

/** A clicked book level sets a limit price: a market order becomes a limit, a stop market a stop limit. */
function withPickedPrice(draft: TicketDraft, price: string): TicketDraft {
  const type = draft.type === "MARKET" ? "LIMIT" : draft.type === "STOP_MARKET" ? "STOP_LIMIT" : draft.type;
  return { ...draft, type, price };
}

/** "Buy 0.5 BTC (market), about $32,000.00, smart-routed, taking about $3,200.00 of margin at 10×." */
function largeOrderSummary(order: PlaceOrderInput, notional: string, base: string, leverage: number): string {
  const where = order.preferredExchange ? ` on ${order.preferredExchange}` : ", smart-routed";
  const margin = formatUsd((Number(notional) / leverage).toFixed(2));
  return `${sideWords(order.side)} ${order.quantity} ${base} (${typeWords(order.type).toLowerCase()}), about ${formatUsd(notional)}${where}, taking about ${margin} of margin at ${leverage}×.`;
}

export interface OrderTicketProps {
  pair: TokenPair;
  /** The price of the last book level clicked, on a market's page. */
  picked?: PickedPrice | null;
  signedIn: boolean;
}

export function OrderTicket({ pair, picked = null, signedIn }: OrderTicketProps) {
  const pathname = usePathname();
  const [draft, setDraft] = useState<TicketDraft>(() => ({ ...emptyDraft(), leverage: String(Math.min(DEFAULT_LEVERAGE, pair.maxLeverage)) }));
  useHeldLeverage(pair.symbol, signedIn, (leverage) => setDraft((d) => ({ ...d, leverage: String(leverage) })));
  const [submitted, setSubmitted] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<ParentOrderView | null>(null);
  const action = useDeskAction(draft);

  useEffect(() => {
    if (picked) setDraft((d) => withPickedPrice(d, picked.price));
  }, [picked]);

  const venue = pair.venues.find((v) => v.venue === draft.venue);
  const maxLeverage = venue?.maxLeverage ?? pair.maxLeverage;
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
  const previewLimit = usesPrice(draft.type) && parsed.ok ? (parsed.order.price ?? null) : null;

  function send() {
    if (!parsed.ok) return;
    setConfirming(false);
    const order = parsed.order;
    action.run(
      () => placeOrderAction({ order, idempotencyKey: newIdempotencyKey() }),
      (placed) => {
        setResult(placed);
        setSubmitted(false);
        toast(orderNotice(placed, pair.base));
      },
      (refused) => toast({ title: `${sideWords(order.side)} ${order.quantity} ${pair.base}: refused`, description: refused, tone: "destructive" }),
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
    <Card data-testid="order-ticket" className="shadow-none">
      <CardHeader className="p-3 pb-2">
        <CardTitle className="flex items-baseline justify-between gap-2 text-sm">
          Order ticket <span className="text-xs font-normal text-muted-foreground">{pair.symbol}</span>
        </CardTitle>
      </CardHeader>
      <CardContent className="p-3 pt-0">
        <Form className="flex flex-col gap-3" onSubmit={submit} noValidate>
          <ChoiceGroup legend="Side" layout="inline" choices={SIDES} value={draft.side} onChange={(side: OrderSide) => setDraft((d) => ({ ...d, side }))} />
          <div className="grid grid-cols-2 gap-2">
            <SelectField label="Order type" value={draft.type} options={ORDER_TYPES} onChange={set("type")} />
            <SelectField
              label="Leverage"
              value={draft.leverage}
              options={leverageChoices(maxLeverage).map((l) => ({ value: String(l), label: `${l}×` }))}
              onChange={set("leverage")}
            />
          </div>
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
              hint="Beyond this move from the mark the rest is cancelled, never filled worse."
            />
          ) : null}
          <SelectField
            label="Venue"
            value={draft.venue}
            options={[{ value: "", label: "Smart route (best price after fees)" }, ...pair.venues.map((v) => ({ value: v.venue, label: v.venue }))]}
            onChange={set("venue")}
          />
          <SelectField
            label="Time in force"
            value={draft.timeInForce === "" ? timeInForceChoices(draft.type)[0]!.value : draft.timeInForce}
            options={timeInForceChoices(draft.type)}
            onChange={set("timeInForce")}
          />
          <div className="flex flex-wrap gap-x-4 gap-y-2">
            <Checkbox label="Reduce only" checked={draft.reduceOnly} onChange={set("reduceOnly")} />
            <Checkbox label="Post only" checked={draft.postOnly && takesPostOnly(draft)} disabled={!takesPostOnly(draft)} onChange={set("postOnly")} />
          </div>
          {takesExits(draft) ? (
            <div className="grid grid-cols-2 gap-2">
              <DecimalField label="Take profit" value={draft.takeProfit} onChange={set("takeProfit")} placeholder="Optional" error={errorOf("takeProfit")} />
              <DecimalField label="Stop loss" value={draft.stopLoss} onChange={set("stopLoss")} placeholder="Optional" error={errorOf("stopLoss")} />
            </div>
          ) : null}

          <RoutingPreview
            pair={pair}
            side={draft.side}
            quantity={previewQuantity}
            venue={draft.venue}
            limit={previewLimit}
            format={format}
            timeInForce={draft.timeInForce === "" ? timeInForceChoices(draft.type)[0]!.value : draft.timeInForce}
            postOnly={draft.postOnly && takesPostOnly(draft)}
          />
          <MarginSummary
            pair={pair}
            side={draft.side}
            quantity={previewQuantity}
            venue={draft.venue}
            limit={previewLimit}
            leverage={Number(draft.leverage)}
            signedIn={signedIn}
            priceDecimals={format.priceDecimals}
          />

          <FormAlert message={action.error} />
          {signedIn ? (
            <SubmitButton
              size="lg"
              disabled={action.pending}
              className={draft.side === "BUY" ? "bg-success text-white hover:bg-success/90" : "bg-destructive text-white hover:bg-destructive/90"}
            >
              {action.pending ? "Sending…" : `${sideWords(draft.side)} ${pair.base}`}
            </SubmitButton>
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
        </Form>
      </CardContent>
      {confirming && parsed.ok ? (
        <LargeOrderDialog
          summary={largeOrderSummary(parsed.order, parsed.notional ?? "0", pair.base, Number(draft.leverage))}
          pending={action.pending}
          onCancel={() => setConfirming(false)}
          onConfirm={send}
        />
      ) : null}
    </Card>
  );
}
