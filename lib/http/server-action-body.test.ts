import { describe, expect, it } from "vitest";
import { malformedServerActionCall } from "./server-action-body";

const TEXT = "text/plain;charset=UTF-8";

describe("malformedServerActionCall", () => {
  it.each([
    ["[]"],
    ['[{"id":"key_1","limits":{"maxLeverage":"3"}}]'],
    ['["$$literal dollar", "$undefined", "$NaN", "$D2026-01-01T00:00:00.000Z", "$n12"]'],
    ['[null, 1, true, [[["deep"]]]]'],
  ])("lets a call the pages make through: %s", (body) => expect(malformedServerActionCall(TEXT, body)).toBeNull());

  it.each([
    [TEXT, "", /not JSON/],
    [TEXT, "{", /not JSON/],
    [TEXT, '{"id":1}', /JSON array/],
    [TEXT, '["$Q0"]', /refer to parts/],
    [TEXT, '[{"a":["$@1"]}]', /refer to parts/],
    [TEXT, `${"[".repeat(100)}${"]".repeat(100)}`, /nested too deeply/],
    ["multipart/form-data; boundary=x", "--x--", /text\/plain/],
    [null, "[]", /text\/plain/],
  ])("refuses %s %j", (type, body, reason) => expect(malformedServerActionCall(type, body)).toMatch(reason));
});
