"use client";

import type { ReactNode } from "react";
import { WagmiProvider } from "wagmi";
import { wagmiConfig } from "@/lib/wallet/config";

/**
 * wagmi for the parts of the dashboard that use a wallet (sign-in, linking a wallet, the swap desk).
 * Pages wrap only those parts, so wagmi and its connectors stay out of the JavaScript of every other
 * page. The connection state lives in wagmiConfig (cookie storage), so it carries across pages.
 */
export function WalletProvider({ children }: { children: ReactNode }) {
  return <WagmiProvider config={wagmiConfig}>{children}</WagmiProvider>;
}
