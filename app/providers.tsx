"use client";

import { useState, type ReactNode } from "react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { TooltipProvider } from "@/components/ui/tooltip";
import { ApiClientError } from "@/lib/client/http";

const MAX_RETRIES = 2;

function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Server components prefetch; a short stale time avoids refetching right after hydration.
        staleTime: 15_000,
        refetchOnWindowFocus: false,
        // A 4xx will not improve by asking again; network failures and 5xx might.
        retry: (failures, error) => failures < MAX_RETRIES && !(error instanceof ApiClientError && error.status >= 400 && error.status < 500),
      },
    },
  });
}

export function Providers({ children }: { children: ReactNode }) {
  // One client per browser session (and per server render), never shared between requests.
  const [queryClient] = useState(makeQueryClient);
  return (
    // wagmi is not here: components/wallet/wallet-provider.tsx wraps only the parts that use a wallet.
    <QueryClientProvider client={queryClient}>
      <TooltipProvider delayDuration={300}>{children}</TooltipProvider>
    </QueryClientProvider>
  );
}
