import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { describe } from "vitest";

/**
 * The Redis the cluster tests use (TEST_REDIS_URL, set by .ci/run), or undefined: those tests are then
 * skipped, and say so.
 */
export const testRedisUrl: string | undefined = process.env.TEST_REDIS_URL || undefined;

/** Why cluster tests did not run, for their titles. */
export const REDIS_SKIP_REASON = "skipped: set TEST_REDIS_URL (and TEST_DATABASE_URL) to run the cluster tests against a real Redis";

/** A prefix nobody else uses, so tests running at once on one Redis never see each other's keys. */
export function scratchRedisPrefix(): string {
  return `bourse-test:${randomBytes(6).toString("hex")}:`;
}

/** `describe` for tests that need Redis (and PostgreSQL when `needsPostgres`): skipped, saying why, without them. */
export function describeWithRedis(title: string, body: () => void, opts: { needsPostgres?: boolean } = {}): void {
  const postgresMissing = opts.needsPostgres === true && process.env.BOURSE_TEST_DB !== "postgres";
  // Skipped, not left out: a test file with no suite at all fails in the PGlite project.
  if (postgresMissing) describe.skip(`${title} (skipped: PGlite is one process; the integration-postgres project runs it)`, () => body());
  else if (testRedisUrl === undefined) describe.skip(`${title} (${REDIS_SKIP_REASON})`, () => body());
  else describe(title, () => body());
}

/** Drops, from the server's side, the connections whose client name starts with `namePrefix`: a Redis restart as one instance sees it. */
export async function killRedisConnections(url: string, namePrefix: string): Promise<number> {
  const admin = new Redis(url, { lazyConnect: true });
  await admin.connect();
  try {
    const list = (await admin.client("LIST")) as string;
    const ids = list
      .split("\n")
      .map((line) => Object.fromEntries(line.split(" ").map((kv) => kv.split("=", 2) as [string, string])))
      .filter((c) => c.name?.startsWith(namePrefix))
      .map((c) => c.id!);
    for (const id of ids) await admin.client("KILL", "ID", id);
    return ids.length;
  } finally {
    admin.disconnect();
  }
}
