import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseUnits } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { ownerWallets } from "../../auth/schema";
import { startTestChains, type TestChains } from "../../chain/testing";
import { listChains, mintKeyWithId, swapClient, tokenBalance, type Answer, type SwapClient } from "../../swap/testing";
import type { TestApi } from "../../testing/api";
import { createTestApi } from "../../testing/api";
import { createTestOwner, type TestOwner } from "../../testing/owners";
import { call, expectError, type Reply } from "../../testing/trading";

const A = 31337;
const B = 31338;
const usdc = (n: string) => parseUnits(n, 6).toString();
const stranger = () => privateKeyToAccount(generatePrivateKey()).address;

let chains: TestChains;
let t: TestApi;

beforeAll(async () => {
  chains = await startTestChains();
  t = await createTestApi(chains.env);
}, 60_000);

afterAll(async () => {
  await t?.close();
  await chains?.stop();
});

/** An owner with a swap key (minted with `policy`), its server-held wallet funded on the local chains. */
async function swapper(policy: Record<string, unknown> = {}) {
  const owner = await createTestOwner(t);
  const minted = await mintKeyWithId(t, owner, ["swap"], policy);
  const api = swapClient(t, minted.key);
  const wallet = (await api.wallet()).body.data.address;
  expect((await api.faucet(wallet)).status).toBe(200);
  return { owner, api, keyId: minted.id, wallet };
}

/** A USDC swap on chain A of `amount` dollars from the owner's server-held wallet. */
const usdcSwap = (wallet: string, amount: string, extra: Record<string, unknown> = {}) => ({
  fromChain: A,
  toChain: A,
  fromToken: "USDC",
  toToken: "USDT",
  fromAmount: usdc(amount),
  fromAddress: wallet,
  ...extra,
});

function refused(res: Answer | Reply, category: string): string {
  expect(res.status, JSON.stringify(res.body)).toBe(403);
  expect(res.body).toMatchObject({ success: false, data: null, code: "RISK_REJECTED", category });
  return res.body.error ?? "";
}

const patchKey = async (owner: TestOwner, keyId: string, body: unknown) => call(t, "PATCH", `/agent/keys/${keyId}`, await owner.auth(), body);

describe("where a key's swaps may pay out", () => {
  it("a new key pays out to the owner's own wallets only, not to a stranger", async () => {
    const { owner, api, wallet } = await swapper();
    const linked = stranger();
    await t.deps.database.db.insert(ownerWallets).values({ address: linked.toLowerCase(), ownerId: owner.id });
    const elsewhere = stranger();

    const message = refused(await api.quote(usdcSwap(wallet, "5", { toAddress: elsewhere })), "SWAP_RECIPIENT");
    expect(message).toMatch(/owner's wallets/);
    expect(message).not.toContain(elsewhere);

    for (const own of [wallet, linked]) {
      const q = await api.quote(usdcSwap(wallet, "5", { toAddress: own }));
      expect(q.status, JSON.stringify(q.body)).toBe(200);
    }
    const q = (await api.quote(usdcSwap(wallet, "5", { toAddress: linked }))).body.data;
    const sent = await api.execute({ quoteId: q.id });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data.toAddress).toBe(linked.toLowerCase());
    expect(await api.until(sent.body.data.id, (s) => s.status !== "PENDING")).toMatchObject({ status: "DONE" });
    expect(await tokenBalance(await listChains(t), A, "USDT", linked)).toBeGreaterThan(0n);
  });

  it("an allowlisted address passes quote, prepare and execute; another key of the owner cannot use that quote", async () => {
    const friend = stranger();
    const { owner, api, wallet } = await swapper({ swapRecipients: [friend] });
    const q = (await api.quote(usdcSwap(wallet, "5", { toAddress: friend }))).body.data;
    expect(q.toAddress).toBe(friend);

    const other = swapClient(t, (await mintKeyWithId(t, owner)).key);
    refused(await other.prepare({ quoteId: q.id, fromAddress: wallet }), "SWAP_RECIPIENT");
    refused(await other.execute({ quoteId: q.id }), "SWAP_RECIPIENT");

    expect((await api.prepare({ quoteId: q.id, fromAddress: wallet })).status).toBe(200);
    const sent = await api.execute({ quoteId: q.id });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(await api.until(sent.body.data.id, (s) => s.status !== "PENDING")).toMatchObject({ status: "DONE" });
    expect(await tokenBalance(await listChains(t), A, "USDT", friend)).toBeGreaterThan(0n);
  });

  it("a swap may pay its own sender, but execute from the server-held wallet may not pay that sender", async () => {
    const { api } = await swapper();
    const own = stranger();
    expect((await api.faucet(own)).status).toBe(200);
    const q = await api.quote({ fromChain: A, toChain: B, fromToken: "USDC", toToken: "USDC", fromAmount: usdc("5"), fromAddress: own, toAddress: own });
    expect(q.status, JSON.stringify(q.body)).toBe(200);
    expect((await api.prepare({ quoteId: q.body.data.id })).status).toBe(200);
    refused(await api.execute({ quoteId: q.body.data.id }), "SWAP_RECIPIENT");
  });

  it("a change of the list takes effect on the next request and is in the audit log", async () => {
    const friend = stranger();
    const { owner, api, keyId, wallet } = await swapper();
    refused(await api.quote(usdcSwap(wallet, "5", { toAddress: friend })), "SWAP_RECIPIENT");
    const changed = await patchKey(owner, keyId, { swapRecipients: [friend] });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data).toMatchObject({ id: keyId, swapRecipients: [friend.toLowerCase()], swapDailyLimitUsd: null });
    expect((await api.quote(usdcSwap(wallet, "5", { toAddress: friend }))).status).toBe(200);

    const audit = await call(t, "GET", "/agent/audit", await owner.auth());
    expect((audit.body.data as { action: string; keyId: string; detail: unknown }[])[0]).toMatchObject({
      action: "key.swap_policy_changed",
      keyId,
      detail: { before: { swapRecipients: [], swapDailyLimitUsd: null }, after: { swapRecipients: [friend.toLowerCase()], swapDailyLimitUsd: null } },
    });
  });
});

