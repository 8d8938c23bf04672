import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeFunctionData, erc20Abi } from "viem";
import { createTestApi, type TestApi } from "../../testing/api";
import { createTestOwner } from "../../testing/owners";
import { mintKey, swapClient, type SwapClient } from "../testing";
import { startFakeLifi, type FakeLifi } from "./fake-server";

const SENDER = "0x552008c0f6870c2f77e5cC1d2eb9bdff03e30Ea0";
const SOL_SENDER = "6AUWsSCRFSCbrHKH9s84wfzJXtD6mNzAHs11x6pGEcmJ";
const SENT_HASH = "0x5862726dbc6643c6a34b3496bb15e91f11771f6756ccf83826304846bbc93c0b";
const usdcQuote = { fromChain: 1, toChain: "arb", fromToken: "USDC", toToken: "USDC", fromAmount: "1000000000", fromAddress: SENDER };

let lifi: FakeLifi;
let t: TestApi;
let api: SwapClient;

beforeAll(async () => {
  lifi = await startFakeLifi([
    "quote-usdc-ethereum-arbitrum",
    "quote-sol-usdc-solana",
    "quote-no-route",
    "quote-invalid-token",
    "status-pending",
    "status-pending",
    "status-done",
  ]);
  t = await createTestApi({ SWAP_PROVIDER: "lifi", LIFI_API_URL: lifi.url, LIFI_API_KEY: "test-lifi-key" });
  api = swapClient(t, await mintKey(t, await createTestOwner(t)));
});
afterAll(async () => {
  await t?.close();
  await lifi?.close();
});

