import { expect, it } from "vitest";
import { decode, encode } from "./codec";

it("carries bigints, nested, beside everything JSON has", () => {
  const value = { a: 1n, b: [-(2n ** 70n), "x", null, { c: 0n }], d: 1.5, e: true };
  expect(decode(encode(value))).toEqual(value);
});

it("leaves objects that merely have a $n field among others alone", () => {
  expect(decode(encode({ $n: "1", other: 2 }))).toEqual({ $n: "1", other: 2 });
});

it("keeps an omitted argument omitted, not null", () => {
  const args = decode<unknown[]>(encode(["own_1", undefined, { a: undefined, b: 1 }]));
  expect(args.length).toBe(3);
  expect(args[1]).toBeUndefined();
  expect(args[2]).toEqual({ b: 1 });
});
