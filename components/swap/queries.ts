import { queryOptions } from "@tanstack/react-query";
import { z } from "zod";
import { swapQuoteSchema, swapStatusSchema, swapWalletSchema, type SwapQuoteRequest } from "@/lib/swap/contract";

// The desk's reads go to small same-origin route handlers (app/swap/*) that attach the desk key on the server.

export class DeskRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export async function deskJson<T extends z.ZodType>(url: string, schema: T, init?: RequestInit): Promise<z.output<T>> {
  const res = await fetch(url, { cache: "no-store", ...init });
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const message = z.object({ error: z.string() }).safeParse(body).data?.error ?? `The desk answered ${res.status}.`;
    throw new DeskRequestError(message, res.status);
  }
  return schema.parse(body);
}

export const balancesQuery = (address: string | null) =>
  queryOptions({
    queryKey: ["swap", "balances", address ?? "desk"],
    queryFn: () => deskJson(address ? `/swap/balances?address=${encodeURIComponent(address)}` : "/swap/balances", swapWalletSchema),
    refetchInterval: 10_000,
  });

export const quoteQuery = (request: SwapQuoteRequest | null) =>
  queryOptions({
    queryKey: ["swap", "quote", request],
    queryFn: () => deskJson("/swap/quote", swapQuoteSchema, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(request) }),
    enabled: request !== null,
    // A quote lives two minutes; ask again well before, so what is shown is what will be signed.
    refetchInterval: 20_000,
    staleTime: 0,
    retry: false,
  });

export const statusQuery = (idOrHash: string | null) =>
  queryOptions({
    queryKey: ["swap", "status", idOrHash],
    queryFn: () => deskJson(`/swap/status/${encodeURIComponent(idOrHash!)}`, swapStatusSchema),
    enabled: idOrHash !== null,
    refetchInterval: (query) => (query.state.data && query.state.data.status !== "PENDING" ? false : 1000),
    staleTime: 0,
  });

export const historyQuery = () =>
  queryOptions({
    queryKey: ["swap", "history"],
    queryFn: () => deskJson("/swap/history", z.array(swapStatusSchema)),
    refetchInterval: 5_000,
  });
