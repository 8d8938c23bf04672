import { cookieStorage, createConfig, createStorage, http } from "wagmi";
import { injected } from "wagmi/connectors";
import { localChainA, localChainB } from "./chains";

/**
 * wagmi for the dashboard: the browser's injected wallet only (no WalletConnect, which needs a
 * remote project id), server-rendered with cookie storage as the app router wants.
 */
export const wagmiConfig = createConfig({
  chains: [localChainA, localChainB],
  connectors: [injected()],
  transports: { [localChainA.id]: http(), [localChainB.id]: http() },
  ssr: true,
  storage: createStorage({ storage: cookieStorage }),
});

declare module "wagmi" {
  interface Register {
    config: typeof wagmiConfig;
  }
}
