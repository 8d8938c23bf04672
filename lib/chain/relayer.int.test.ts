import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestClient, erc20Abi, http, parseUnits, type Address, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { owners } from "../auth/schema";
import { manualClock } from "../clock";
import { parseConfig } from "../config";
import { openDatabase, type DatabaseHandle } from "../db/client";
import { migrateDatabase } from "../db/migrate";
import { newId } from "../ids";
import { silentLogger } from "../log";
import { startServices, type Services } from "../server/services";
import { createTestDatabase } from "../testing/database";
import { publicClientFor, userWallet, withRpcUrls, type TestChainView } from "../swap/testing";
import { bridgeAbi } from "./abis";
import { fundToken } from "./deploy";
import { startChainNetwork, type ChainNetwork, type LocalChain } from "./network";
import { createRelayer } from "./relayer";
import { bridgeTransfers } from "./schema";
import { freePorts, startTestChains, type TestChains } from "./testing";

const A = 31337;
const B = 31338;
const TEST_ENV = { NODE_ENV: "test", PUBLIC_URL: "http://bourse.test", BOURSE_SECRET: "test-secret-0123456789-0123456789-abcdef" };

let chains: TestChains;
beforeAll(async () => {
  chains = await startTestChains({ BRIDGE_CONFIRMATIONS: "3" });
}, 60_000);
afterAll(() => chains?.stop());

async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const usdcOf = (chain: LocalChain) => chain.tokens.find((t) => t.symbol === "USDC")!;
const wethOf = (chain: LocalChain) => chain.tokens.find((t) => t.symbol === "WETH")!;

/** A depositor with USDC on chain A sends a bridge deposit directly to the contract. */
async function deposit(network: ChainNetwork, opts: { amount: string; tokenOut: "USDC" | "WETH"; minAmountOut?: bigint }) {
  const [a, b] = [network.byId(A)!, network.byId(B)!];
  const user = privateKeyToAccount(generatePrivateKey());
  const amount = parseUnits(opts.amount, 6);
  const deployer = a.conn.walletFor(network.deployer);
  await a.conn.public.waitForTransactionReceipt({ hash: await deployer.sendTransaction({ to: user.address, value: parseUnits("1", 18) }) });
  await fundToken(a.conn, deployer, usdcOf(a), usdcOf(a).address, user.address, amount);
  const wallet = a.conn.walletFor(user);
  await a.conn.public.waitForTransactionReceipt({
    hash: await wallet.writeContract({ address: usdcOf(a).address, abi: erc20Abi, functionName: "approve", args: [a.contracts.bridge, amount] }),
  });
  const block = await a.conn.public.getBlock();
  const tokenOut = opts.tokenOut === "USDC" ? usdcOf(b) : wethOf(b);
  const hash = await wallet.writeContract({
    address: a.contracts.bridge,
    abi: bridgeAbi,
    functionName: "deposit",
    args: [
      {
        tokenIn: usdcOf(a).address,
        amountIn: amount,
        minBridged: 0n,
        dstChainId: BigInt(B),
        recipient: user.address,
        tokenOut: tokenOut.address,
        minAmountOut: opts.minAmountOut ?? 0n,
        deadline: block.timestamp + 600n,
      },
    ],
  });
  const receipt = await a.conn.public.waitForTransactionReceipt({ hash });
  expect(receipt.status).toBe("success");
  return { user: user.address, hash, tokenOut: tokenOut.address as Address };
}

async function releasedEvents(network: ChainNetwork) {
  const b = network.byId(B)!;
  return b.conn.public.getContractEvents({ address: b.contracts.bridge, abi: bridgeAbi, eventName: "Released", fromBlock: 0n });
}

