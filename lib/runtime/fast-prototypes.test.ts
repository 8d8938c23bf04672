import { setFlagsFromString } from "node:v8";
import { describe, expect, it } from "vitest";
import { makeBuiltinPrototypesFast } from "./fast-prototypes";

// V8's own test hook, to read an object's property mode.
setFlagsFromString("--allow-natives-syntax");
const hasFastProperties = new Function("object", "return %HasFastProperties(object)") as (object: object) => boolean;

describe("makeBuiltinPrototypesFast", () => {
  it("puts String.prototype back in fast mode after a class extends String", () => {
    class Verbatim extends String {}
    expect(Verbatim.name).toBe("Verbatim");
    expect(hasFastProperties(String.prototype)).toBe(false);
    makeBuiltinPrototypesFast();
    expect(hasFastProperties(String.prototype)).toBe(true);
  });
});
