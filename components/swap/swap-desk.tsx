"use client";

import { useEffect, useState, useTransition } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowDownUpIcon, DropletIcon, KeyRoundIcon, WalletIcon } from "lucide-react";
import { useConnect, useConnection, useConnectors } from "wagmi";
import { executeSwapAction, faucetAction } from "@/app/swap/actions";
import type { SwapChainView, SwapQuoteRequest, SwapStatusView } from "@/lib/swap/contract";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormAlert } from "@/components/ui/form-alert";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { ChoiceGroup } from "@/components/ui/choice-group";
import { balancesQuery, quoteQuery, statusQuery } from "./queries";
import { QuoteSummary } from "./quote-summary";
import { StatusTimeline } from "./status-timeline";
import { SwapHistory } from "./swap-history";
import { TokenField } from "./token-field";
import { useDebounced } from "./use-debounced";
import { useWalletSwap, walletErrorText, type WalletStep } from "./use-wallet-swap";
import { CONFIRM_WORD, impactLevel, parseAmount } from "./view";

type Mode = "wallet" | "desk";
const MODES = [
  { value: "wallet", label: "My wallet", description: "Sign each transaction in your browser wallet." },
  { value: "desk", label: "Desk wallet", description: "The server signs with your desk's own wallet." },
] as const;

export interface SwapDeskProps {
  chains: SwapChainView[];
  deskAddress: string;
  history: SwapStatusView[];
}