describe("a key's daily swap limit", () => {
  it("refuses the swap that would cross it, counts only executed swaps, and starts again the next UTC day", async () => {
    const { api, wallet } = await swapper({ swapDailyLimitUsd: "100" });
    const first = (await api.quote(usdcSwap(wallet, "60"))).body.data;
    expect((await api.execute({ quoteId: first.id })).status).toBe(200);

    const message = refused(await api.quote(usdcSwap(wallet, "50")), "SWAP_DAILY_NOTIONAL");
    expect(message).not.toMatch(/100|60/);
    const fits = (await api.quote(usdcSwap(wallet, "30"))).body.data;
    expect((await api.execute({ quoteId: fits.id })).status).toBe(200);
    refused(await api.quote(usdcSwap(wallet, "15")), "SWAP_DAILY_NOTIONAL");

    t.clock.advance(24 * 3600_000);
    const tomorrow = (await api.quote(usdcSwap(wallet, "60"))).body.data;
    expect((await api.execute({ quoteId: tomorrow.id })).status).toBe(200);
  });

  it("lets only one of two parallel executes through when only one fits", async () => {
    const { api, wallet } = await swapper({ swapDailyLimitUsd: "100" });
    const [q1, q2] = await Promise.all([api.quote(usdcSwap(wallet, "60")), api.quote(usdcSwap(wallet, "60"))]);
    const answers = await Promise.all([api.execute({ quoteId: q1.body.data.id }), api.execute({ quoteId: q2.body.data.id })]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 403]);
    refused(answers.find((a) => a.status === 403)!, "SWAP_DAILY_NOTIONAL");
    expect((await api.list()).body.data).toHaveLength(1);
  });

  it("a lowered limit refuses a quote given before it", async () => {
    const { owner, api, keyId, wallet } = await swapper();
    const q = (await api.quote(usdcSwap(wallet, "60"))).body.data;
    expect((await patchKey(owner, keyId, { swapDailyLimitUsd: "50" })).body.data).toMatchObject({ swapDailyLimitUsd: "50" });
    refused(await api.execute({ quoteId: q.id }), "SWAP_DAILY_NOTIONAL");
    expect((await patchKey(owner, keyId, { swapDailyLimitUsd: null })).body.data).toMatchObject({ swapDailyLimitUsd: null });
    expect((await api.execute({ quoteId: q.id })).status).toBe(200);
  });
});

describe("the kill switch stops swaps and the faucet", () => {
  async function expectAllRefused(api: SwapClient, wallet: string, quoteId: string) {
    for (const res of [
      await api.quote(usdcSwap(wallet, "5")),
      await api.prepare({ quoteId, fromAddress: wallet }),
      await api.execute({ quoteId }),
      await api.faucet(wallet),
    ]) {
      expect(refused(res, "KILL_SWITCH")).toMatch(/kill switch is engaged/);
    }
  }

  it.each([
    ["this key", (keyId: string) => ({ body: { keyId }, query: `?keyId=${keyId}` })],
    ["every key", () => ({ body: {}, query: "" })],
  ])("for %s: quote, prepare, execute and faucet are refused, and work again once released", async (_, target) => {
    const { owner, api, keyId, wallet } = await swapper();
    const q = (await api.quote(usdcSwap(wallet, "5"))).body.data;
    const { body, query } = target(keyId);
    expect((await call(t, "POST", "/agent/kill-switch", await owner.auth(), body)).status).toBe(200);
    await expectAllRefused(api, wallet, q.id);

    expect((await call(t, "DELETE", `/agent/kill-switch${query}`, await owner.auth())).status).toBe(200);
    expect((await api.prepare({ quoteId: q.id, fromAddress: wallet })).status).toBe(200);
    expect((await api.execute({ quoteId: q.id })).status).toBe(200);
    expect((await api.quote(usdcSwap(wallet, "5"))).status).toBe(200);
    expect((await api.faucet(wallet)).status).toBe(200);
  });

  it("another key's switch leaves this key's swaps alone", async () => {
    const { owner, api, wallet } = await swapper();
    const other = await mintKeyWithId(t, owner);
    expect((await call(t, "POST", "/agent/kill-switch", await owner.auth(), { keyId: other.id })).status).toBe(200);
    expect((await api.quote(usdcSwap(wallet, "5"))).status).toBe(200);
  });
});

