import { Writable } from "node:stream";
import { DrizzleQueryError } from "drizzle-orm/errors";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { serializeError } from "./log";

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { log: pino({ serializers: { err: serializeError } }, stream), lines };
}

describe("error logging", () => {
  it("logs a failed query with its SQL, never its parameters or the values the driver quotes", () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "owners_email"'), {
      code: "23505",
      detail: "Key (email)=(alice@example.test) already exists.",
    });
    const err = new DrizzleQueryError('insert into "owners" ("id", "email") values ($1, $2)', ["own_1", "alice@example.test"], cause);
    const { log, lines } = capture();
    log.error({ err }, "unhandled error");
    expect(lines.join("")).toContain('insert into \\"owners\\"');
    expect(lines.join("")).toContain("23505");
    expect(lines.join("")).not.toContain("alice@example.test");
    expect(lines.join("")).not.toContain("own_1");
  });

  it("logs other errors as pino does", () => {
    const { log, lines } = capture();
    log.error({ err: new TypeError("boom") }, "x");
    expect(JSON.parse(lines[0]!).err).toMatchObject({ type: "TypeError", message: "boom" });
  });
});