describe("relayer, on one database handle", () => {
  let db: DatabaseHandle;
  let network: ChainNetwork;
  const clock = manualClock();
  const config = parseConfig({
    ...TEST_ENV,
    LOCAL_CHAINS: "rpc",
    CHAIN_A_RPC_URL: "http://127.0.0.1:1",
    CHAIN_B_RPC_URL: "http://127.0.0.1:1",
    BRIDGE_CONFIRMATIONS: "1",
  });

  beforeAll(async () => {
    const made = await createTestDatabase();
    db = await openDatabase(made.target);
    await migrateDatabase(db);
    network = await startChainNetwork({
      config: { ...config.chains, rpcUrls: [chains.rpcUrls[0], chains.rpcUrls[1]] },
      dataDir: os.tmpdir(),
      database: db,
      clock,
      log: silentLogger,
    });
    afterAll(async () => {
      await db.close();
      await made.drop();
    });
  }, 60_000);

  it("sends the recorded release again after a crash between recording and sending, and releases once", async () => {
    const { user, tokenOut } = await deposit(network, { amount: "250", tokenOut: "USDC" });
    const b = network.byId(B)!;
    const before = await b.conn.public.readContract({ address: tokenOut, abi: erc20Abi, functionName: "balanceOf", args: [user] });
    const crashing = createRelayer({
      network,
      db: db.db,
      clock,
      log: silentLogger,
      broadcast: async () => {
        throw new Error("connection reset");
      },
    });
    await crashing.tick();
    const [recorded] = await db.db.select().from(bridgeTransfers).where(eq(bridgeTransfers.recipient, user.toLowerCase()));
    expect(recorded).toMatchObject({ status: "releasing" });
    expect(await b.conn.public.getTransaction({ hash: recorded!.settleTxHash as Hex }).catch(() => null)).toBeNull();

    const recovered = createRelayer({ network, db: db.db, clock, log: silentLogger });
    await recovered.tick();
    await recovered.tick();
    const [settled] = await db.db.select().from(bridgeTransfers).where(eq(bridgeTransfers.id, recorded!.id));
    expect(settled).toMatchObject({ status: "released", settleTxHash: recorded!.settleTxHash });
    const events = (await releasedEvents(network)).filter((e) => e.args.recipient?.toLowerCase() === user.toLowerCase());
    expect(events).toHaveLength(1);
    const after = await b.conn.public.readContract({ address: tokenOut, abi: erc20Abi, functionName: "balanceOf", args: [user] });
    expect((after - before).toString()).toBe(settled!.amountOut);
    expect(settled!.amountOut).toBe(parseUnits("249.875", 6).toString());
  });

  it("releases once when two relayers work on the same deposit at the same time", async () => {
    const { user } = await deposit(network, { amount: "40", tokenOut: "WETH" });
    const one = createRelayer({ network, db: db.db, clock, log: silentLogger });
    const two = createRelayer({ network, db: db.db, clock, log: silentLogger });
    for (let i = 0; i < 3; i++) await Promise.all([one.tick(), two.tick()]);
    const rows = await db.db.select().from(bridgeTransfers).where(eq(bridgeTransfers.recipient, user.toLowerCase()));
    expect(rows.map((r) => r.status)).toEqual(["released"]);
    expect((await releasedEvents(network)).filter((e) => e.args.recipient?.toLowerCase() === user.toLowerCase())).toHaveLength(1);
  });

  it("refunds on the source chain a deposit whose minimum the destination cannot pay", async () => {
    const a = network.byId(A)!;
    const { user } = await deposit(network, { amount: "100", tokenOut: "WETH", minAmountOut: parseUnits("1000", 18) });
    const relayer = createRelayer({ network, db: db.db, clock, log: silentLogger });
    await relayer.tick();
    await relayer.tick();
    const [row] = await db.db.select().from(bridgeTransfers).where(eq(bridgeTransfers.recipient, user.toLowerCase()));
    expect(row).toMatchObject({ status: "refunded", lastError: "InsufficientOutput", settleChainId: A });
    const back = await a.conn.public.readContract({ address: usdcOf(a).address, abi: erc20Abi, functionName: "balanceOf", args: [user as Address] });
    expect(back.toString()).toBe(row!.amount);
    expect((await releasedEvents(network)).filter((e) => e.args.recipient?.toLowerCase() === user.toLowerCase())).toHaveLength(0);
  });
});

