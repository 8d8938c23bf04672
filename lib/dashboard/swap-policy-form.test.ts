import { describe, expect, it } from "vitest";
import { draftFromPolicy, parseSwapPolicy } from "./swap-policy-form";

const FRIEND = "0x5B38Da6a701c568545dCfcB03FcB875f56beddC4";

describe("parseSwapPolicy", () => {
  it("takes one address per line, trimmed and once each, and an empty limit as none", () => {
    expect(parseSwapPolicy({ swapRecipients: ` ${FRIEND}\r\n\n${FRIEND}\n`, swapDailyLimitUsd: " " })).toEqual({
      ok: true,
      value: { swapRecipients: [FRIEND], swapDailyLimitUsd: null },
    });
    expect(parseSwapPolicy({ swapRecipients: "", swapDailyLimitUsd: "2500.5" })).toEqual({
      ok: true,
      value: { swapRecipients: [], swapDailyLimitUsd: "2500.5" },
    });
  });

  it("names what the API would refuse", () => {
    const bad = parseSwapPolicy({ swapRecipients: `0x123\n${FRIEND.replace("C4", "C5")}`, swapDailyLimitUsd: "-5" });
    expect(bad).toEqual({
      ok: false,
      errors: { swapRecipients: expect.stringMatching(/Not an EVM address: 0x123, 0x5B38/), swapDailyLimitUsd: expect.stringMatching(/US dollars/) },
    });
    expect(parseSwapPolicy({ swapRecipients: "", swapDailyLimitUsd: "1000000000.5" })).toMatchObject({ ok: false, errors: { swapDailyLimitUsd: /At most/ } });
    const many = Array.from({ length: 33 }, (_, i) => `0x${i.toString(16).padStart(40, "0")}`).join("\n");
    expect(parseSwapPolicy({ swapRecipients: many, swapDailyLimitUsd: "" })).toMatchObject({ ok: false, errors: { swapRecipients: "At most 32 addresses." } });
  });

  it("round-trips a key's policy through the form", () => {
    const policy = { swapRecipients: [FRIEND.toLowerCase()], swapDailyLimitUsd: "100" };
    expect(parseSwapPolicy(draftFromPolicy(policy))).toEqual({ ok: true, value: policy });
  });
});
