import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWalletClient, erc20Abi, http, parseUnits, type Address } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { bridgeAbi, poolAbi, routerAbi } from "../chain/abis";
import { BRIDGE_FEE_BPS, POOL_FEE_BPS } from "../chain/fees";
import { startTestChains, type TestChains } from "../chain/testing";
import { createTestApi, type TestApi } from "../testing/api";
import { createTestOwner, type TestOwner } from "../testing/owners";
import { listChains, mintKey, publicClientFor, swapClient, tokenAddress, tokenBalance, userWallet, type SwapClient, type TestChainView } from "./testing";

const A = 31337;
const B = 31338;
const usdc = (n: string) => parseUnits(n, 6).toString();

let chains: TestChains;
let t: TestApi;
let alice: TestOwner;
let api: SwapClient;
let listed: TestChainView[];

beforeAll(async () => {
  chains = await startTestChains({ SWAP_MAX_NOTIONAL_USD: "20000" });
  t = await createTestApi(chains.env);
  alice = await createTestOwner(t);
  api = swapClient(t, await mintKey(t, alice));
  listed = await listChains(t);
}, 60_000);

afterAll(async () => {
  await t?.close();
  await chains?.stop();
});

async function fundedUser() {
  const user = userWallet(listed);
  expect((await api.faucet(user.address)).status).toBe(200);
  return user;
}

describe("the local chains", () => {
  it("lists both chains with their tokens, and never their RPC URLs", async () => {
    const published = await (await t.request("/api/swap/chains")).text();
    for (const url of chains.rpcUrls) expect(published).not.toContain(url);
    expect(published).not.toMatch(/rpc/i);
    expect(listed.map((c) => [c.id, c.key, c.name])).toEqual([
      [A, "local-a", "Bourse Local A"],
      [B, "local-b", "Bourse Local B"],
    ]);
    for (const c of listed) expect(c.tokens.map((x) => x.symbol)).toEqual(["USDC", "USDT", "WETH", "WBTC", "LINK"]);
    expect(listed[0]!.tokens.find((x) => x.symbol === "USDC")!.decimals).toBe(6);
  });

  it("seeds the pools at the simulated markets' model prices", async () => {
    const res = await api.quote({
      fromChain: "local-a",
      toChain: "local-a",
      fromToken: "WETH",
      toToken: "USDC",
      fromAmount: parseUnits("0.001", 18).toString(),
    });
    expect(res.status).toBe(200);
    expect(res.body.data.fromToken.priceUSD).toBe("3180");
    const btc = await api.quote({ fromChain: A, toChain: A, fromToken: "USDC", toToken: "WBTC", fromAmount: usdc("10") });
    // Seeding rounds the pool's WBTC down to whole satoshis, a few millionths of a dollar.
    expect(Number(btc.body.data.toToken.priceUSD)).toBeCloseTo(64250, 3);
  });

  it("quotes with the fee constants the contracts hold", async () => {
    const client = publicClientFor(listed, A);
    const q = (await api.quote({ fromChain: A, toChain: B, fromToken: "USDC", toToken: "USDC", fromAmount: usdc("100") })).body.data;
    expect(q.feeCosts.find((f) => f.name === "Bridge fee")!.amount).toBe(usdc("0.05"));
    const bridge = q.approvalAddress as Address;
    expect(await client.readContract({ address: bridge, abi: bridgeAbi, functionName: "FEE_BPS" })).toBe(BRIDGE_FEE_BPS);
    const router = await client.readContract({ address: bridge, abi: bridgeAbi, functionName: "router" });
    const pool = await client.readContract({ address: router, abi: routerAbi, functionName: "poolOf", args: [tokenAddress(listed, A, "LINK")] });
    expect(await client.readContract({ address: pool, abi: poolAbi, functionName: "FEE_BPS" })).toBe(POOL_FEE_BPS);
    const link = (await api.quote({ fromChain: A, toChain: A, fromToken: "LINK", toToken: "USDC", fromAmount: "1000000000000000000" })).body.data;
    expect(link.feeCosts[0]).toMatchObject({ name: "Pool fee", percentage: "0.003", amount: "3000000000000000" });
  });
});

