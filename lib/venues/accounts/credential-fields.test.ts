import { privateKeyToAddress } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { credentialFields, parseCredentials } from "./credential-fields";

const AGENT_KEY = `0x${"11".repeat(32)}` as const;
const MAIN = `0x${"ab".repeat(20)}`;

describe("credentialFields", () => {
  it("asks for what the venue's ccxt class requires, with labels people recognise", async () => {
    expect(await credentialFields("hyperliquid")).toEqual([
      { name: "walletAddress", label: "Main account address", secret: false, format: "0x followed by 40 hex digits" },
      { name: "privateKey", label: "API wallet private key", secret: true, format: "64 hex digits, 0x optional" },
    ]);
    expect((await credentialFields("binanceusdm"))?.map((f) => [f.name, f.label, f.secret])).toEqual([
      ["apiKey", "API key", false],
      ["secret", "API secret", true],
    ]);
    // A venue added by configuration asks for its own class's credentials, a passphrase included.
    expect((await credentialFields("okx"))?.map((f) => f.name)).toEqual(["apiKey", "secret", "password"]);
  });

  it("knows no venue ccxt does not have", async () => {
    expect(await credentialFields("nosuchvenue")).toBeUndefined();
    expect(await credentialFields("constructor")).toBeUndefined();
  });
});

describe("parseCredentials", () => {
  const parse = async (venue: string, input: Record<string, unknown>) => parseCredentials(venue, (await credentialFields(venue))!, input);

  it("takes well-formed values, trimmed, with private keys 0x-prefixed", async () => {
    expect(await parse("hyperliquid", { walletAddress: ` ${MAIN} `, privateKey: "11".repeat(32) })).toEqual({
      ok: true,
      credentials: { walletAddress: MAIN, privateKey: AGENT_KEY },
    });
    expect(
      await parse("binanceusdm", {
        apiKey: "vmPUZE6mv9SD5VNHk4HlWFsOr6aKE2zvsw0MuIgwCIPy6utIco14y7Ju91duEh8A",
        secret: "NhqPtmdSJYdKjVHjA7PZj4Mge3R5YNiP1e3UZjInClVN65XAbvqqM6A7H5fATj0j",
      }),
    ).toMatchObject({ ok: true });
  });

  it("names each missing, malformed or unexpected field by its label", async () => {
    const missing = await parse("hyperliquid", { walletAddress: "", privateKey: "0x1234" });
    expect(missing).toEqual({
      ok: false,
      message: "Main account address (walletAddress): required; API wallet private key (privateKey): must be 64 hex digits, 0x optional",
    });
    const extra = await parse("binanceusdm", { apiKey: "abcdefgh1", secret: "abc def ghi", privateKey: AGENT_KEY });
    expect(extra.ok).toBe(false);
    expect(!extra.ok && extra.message).toBe(
      "privateKey: binanceusdm does not take it (it takes apiKey, secret); API secret (secret): must be 8 to 512 characters, no spaces",
    );
    expect(await parse("hyperliquid", { walletAddress: "0xabc", privateKey: AGENT_KEY })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^Main account address/),
    });
  });

  it("refuses the main account's own key on Hyperliquid: an API wallet signs", async () => {
    const own = await parse("hyperliquid", { walletAddress: privateKeyToAddress(AGENT_KEY).toLowerCase(), privateKey: AGENT_KEY });
    expect(own).toEqual({ ok: false, message: expect.stringContaining("main account's own key") });
  });
});
