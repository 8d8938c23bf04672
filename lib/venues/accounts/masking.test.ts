import { describe, expect, it } from "vitest";
import { accountIdentifier, maskCredentials, maskPublic, maskSecret } from "./masking";

describe("masking", () => {
  it("shows the first and last characters of public values and only the last four of secrets", () => {
    expect(maskPublic("0x8f3a2b7c9d0e1f2a3b4c5d6e7f8091a2b3c491c2")).toBe("0x8f3a…91c2");
    expect(maskPublic("vmPUZE6mv9SD5VNHk4HlWFsOr6aKE2zvsw0MuIgwCIPy6utIco14y7Ju91duA3x9")).toBe("vmPU…A3x9");
    expect(maskPublic("short1234")).toBe("sh…34");
    expect(maskSecret(`0x${"11".repeat(31)}abcd`)).toBe("••••abcd");
    expect(maskSecret("tiny-secret")).toBe("••••");
  });

  it("masks each credential as its field says", () => {
    const fields = [
      { name: "apiKey" as const, label: "API key", secret: false, format: "" },
      { name: "secret" as const, label: "API secret", secret: true, format: "" },
    ];
    const masked = maskCredentials(fields, { apiKey: "vmPUZE6mv9SD5VNHk4HlA3x9", secret: "NhqPtmdSJYdKjVHjA7PZx7Qp" });
    expect(masked).toEqual({ apiKey: "vmPU…A3x9", secret: "••••x7Qp" });
  });

  it("identifies an account by its wallet address, else by its API key masked", () => {
    expect(accountIdentifier({ walletAddress: "0xAbC0000000000000000000000000000000000001", privateKey: "0x11" })).toBe(
      "0xAbC0000000000000000000000000000000000001",
    );
    expect(accountIdentifier({ apiKey: "vmPUZE6mv9SD5VNHk4HlA3x9", secret: "s" })).toBe("vmPU…A3x9");
  });
});