describe("quote → prepare → sign → relayer", () => {
  it("delivers a cross-chain swap on the destination, at least toAmountMin", async () => {
    const user = await fundedUser();
    const quote = await api.quote({
      fromChain: "local-a",
      toChain: "local-b",
      fromToken: "USDC",
      toToken: "WETH",
      fromAmount: usdc("1000"),
      fromAddress: user.address,
    });
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    const q = quote.body.data;
    expect(q).toMatchObject({ provider: "local", fromChainId: A, toChainId: B, fromAmount: usdc("1000") });
    expect(q.fromToken).toMatchObject({ symbol: "USDC", decimals: 6 });
    expect(q.toToken).toMatchObject({ symbol: "WETH", decimals: 18 });
    expect(BigInt(q.toAmountMin)).toBeLessThan(BigInt(q.toAmount));
    expect(q.steps.map((s) => s.type)).toEqual(["bridge", "swap"]);
    expect(Number(q.priceImpact)).toBeGreaterThan(0);
    expect(q.gasCosts.map((g) => g.type)).toEqual(["APPROVE", "SEND"]);
    expect(Date.parse(q.expiresAt)).toBeGreaterThan(t.clock.now());

    const prepared = await api.prepare({ quoteId: q.id, fromAddress: user.address });
    expect(prepared.status, JSON.stringify(prepared.body)).toBe(200);
    const txs = prepared.body.data.transactions;
    expect(txs.map((x) => [x.kind, x.chainId])).toEqual([
      ["approval", A],
      ["bridge", A],
    ]);

    const before = await tokenBalance(listed, B, "WETH", user.address);
    const receipts = await user.send(prepared.body.data);
    expect(receipts.every((r) => r.status === "success")).toBe(true);
    // The quote's gas limits cover what the transactions used.
    expect(receipts[1]!.gasUsed).toBeLessThanOrEqual(BigInt(q.gasCosts[1]!.limit));

    const done = await api.until(receipts[1]!.transactionHash, (s) => s.status !== "PENDING");
    expect(done).toMatchObject({ status: "DONE", substatus: "COMPLETED", mode: "wallet", quoteId: q.id });
    const after = await tokenBalance(listed, B, "WETH", user.address);
    expect(after - before).toBeGreaterThanOrEqual(BigInt(q.toAmountMin));
    expect((after - before).toString()).toBe(done.receiving!.amount);
    expect(done.receiving).toMatchObject({ chainId: B });
    // By id too, and in the history.
    expect((await api.status(done.id)).body.data.status).toBe("DONE");
    expect((await api.list()).body.data.map((s) => s.id)).toContain(done.id);
  });

  it("delivers to toAddress when the quote names another recipient the key may pay", async () => {
    const user = await fundedUser();
    const recipient = poorAddress();
    const payer = swapClient(t, await mintKey(t, alice, ["swap"], { swapRecipients: [recipient] }));
    const q = (
      await payer.quote({
        fromChain: A,
        toChain: B,
        fromToken: "USDC",
        toToken: "LINK",
        fromAmount: usdc("200"),
        fromAddress: user.address,
        toAddress: recipient,
      })
    ).body.data;
    expect(q.toAddress).toBe(recipient);
    const receipts = await user.send((await payer.prepare({ quoteId: q.id })).body.data);
    const done = await api.until(receipts.at(-1)!.transactionHash, (s) => s.status !== "PENDING");
    expect(done).toMatchObject({ status: "DONE", substatus: "COMPLETED" });
    const received = await tokenBalance(listed, B, "LINK", recipient);
    expect(received).toBeGreaterThanOrEqual(BigInt(q.toAmountMin));
    expect(received.toString()).toBe(done.receiving!.amount);
    expect(await tokenBalance(listed, B, "LINK", user.address)).toBe(parseUnits("1000", 18));
  });

  it("swaps on one chain, resetting an allowance first for a token that needs it", async () => {
    const user = await fundedUser();
    const router = (await api.quote({ fromChain: A, toChain: A, fromToken: "USDT", toToken: "LINK", fromAmount: usdc("10") })).body.data
      .approvalAddress as Address;
    // Leave a small non-zero allowance behind, as an earlier approval would.
    const c = listed[0]!;
    const wallet = createWalletClient({ account: user.account, chain: publicClientFor(listed, A).chain, transport: http(c.rpcUrl) });
    const hash = await wallet.writeContract({ address: tokenAddress(listed, A, "USDT"), abi: erc20Abi, functionName: "approve", args: [router, 1n] });
    await publicClientFor(listed, A).waitForTransactionReceipt({ hash });

    const q = (
      await api.quote({
        fromChain: A,
        toChain: A,
        fromToken: tokenAddress(listed, A, "USDT"),
        toToken: "link",
        fromAmount: usdc("500"),
        fromAddress: user.address,
      })
    ).body.data;
    const prepared = (await api.prepare({ quoteId: q.id })).body.data;
    expect(prepared.transactions.map((x) => x.kind)).toEqual(["reset-approval", "approval", "swap"]);
    const before = await tokenBalance(listed, A, "LINK", user.address);
    const receipts = await user.send(prepared);
    expect(receipts.map((r) => r.status)).toEqual(["success", "success", "success"]);
    const done = await api.until(receipts[2]!.transactionHash, (s) => s.status !== "PENDING");
    expect(done).toMatchObject({ status: "DONE", substatus: "COMPLETED" });
    const gained = (await tokenBalance(listed, A, "LINK", user.address)) - before;
    expect(gained).toBeGreaterThanOrEqual(BigInt(q.toAmountMin));
    expect(gained.toString()).toBe(done.receiving!.amount);
  });

  it("refunds on the source chain when the destination can no longer pay the minimum", async () => {
    const user = await fundedUser();
    const q = (
      await api.quote({ fromChain: A, toChain: B, fromToken: "USDC", toToken: "WETH", fromAmount: usdc("300"), fromAddress: user.address, slippage: 0.001 })
    ).body.data;
    // Someone buys WETH on chain B first: the pool now pays less than the quote's minimum.
    const mover = await fundedUser();
    const moved = (await api.quote({ fromChain: B, toChain: B, fromToken: "USDC", toToken: "WETH", fromAmount: usdc("20000"), fromAddress: mover.address }))
      .body.data;
    await mover.send((await api.prepare({ quoteId: moved.id })).body.data);

    const usdcBefore = await tokenBalance(listed, A, "USDC", user.address);
    const receipts = await user.send((await api.prepare({ quoteId: q.id })).body.data);
    const done = await api.until(receipts.at(-1)!.transactionHash, (s) => s.status !== "PENDING");
    expect(done).toMatchObject({ status: "DONE", substatus: "REFUNDED", receiving: { chainId: A } });
    expect(done.substatusMessage).toMatch(/InsufficientOutput/);
    // Back in USDC on the source chain: the amount bridged, less the bridge fee.
    const refunded = (await tokenBalance(listed, A, "USDC", user.address)) - (usdcBefore - BigInt(usdc("300")));
    expect(refunded.toString()).toBe(done.receiving!.amount);
    expect(refunded).toBe(BigInt(usdc("299.85")));
    expect(await tokenBalance(listed, B, "WETH", user.address)).toBe(parseUnits("5", 18));
  });

  it("reports a swap that reverted on chain as FAILED, with the reason", async () => {
    const user = await fundedUser();
    const q = (
      await api.quote({ fromChain: A, toChain: A, fromToken: "USDC", toToken: "WBTC", fromAmount: usdc("500"), fromAddress: user.address, slippage: 0 })
    ).body.data;
    const prepared = (await api.prepare({ quoteId: q.id })).body.data;
    // The price moves between prepare and send: the router refuses to pay less than the minimum.
    const mover = await fundedUser();
    const moved = (await api.quote({ fromChain: A, toChain: A, fromToken: "USDC", toToken: "WBTC", fromAmount: usdc("1000"), fromAddress: mover.address })).body
      .data;
    await mover.send((await api.prepare({ quoteId: moved.id })).body.data);
    const receipts = await user.send(prepared);
    expect(receipts.at(-1)!.status).toBe("reverted");
    const failed = await api.until(receipts.at(-1)!.transactionHash, (s) => s.status !== "PENDING");
    expect(failed, failed.substatusMessage).toMatchObject({ status: "FAILED", substatus: "SLIPPAGE_EXCEEDED" });
    expect(failed.substatusMessage).toMatch(/reverted on Bourse Local A: InsufficientOutput/);
  });

  it("asks for no approval when the allowance already covers the amount", async () => {
    const user = await fundedUser();
    const q = (await api.quote({ fromChain: A, toChain: A, fromToken: "USDC", toToken: "WETH", fromAmount: usdc("5"), fromAddress: user.address })).body.data;
    const c = listed[0]!;
    const wallet = createWalletClient({ account: user.account, chain: publicClientFor(listed, A).chain, transport: http(c.rpcUrl) });
    const hash = await wallet.writeContract({
      address: tokenAddress(listed, A, "USDC"),
      abi: erc20Abi,
      functionName: "approve",
      args: [q.approvalAddress as Address, BigInt(usdc("5"))],
    });
    await publicClientFor(listed, A).waitForTransactionReceipt({ hash });
    const prepared = (await api.prepare({ quoteId: q.id })).body.data;
    expect(prepared.transactions.map((x) => x.kind)).toEqual(["swap"]);
  });
});