/**
 * Deposits through the swap service, stops the services while the relayer holds the deposit back
 * (1 of 3 confirmations), mines two blocks, starts them again and waits for DONE: one release, once.
 */
async function restartMidTransfer(env: Record<string, string>, mine: (listed: TestChainView[]) => Promise<void>): Promise<void> {
  const database = await createTestDatabase({ persistent: true });
  const config = parseConfig({ ...TEST_ENV, ...env, BRIDGE_CONFIRMATIONS: "3" });
  const start = () => startServices({ config, log: silentLogger, clock: manualClock(), database: database.target });
  let services: Services | undefined = await start();
  try {
    const ownerId = newId("own");
    await services.deps.database.db.insert(owners).values({ id: ownerId, email: `${ownerId}@example.test` });
    const swap = services.deps.swap;
    let listed = withRpcUrls(swap.chains().chains, config);
    const user = privateKeyToAccount(generatePrivateKey());
    const caller = { ownerId, keyId: null };
    await swap.faucet(caller, user.address);
    const wethOnB = listed.find((c) => c.id === B)!.tokens.find((t) => t.symbol === "WETH")!.address as Address;
    const wethBalance = () => publicClientFor(listed, B).readContract({ address: wethOnB, abi: erc20Abi, functionName: "balanceOf", args: [user.address] });
    const before = await wethBalance();
    const quote = await swap.quote(caller, {
      fromChain: "local-a",
      toChain: "local-b",
      fromToken: "USDC",
      toToken: "WETH",
      fromAmount: parseUnits("700", 6).toString(),
      fromAddress: user.address,
    });
    const prepared = await swap.prepare(caller, { quoteId: quote.id });
    const receipts = await userWallet(listed, user).send(prepared);
    const depositHash = receipts.at(-1)!.transactionHash;

    const db = services.deps.database.db;
    await until("the deposit to be recorded", async () => (await db.select().from(bridgeTransfers).where(eq(bridgeTransfers.depositTxHash, depositHash)))[0]);
    expect(await swap.status(ownerId, depositHash)).toMatchObject({ status: "PENDING", substatus: "WAIT_SOURCE_CONFIRMATIONS" });

    await services.stop();
    services = undefined;
    services = await start();
    const again = services.deps.swap;
    listed = withRpcUrls(again.chains().chains, config);
    await mine(listed);
    const done = await until("the swap to finish", async () => {
      const s = await again.status(ownerId, depositHash);
      return s.status === "PENDING" ? null : s;
    });
    expect(done).toMatchObject({ status: "DONE", substatus: "COMPLETED" });
    expect(await services.deps.database.db.select().from(bridgeTransfers).where(eq(bridgeTransfers.depositTxHash, depositHash))).toHaveLength(1);
    const released = await publicClientFor(listed, B).getContractEvents({
      abi: bridgeAbi,
      eventName: "Released",
      args: { recipient: user.address },
      fromBlock: 0n,
    });
    expect(released).toHaveLength(1);
    const gained = (await wethBalance()) - before;
    expect(gained.toString()).toBe(done.receiving!.amount);
    expect(gained).toBeGreaterThanOrEqual(BigInt(quote.toAmountMin));
  } finally {
    await services?.stop();
    await database.drop();
  }
}

describe("a restart of the server in the middle of a bridge transfer", () => {
  it("completes it exactly once", async () => {
    await restartMidTransfer(chains.env, () => chains.mine(A, 2));
  }, 60_000);

  it("completes it exactly once when the server runs the chains and they restart with it", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bourse-restart-"));
    try {
      const [portA, portB] = await freePorts(2);
      const ports = { ANVIL_PORT_A: String(portA), ANVIL_PORT_B: String(portB) };
      await restartMidTransfer({ LOCAL_CHAINS: "embedded", ...ports, DATA_DIR: dataDir, BRIDGE_POLL_MS: "100" }, async (listed) => {
        const a = listed.find((c) => c.id === A)!;
        await createTestClient({ mode: "anvil", transport: http(a.rpcUrl) }).mine({ blocks: 2 });
      });
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