describe("the LI.FI provider", () => {
  it("maps a SwapQuote to LI.FI's quote request and its answer to our quote", async () => {
    const res = await api.quote(usdcQuote);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const sent = lifi.requests.at(-1)!;
    expect(sent.path).toBe("/v1/quote");
    expect(sent.query).toMatchObject({
      fromChain: "1",
      toChain: "42161",
      fromAmount: "1000000000",
      slippage: "0.005",
      integrator: "bourse",
      fromAddress: SENDER,
    });
    expect(sent.headers["x-lifi-api-key"]).toBe("test-lifi-key");
    const q = res.body.data;
    expect(q).toMatchObject({
      provider: "lifi",
      fromChainId: 1,
      toChainId: 42161,
      fromAmount: "1000000000",
      toAmount: "999007382",
      toAmountMin: "994012345",
      fromAmountUSD: "999.8000",
      approvalAddress: "0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE",
      executionDuration: 64,
    });
    expect(q.fromToken).toMatchObject({ symbol: "USDC", decimals: 6, chainId: 1 });
    expect(q.toToken).toMatchObject({ chainId: 42161, address: "0xaf88d065e77c8cC2239327C5EDb3A432268e5831" });
    expect(q.steps.map((s) => [s.type, s.tool])).toEqual([
      ["swap", "feeCollection"],
      ["bridge", "stargateV2"],
    ]);
    expect(q.feeCosts.map((f) => [f.name, f.included])).toEqual([
      ["LIFI Fixed Fee", true],
      ["Native fee", false],
    ]);
    expect(q.gasCosts[0]).toMatchObject({ type: "SEND", chainId: 1, limit: "326462", amountUSD: "7.6006" });
    // 1 − 998.8076 / 999.8000
    expect(q.priceImpact).toBe("0.000992");
    expect(q.rate).toBe("0.999007382");
  });

  it("prepares an exact approval and LI.FI's transaction, without an RPC to read the allowance", async () => {
    const q = (await api.quote(usdcQuote)).body.data;
    const res = await api.prepare({ quoteId: q.id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [approval, main] = res.body.data.transactions;
    expect(approval).toMatchObject({ kind: "approval", chainId: 1, chainType: "EVM", to: "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48", value: "0" });
    const decoded = decodeFunctionData({ abi: erc20Abi, data: approval!.data as `0x${string}` });
    expect(decoded).toEqual({ functionName: "approve", args: ["0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE", 1000000000n] });
    expect(main).toMatchObject({
      kind: "bridge",
      chainId: 1,
      to: "0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE",
      value: BigInt("0x9503ed64de40").toString(),
      gasLimit: BigInt("0x4fb3e").toString(),
    });
  });

  it("refuses to prepare LI.FI's transaction for another sender", async () => {
    const q = (await api.quote(usdcQuote)).body.data;
    const res = await api.prepare({ quoteId: q.id, fromAddress: "0x000000000000000000000000000000000000bEEF" });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/built for 0x552008c0f6870c2f77e5cC1d2eb9bdff03e30Ea0/);
  });

  it("quotes Solana in lamports and prepares the serialized transaction", async () => {
    const res = await api.quote({ fromChain: "sol", toChain: "SOL", fromToken: "SOL", toToken: "USDC", fromAmount: "1000000000", fromAddress: SOL_SENDER });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(lifi.requests.at(-1)!.query).toMatchObject({ fromChain: "1151111081099710", fromAmount: "1000000000" });
    expect(res.body.data).toMatchObject({ fromToken: { symbol: "SOL", decimals: 9 }, toAmount: "147730966", approvalAddress: null });
    const prepared = await api.prepare({ quoteId: res.body.data.id });
    expect(prepared.body.data.transactions).toEqual([
      expect.objectContaining({ kind: "swap", chainType: "SVM", chainId: 1151111081099710, to: null, data: expect.stringMatching(/^AQAA/) }),
    ]);
    const executed = await api.execute({ quoteId: res.body.data.id });
    expect(executed.status).toBe(400);
    expect(executed.body.error).toMatch(/EVM transactions only/);
  });

  it("follows a wallet-sent transaction through LI.FI's status API to DONE", async () => {
    const q = (await api.quote(usdcQuote)).body.data;
    await api.prepare({ quoteId: q.id });
    const pending = await api.status(SENT_HASH);
    expect(pending.status, JSON.stringify(pending.body)).toBe(200);
    expect(pending.body.data).toMatchObject({ mode: "wallet", status: "PENDING", substatus: "WAIT_DESTINATION_TRANSACTION", quoteId: q.id });
    expect(lifi.requests.at(-1)).toMatchObject({ path: "/v1/status", query: { txHash: SENT_HASH, fromChain: "1", toChain: "42161", bridge: "stargateV2" } });
    const done = await api.status(pending.body.data.id);
    expect(done.body.data).toMatchObject({
      status: "DONE",
      substatus: "COMPLETED",
      receiving: { chainId: 42161, txHash: "0x2862726dbc6643c6a34b3496bb15e91f11771f6756ccf83826604846bbc93c0a", amount: "999007382" },
    });
  });

  it.each([
    [{ fromAmount: "1" }, 404, "NOT_FOUND", /No route: LI.FI found none \(No available quotes for the requested transfer\)/],
    [{ fromToken: "NOPE" }, 400, "BAD_REQUEST", /LI.FI refused the request: Unknown token: NOPE on chain 1/],
    [{ fromChain: "mars" }, 400, "BAD_REQUEST", /fromChain: unknown chain "mars"; LI.FI routes here between eth, opt/],
    [{ fromAddress: "not-an-address" }, 400, "BAD_REQUEST", /fromAddress: "not-an-address" is not an EVM address/],
    [{ fromAddress: undefined }, 400, "BAD_REQUEST", /fromAddress: required for LI.FI quotes/],
  ])("answers %j with %i", async (override, status, code, message) => {
    const res = await api.quote({ ...usdcQuote, ...override });
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ success: false, code });
    expect(res.body.error).toMatch(message);
  });

  it("answers 503 when LI.FI is down, and when no RPC is configured to execute", async () => {
    const q = (await api.quote(usdcQuote)).body.data;
    const res = await api.execute({ quoteId: q.id });
    expect(res.status).toBe(503);
    expect(res.body.error).toMatch(/No RPC endpoint for chain 1: add it to SWAP_RPC_URLS/);
    lifi.failWith(503);
    try {
      const down = await api.quote(usdcQuote);
      expect(down.status).toBe(503);
      expect(down.body).toMatchObject({ code: "SERVICE_UNAVAILABLE" });
    } finally {
      lifi.failWith(null);
    }
  });
});