describe("headless execute with the server-held wallet", () => {
  it("signs, sends and reaches DONE; the wallet's destination balance grows", async () => {
    const wallet = (await api.wallet()).body.data;
    expect(wallet.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect((await api.wallet()).body.data.address).toBe(wallet.address);
    await api.faucet(wallet.address);
    const before = await tokenBalance(listed, B, "LINK", wallet.address);
    const q = (
      await api.quote({ fromChain: A, toChain: B, fromToken: "WETH", toToken: "LINK", fromAmount: parseUnits("1", 18).toString(), fromAddress: wallet.address })
    ).body.data;
    const sent = await api.execute({ quoteId: q.id });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data).toMatchObject({ mode: "desk", status: "PENDING", quoteId: q.id });
    expect(sent.body.data.sending.transactions.map((x) => x.kind)).toEqual(["approval", "bridge"]);
    const done = await api.until(sent.body.data.id, (s) => s.status !== "PENDING");
    expect(done).toMatchObject({ status: "DONE", substatus: "COMPLETED" });
    const gained = (await tokenBalance(listed, B, "LINK", wallet.address)) - before;
    expect(gained).toBeGreaterThanOrEqual(BigInt(q.toAmountMin));
    expect((await api.status(sent.body.data.sending.txHash)).body.data.id).toBe(done.id);
  });

  it("executes a quote once: a second execute is refused", async () => {
    const wallet = (await api.wallet()).body.data;
    const q = (await api.quote({ fromChain: A, toChain: A, fromToken: "USDC", toToken: "USDT", fromAmount: usdc("3"), fromAddress: wallet.address })).body.data;
    const [first, second] = await Promise.all([api.execute({ quoteId: q.id }), api.execute({ quoteId: q.id })]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const third = await api.execute({ quoteId: q.id });
    expect(third.status).toBe(409);
    expect(third.body.error).toMatch(/already executed/);
  });

  it("executes a quote once under an Idempotency-Key: a retry with the key answers the first execute again", async () => {
    const wallet = (await api.wallet()).body.data;
    const q = (await api.quote({ fromChain: A, toChain: A, fromToken: "USDC", toToken: "USDT", fromAmount: usdc("2"), fromAddress: wallet.address })).body.data;
    const key = { "idempotency-key": `swap-${q.id}` };
    const first = await api.execute({ quoteId: q.id }, key);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const retry = await api.execute({ quoteId: q.id }, key);
    expect(retry.status).toBe(200);
    expect(retry.body.data).toEqual(first.body.data);
    expect((await api.list()).body.data.filter((s) => s.quoteId === q.id)).toHaveLength(1);
    // The same key for another quote is a new request under a used key.
    const other = (await api.quote({ fromChain: A, toChain: A, fromToken: "USDC", toToken: "USDT", fromAmount: usdc("1"), fromAddress: wallet.address })).body
      .data;
    expect((await api.execute({ quoteId: other.id }, key)).body).toMatchObject({ code: "IDEMPOTENCY_KEY_REUSED" });
  });

  it("refuses to execute from an unfunded wallet, and records nothing", async () => {
    const carol = swapClient(t, await mintKey(t, await createTestOwner(t)));
    const wallet = (await carol.wallet()).body.data;
    const q = (await carol.quote({ fromChain: A, toChain: B, fromToken: "USDC", toToken: "WETH", fromAmount: usdc("10"), fromAddress: wallet.address })).body
      .data;
    const res = await carol.execute({ quoteId: q.id });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatch(/Insufficient balance: .* holds 0 USDC on Bourse Local A/);
    expect((await carol.list()).body.data).toEqual([]);
  });

  it("refuses a swap above the maximum notional", async () => {
    const wallet = (await api.wallet()).body.data;
    const q = (await api.quote({ fromChain: A, toChain: B, fromToken: "USDC", toToken: "USDC", fromAmount: usdc("20000.01"), fromAddress: wallet.address }))
      .body.data;
    const res = await api.execute({ quoteId: q.id });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ success: false, code: "FORBIDDEN" });
    expect(res.body.error).toMatch(/above the limit of \$20000 per swap/);
  });
});

