// `npm run venue:fake -- hyperliquid|binanceusdm`: a fake of the venue on loopback, for trying the desk
// without an exchange account. PORT= chooses the port (a free one otherwise); SEED= the market's seed.
import { BINANCE_USDM_DEMO, HYPERLIQUID_DEMO, startBinanceUsdmFake, startHyperliquidFake } from "../lib/venues/fakes";

const venue = process.argv[2];
const port = Number(process.env.PORT ?? 0);
const seed = process.env.SEED === undefined ? undefined : Number(process.env.SEED);
if ((venue !== "hyperliquid" && venue !== "binanceusdm") || !Number.isInteger(port) || (seed !== undefined && !Number.isInteger(seed))) {
  console.error("usage: [PORT=n] [SEED=n] npm run venue:fake -- hyperliquid|binanceusdm");
  process.exit(2);
}

const fake = venue === "hyperliquid" ? await startHyperliquidFake({ port, seed }) : await startBinanceUsdmFake({ port, seed });
const credentials =
  venue === "hyperliquid"
    ? [
        `  main account address (walletAddress): ${HYPERLIQUID_DEMO.address}`,
        `  API wallet private key (privateKey):  ${HYPERLIQUID_DEMO.agentPrivateKey}`,
        `  (the API wallet ${HYPERLIQUID_DEMO.agentAddress} is approved for the account; ${HYPERLIQUID_DEMO.collateral} USDC of collateral)`,
      ]
    : [`  API key: ${BINANCE_USDM_DEMO.apiKey}`, `  secret:  ${BINANCE_USDM_DEMO.secret}`, `  (${BINANCE_USDM_DEMO.collateral} USDT of collateral)`];
console.log(
  [
    `Fake ${venue} venue on ${fake.url} (websockets at ${fake.wsUrl}/ws). Offline: no real exchange, no real money.`,
    "",
    "Point Bourse at it:",
    `  VENUES=embedded,${venue} VENUE_${venue.toUpperCase()}_URL=${fake.url}`,
    "",
    "Link this demo account in the dashboard (test-only credentials; they work on this fake and nowhere else):",
    ...credentials,
    "",
    "Ctrl-C stops it.",
  ].join("\n"),
);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void fake.close().then(() => process.exit(0));
  });
}