/** Pick chains, tokens and an amount, see the quote, then sign with the wallet or execute with the desk key. */
export function SwapDesk({ chains, deskAddress, history }: SwapDeskProps) {
  const queryClient = useQueryClient();
  const connectors = useConnectors();
  const connect = useConnect();
  const { address: walletAddress, isConnected } = useConnection();
  const walletSwap = useWalletSwap();
  const [mode, setMode] = useState<Mode>("wallet");
  const [from, setFrom] = useState({ chainId: chains[0]!.id, symbol: "USDC" });
  const [to, setTo] = useState({ chainId: (chains[1] ?? chains[0]!).id, symbol: "WETH" });
  const [amountText, setAmountText] = useState("");
  const [confirmText, setConfirmText] = useState("");
  const [following, setFollowing] = useState<string | null>(null);
  const [walletSteps, setWalletSteps] = useState<WalletStep[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [funding, startFunding] = useTransition();
  const [funded, setFunded] = useState<string | null>(null);

  const holder = mode === "desk" ? deskAddress : (walletAddress ?? null);
  const chainName = (id: number) => chains.find((c) => c.id === id)?.name ?? `chain ${id}`;
  const fromToken = chains.find((c) => c.id === from.chainId)?.tokens.find((t) => t.symbol === from.symbol);
  const parsed = fromToken ? parseAmount(amountText, fromToken.decimals) : { ok: false as const, error: null };
  const deferredAmount = useDebounced(parsed.ok ? parsed.units.toString() : null, 350);

  const balances = useQuery({ ...balancesQuery(holder), enabled: holder !== null });
  const request: SwapQuoteRequest | null =
    deferredAmount && holder
      ? { fromChain: from.chainId, toChain: to.chainId, fromToken: from.symbol, toToken: to.symbol, fromAmount: deferredAmount, fromAddress: holder }
      : null;
  const quote = useQuery(quoteQuery(request));
  const status = useQuery(statusQuery(following));
  const level = impactLevel(quote.data?.priceImpact ?? null);
  const confirmed = level !== "severe" || confirmText.trim().toLowerCase() === CONFIRM_WORD;

  useEffect(() => {
    setWalletSteps(walletSwap.steps);
  }, [walletSwap.steps]);

  const finished = status.data?.status !== undefined && status.data.status !== "PENDING";
  useEffect(() => {
    if (finished) {
      void queryClient.invalidateQueries({ queryKey: ["swap", "balances"] });
      void queryClient.invalidateQueries({ queryKey: ["swap", "history"] });
    }
  }, [finished, queryClient]);

  async function connectWallet() {
    setError(null);
    const connector = connectors[0];
    if (!connector) return setError("No browser wallet found. Install a wallet extension, or use the desk wallet.");
    try {
      await connect.mutateAsync({ connector });
    } catch (err) {
      setError(walletErrorText(err));
    }
  }

  async function go() {
    if (!quote.data) return;
    setError(null);
    setBusy(true);
    setFollowing(null);
    setWalletSteps([]);
    try {
      if (mode === "wallet") {
        setFollowing(await walletSwap.run(quote.data.id));
      } else {
        const result = await executeSwapAction({ quoteId: quote.data.id });
        if (!result.ok) throw new Error(result.error);
        setWalletSteps(
          result.value.sending.transactions.map((t) => ({ kind: t.kind, label: `Signed and sent by the desk: ${t.kind}`, state: "done", hash: t.hash })),
        );
        setFollowing(result.value.id);
      }
      setConfirmText("");
      void queryClient.invalidateQueries({ queryKey: ["swap", "quote"] });
    } catch (err) {
      setError(walletErrorText(err));
    } finally {
      setBusy(false);
    }
  }

  function fund() {
    if (!holder) return;
    setError(null);
    startFunding(async () => {
      const result = await faucetAction({ address: holder });
      if (!result.ok) return setError(result.error);
      setFunded(holder);
      await queryClient.invalidateQueries({ queryKey: ["swap", "balances"] });
    });
  }

  const flip = () => {
    setFrom(to);
    setTo(from);
  };
  const faucetAvailable = chains.some((c) => c.faucet);
  const canGo = quote.data && !quote.isFetching && confirmed && !busy && (mode === "desk" || isConnected);

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <Card>
        <CardHeader>
          <CardTitle>New swap</CardTitle>
          <CardDescription>Same chain through the pools, or across chains through the bridge.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-6">
          <ChoiceGroup legend="Sign with" choices={MODES} value={mode} onChange={(m) => setMode(m)} />
          <div className="flex flex-wrap items-center gap-2 text-sm">
            {mode === "wallet" ? (
              isConnected && walletAddress ? (
                <span>
                  Connected:{" "}
                  <code className="break-all" data-testid="wallet-address">
                    {walletAddress}
                  </code>
                </span>
              ) : (
                <Button onClick={connectWallet} disabled={connect.isPending}>
                  <WalletIcon aria-hidden />
                  {connect.isPending ? "Waiting for your wallet…" : "Connect wallet"}
                </Button>
              )
            ) : (
              <span>
                Desk wallet:{" "}
                <code className="break-all" data-testid="desk-address">
                  {deskAddress}
                </code>
              </span>
            )}
            {holder && faucetAvailable ? (
              <Button variant="outline" size="sm" onClick={fund} disabled={funding}>
                <DropletIcon aria-hidden />
                {funding ? "Funding…" : "Get test tokens"}
              </Button>
            ) : null}
            {funded === holder && holder ? <span className="text-xs text-success">Test tokens and gas sent on every local chain.</span> : null}
          </div>

          <TokenField legend="From" chains={chains} chainId={from.chainId} symbol={from.symbol} balances={balances.data?.balances} onChange={setFrom} />
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="swap-amount">Amount ({from.symbol})</Label>
            <Input
              id="swap-amount"
              inputMode="decimal"
              autoComplete="off"
              placeholder="0.0"
              value={amountText}
              aria-invalid={!parsed.ok && parsed.error !== null}
              onChange={(e) => setAmountText(e.target.value)}
            />
            {!parsed.ok && parsed.error ? <p className="text-xs text-destructive">{parsed.error}</p> : null}
          </div>
          <Button variant="ghost" size="sm" className="self-center" onClick={flip} aria-label="Swap direction">
            <ArrowDownUpIcon aria-hidden />
          </Button>
          <TokenField legend="To" chains={chains} chainId={to.chainId} symbol={to.symbol} balances={balances.data?.balances} onChange={setTo} />

          {!holder ? (
            <p className="text-sm text-muted-foreground">Connect a wallet (or choose the desk wallet) to see quotes for your balances.</p>
          ) : request === null ? null : quote.isPending ? (
            <Skeleton className="h-48 w-full" />
          ) : quote.isError ? (
            <FormAlert message={quote.error.message} />
          ) : (
            <QuoteSummary quote={quote.data} />
          )}

          {level === "severe" ? (
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="swap-confirm">Type “{CONFIRM_WORD}” to accept the price impact</Label>
              <Input id="swap-confirm" autoComplete="off" value={confirmText} onChange={(e) => setConfirmText(e.target.value)} />
            </div>
          ) : null}

          <FormAlert message={error} />
          <Button size="lg" onClick={go} disabled={!canGo}>
            {mode === "wallet" ? <WalletIcon aria-hidden /> : <KeyRoundIcon aria-hidden />}
            {busy ? "Working…" : mode === "wallet" ? "Sign with wallet" : "Execute with the desk key"}
          </Button>

          {walletSteps.length > 0 || status.data ? <StatusTimeline walletSteps={walletSteps} swap={status.data} chainName={chainName} /> : null}
          {status.isError ? <FormAlert message={`Could not read the swap's status: ${status.error.message}`} /> : null}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>History</CardTitle>
          <CardDescription>Your swaps and where they stand.</CardDescription>
        </CardHeader>
        <CardContent>
          <SwapHistory initial={history} chainName={chainName} />
        </CardContent>
      </Card>
    </div>
  );
}