describe("bad input answers 4xx in the envelope", () => {
  const good = { fromChain: "local-a", toChain: "local-b", fromToken: "USDC", toToken: "WETH", fromAmount: usdc("10") };
  it.each([
    [{ fromChain: "mars" }, 400, /fromChain: unknown chain "mars"; this deployment swaps on local-a \(31337\), local-b \(31338\)/],
    [{ toChain: 999 }, 400, /toChain: unknown chain "999"/],
    [{ fromToken: "DOGE" }, 400, /fromToken: unknown token "DOGE" on Bourse Local A; it has USDC, USDT, WETH, WBTC, LINK/],
    [{ toToken: "0x000000000000000000000000000000000000dEaD" }, 400, /toToken: unknown token/],
    [{ fromToken: "ETH" }, 400, /native coin is not swapped here; use WETH/],
    [{ fromAmount: "1.5" }, 400, /fromAmount: must be an integer string in the token's smallest unit/],
    [{ fromAmount: "0" }, 400, /fromAmount: must be greater than zero/],
    [{ fromAmount: "-3" }, 400, /fromAmount: must be an integer string/],
    [{ fromAmount: 10 }, 400, /fromAmount/],
    [{ fromChain: "solana" }, 400, /the local provider has no Solana chain/],
    [{ toChain: 1151111081099710 }, 400, /no Solana chain/],
    [{ toChain: "local-a", toToken: "USDC" }, 400, /same token on the same chain/],
    [{ fromAddress: "0x123" }, 400, /fromAddress: "0x123" is not an EVM address/],
    [{ slippage: 0.9 }, 400, /slippage: must be at most 0.5/],
    [{ fromToken: "LINK", toToken: "USDC", toChain: "local-a", fromAmount: "1" }, 404, /No route: 1 base units of LINK is too small/],
    [{ fromAmount: usdc("6000000") }, 404, /No route: the bridge to Bourse Local B holds/],
  ])("quote %j → %i", async (override, status, message) => {
    const res = await api.quote({ ...good, ...override });
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(res.body).toMatchObject({ success: false, data: null });
    expect(res.body.error).toMatch(message);
  });

  it("refuses an expired quote with 409", async () => {
    const q = (await api.quote(good)).body.data;
    t.clock.advance(121_000);
    const res = await api.prepare({ quoteId: q.id, fromAddress: privateKeyToAccount(generatePrivateKey()).address });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: "CONFLICT" });
    expect(res.body.error).toMatch(/expired/);
    expect((await api.execute({ quoteId: q.id })).status).toBe(409);
  });

  it("does not let another owner's key use a quote", async () => {
    const q = (await api.quote(good)).body.data;
    const bob = swapClient(t, await mintKey(t, await createTestOwner(t)));
    for (const res of [
      await bob.prepare({ quoteId: q.id, fromAddress: privateKeyToAccount(generatePrivateKey()).address }),
      await bob.execute({ quoteId: q.id }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.error).toMatch(/No quote .* for this owner/);
    }
  });

  it("refuses to prepare for a sender whose balance is short", async () => {
    const q = (await api.quote(good)).body.data;
    const poor = privateKeyToAccount(generatePrivateKey()).address;
    const res = await api.prepare({ quoteId: q.id, fromAddress: poor });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatch(/Insufficient balance: .* holds 0 USDC on Bourse Local A; the quote needs 10/);
  });

  it("refuses a prepare without a sender, an unknown quote and unknown fields", async () => {
    const q = (await api.quote(good)).body.data;
    expect((await api.prepare({ quoteId: q.id })).body.error).toMatch(/fromAddress: required/);
    expect((await api.prepare({ quoteId: "swq_nope", fromAddress: poorAddress() })).status).toBe(404);
    expect((await api.execute({ quoteId: q.id, extra: 1 })).status).toBe(400);
  });

  it("answers 404 for an unknown swap id or transaction", async () => {
    expect((await api.status("swp_unknown")).status).toBe(404);
    expect((await api.status(`0x${"ab".repeat(32)}`)).status).toBe(404);
  });

  it("needs a key with the swap scope", async () => {
    const reader = swapClient(t, await mintKey(t, alice, ["account:read"]));
    const res = await reader.quote(good);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: "FORBIDDEN" });
    const anonymous = await t.request("/api/agent/swap/quote", { method: "POST" });
    expect(anonymous.status).toBe(401);
  });
});

function poorAddress(): string {
  return privateKeyToAccount(generatePrivateKey()).address;
}

// Last: stops the chains.
describe("when the chains are down", () => {
  it("answers 503 instead of an internal error", async () => {
    await chains.stop();
    const res = await api.quote({ fromChain: A, toChain: B, fromToken: "USDC", toToken: "WETH", fromAmount: usdc("10") });
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ success: false, code: "SERVICE_UNAVAILABLE" });
    expect(res.body.error).toMatch(/A chain could not be reached/);
  });
});