describe("setting the swap policy (owner token)", () => {
  it("is set at mint, listed with the key, and carried over by a roll", async () => {
    const owner = await createTestOwner(t);
    const friend = stranger();
    const minted = await call(t, "POST", "/agent/keys", await owner.auth(), {
      name: "payer",
      scopes: ["swap"],
      swapRecipients: [friend, friend.toLowerCase()],
      swapDailyLimitUsd: "2500.5",
    });
    expect(minted.status, JSON.stringify(minted.body)).toBe(200);
    const data = minted.body.data as { id: string };
    expect(data).toMatchObject({ swapRecipients: [friend.toLowerCase()], swapDailyLimitUsd: "2500.5" });
    const listed = (await call(t, "GET", "/agent/keys", await owner.auth())).body.data as { id: string }[];
    expect(listed.find((k) => k.id === data.id)).toMatchObject({ swapRecipients: [friend.toLowerCase()], swapDailyLimitUsd: "2500.5" });
    const rolled = await call(t, "POST", `/agent/keys/${data.id}/roll`, await owner.auth(), {});
    expect((rolled.body.data as { key: unknown }).key).toMatchObject({ swapRecipients: [friend.toLowerCase()], swapDailyLimitUsd: "2500.5" });

    const plain = (await call(t, "POST", "/agent/keys", await owner.auth(), { name: "plain", scopes: ["swap"] })).body.data;
    expect(plain).toMatchObject({ swapRecipients: [], swapDailyLimitUsd: null });
  });

  it("answers 400 in the envelope for bad input, at mint and on change, storing nothing", async () => {
    const owner = await createTestOwner(t);
    const { id } = await mintKeyWithId(t, owner);
    const bad = [
      { swapRecipients: ["0x123"] },
      { swapRecipients: ["not an address"] },
      { swapRecipients: ["0x5B38Da6a701c568545dCfcB03FcB875f56beddC5"] },
      { swapRecipients: ["0x5b38da6a701c568545dcfcb03fcb875f56beddc4\u0000"] },
      { swapRecipients: "0x5b38da6a701c568545dcfcb03fcb875f56beddc4" },
      { swapRecipients: Array.from({ length: 33 }, () => stranger()) },
      { swapDailyLimitUsd: "-1" },
      { swapDailyLimitUsd: "1000000000.01" },
      { swapDailyLimitUsd: "99999999999999999999" },
      { swapDailyLimitUsd: "1.1234567" },
      { swapDailyLimitUsd: "10\u0000" },
      { swapDailyLimitUsd: 100 },
      { swapDailyLimitUsd: "1e6" },
    ];
    for (const body of bad) {
      expectError(await call(t, "POST", "/agent/keys", await owner.auth(), { name: "x", scopes: ["swap"], ...body }), 400, "BAD_REQUEST");
      expectError(await patchKey(owner, id, body), 400, "BAD_REQUEST");
    }
    expectError(await patchKey(owner, id, {}), 400, "BAD_REQUEST");
    expectError(await patchKey(owner, "%00", { swapDailyLimitUsd: "5" }), 400, "BAD_REQUEST");
    expectError(await patchKey(owner, id, { swapDailyLimitUsd: "5", scopes: ["trade"] }), 400, "BAD_REQUEST");
    const keys = (await call(t, "GET", "/agent/keys", await owner.auth())).body.data as unknown[];
    expect(keys).toEqual([expect.objectContaining({ id, swapRecipients: [], swapDailyLimitUsd: null })]);
  });

  it("another owner's key is 404, and an agent key cannot change it", async () => {
    const mine = await createTestOwner(t);
    const theirs = await createTestOwner(t);
    const their = await mintKeyWithId(t, theirs);
    expectError(await patchKey(mine, their.id, { swapDailyLimitUsd: "1" }), 404, "NOT_FOUND");
    expectError(await patchKey(mine, "key_nope", { swapDailyLimitUsd: "1" }), 404, "NOT_FOUND");
    expectError(await call(t, "PATCH", `/agent/keys/${their.id}`, { authorization: `Bearer ${their.key}` }, { swapDailyLimitUsd: "1" }), 401, "UNAUTHORIZED");
    const keys = (await call(t, "GET", "/agent/keys", await theirs.auth())).body.data as unknown[];
    expect(keys).toEqual([expect.objectContaining({ id: their.id, swapDailyLimitUsd: null })]);
  });
});
