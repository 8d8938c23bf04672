import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { createWorkGate } from "../concurrency/work-gate";

// scrypt N=2^15, r=8, p=1: about 32 MiB and tens of milliseconds per hash (OWASP's minimum is 2^17 with
// r=8 p=1 or 2^15 with a larger p; N=2^15, r=8, p=3 is used here).
const PARAMS = { N: 2 ** 15, r: 8, p: 3 } as const;
const KEY_LENGTH = 32;
const MAX_MEMORY = 128 * PARAMS.N * PARAMS.r * 2;

// scrypt runs on libuv's thread pool (4 threads unless UV_THREADPOOL_SIZE says otherwise), shared with
// file reads, DNS lookups and compression: at most two hashes at once leave it room, and a burst of
// sign-ins beyond what queues is refused at once (WorkGateFullError) instead of growing without bound.
const scryptGate = createWorkGate({ concurrent: 2, waiting: 32 });

function derive(password: string, salt: Buffer, params: { N: number; r: number; p: number }): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: Math.max(MAX_MEMORY, 128 * params.N * params.r * 2) };
  return scryptGate.run(
    () =>
      new Promise((resolve, reject) => {
        scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key)));
      }),
  );
}

/** `scrypt$N$r$p$salt$hash` (base64url), self-describing so the parameters can be raised later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS);
  return ["scrypt", PARAMS.N, PARAMS.r, PARAMS.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64url");
  const actual = await derive(password, Buffer.from(salt, "base64url"), { N: Number(n), r: Number(r), p: Number(p) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
