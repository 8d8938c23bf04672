"use client";

import { useId } from "react";
import type { SwapBalanceView, SwapChainView } from "@/lib/swap/contract";
import { Label } from "@/components/ui/label";
import { cn } from "@/components/ui/cn";
import { formatUnits } from "./view";

const selectClass =
  "h-9 w-full min-w-0 rounded-md border border-input bg-background px-2 text-sm shadow-xs focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";

/** A chain and a token on it, each with what the wallet holds there. */
export function TokenField({
  legend,
  chains,
  chainId,
  symbol,
  balances,
  onChange,
}: {
  legend: string;
  chains: readonly SwapChainView[];
  chainId: number;
  symbol: string;
  balances: readonly SwapBalanceView[] | undefined;
  onChange: (next: { chainId: number; symbol: string }) => void;
}) {
  const id = useId();
  const chain = chains.find((c) => c.id === chainId);
  const balanceOf = (sym: string) => balances?.find((b) => b.chainId === chainId && b.token.symbol === sym);
  const held = balanceOf(symbol);
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      <div className="grid grid-cols-2 gap-2">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-chain`} className="text-xs text-muted-foreground">
            {legend} chain
          </Label>
          <select id={`${id}-chain`} className={selectClass} value={chainId} onChange={(e) => onChange({ chainId: Number(e.target.value), symbol })}>
            {chains.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-token`} className="text-xs text-muted-foreground">
            {legend} token
          </Label>
          <select id={`${id}-token`} className={selectClass} value={symbol} onChange={(e) => onChange({ chainId, symbol: e.target.value })}>
            {(chain?.tokens ?? []).map((t) => {
              const b = balanceOf(t.symbol);
              return (
                <option key={t.address} value={t.symbol}>
                  {t.symbol}
                  {b ? ` — ${formatUnits(b.balance, t.decimals, 4)}` : ""}
                </option>
              );
            })}
          </select>
        </div>
      </div>
      <p className={cn("text-xs text-muted-foreground", !balances && "invisible")} data-testid={`${legend.toLowerCase()}-balance`}>
        Balance: {held ? `${formatUnits(held.balance, held.token.decimals)} ${symbol}` : "—"}
      </p>
    </fieldset>
  );
}
