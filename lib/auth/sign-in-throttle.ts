import type { Clock } from "../clock";
import { addressSubject } from "../http/client-ip";

/** Failed password sign-ins allowed before each further one must wait, per account and per address. */
const FREE_FAILURES = { account: 5, address: 20 } as const;
const FIRST_WAIT_MS = 1000;
const MAX_WAIT_MS = 15 * 60_000;
/** A subject with no failure for this long starts afresh. */
export const FORGET_FAILURES_AFTER_MS = 24 * 3600_000;
const SWEEP_ABOVE = 10_000;

type Subject = { kind: keyof typeof FREE_FAILURES; key: string };

/** A subject's failed sign-ins since it last started afresh. */
export interface FailureRecord {
  failures: number;
  lastFailureAt: number;
}

/** Where failures are kept: this process's memory, or the deployment's Redis (lib/cluster/shared-sign-in-failures). */
export interface FailureStore {
  /** The records of `ids`, in order; undefined where there is none. */
  read(ids: string[]): Promise<(FailureRecord | undefined)[]>;
  /** Counts a failure at `now` for each id, starting afresh where the last one is FORGET_FAILURES_AFTER_MS old. */
  fail(ids: string[], now: number): Promise<void>;
  clear(id: string): Promise<void>;
}

export interface SignInThrottle {
  /**
   * Runs a password sign-in for `email` from `ip` unless either has failed too often lately: then it
   * throws `refuse(seconds)` without running it (so without scrypt). A failure (the attempt throws
   * `isFailure`) doubles the wait once past the free allowance; a success clears the account's record.
   */
  attempt<T>(
    input: { email: string; ip: string | undefined },
    run: () => Promise<T>,
    isFailure: (err: unknown) => boolean,
    refuse: (seconds: number) => Error,
  ): Promise<T>;
}

/** In this process: a restart forgets, which costs an attacker a restart of ours. */
export function memoryFailureStore(): FailureStore {
  const records = new Map<string, FailureRecord>();
  return {
    async read(ids) {
      return ids.map((id) => records.get(id));
    },
    async fail(ids, now) {
      if (records.size > SWEEP_ABOVE) for (const [k, r] of records) if (now - r.lastFailureAt > FORGET_FAILURES_AFTER_MS) records.delete(k);
      for (const id of ids) {
        const prior = records.get(id);
        const failures = prior && now - prior.lastFailureAt <= FORGET_FAILURES_AFTER_MS ? prior.failures + 1 : 1;
        records.set(id, { failures, lastFailureAt: Math.max(now, prior?.lastFailureAt ?? 0) });
      }
    },
    async clear(id) {
      records.delete(id);
    },
  };
}

/** Until when a subject must wait, in ms since epoch (0: it need not). */
function waitUntil(kind: Subject["kind"], record: FailureRecord | undefined, now: number): number {
  if (!record || now - record.lastFailureAt > FORGET_FAILURES_AFTER_MS) return 0;
  const over = record.failures - FREE_FAILURES[kind];
  return over > 0 ? record.lastFailureAt + Math.min(MAX_WAIT_MS, FIRST_WAIT_MS * 2 ** (over - 1)) : 0;
}

/** Per instance with the memory store (the default); across the deployment with a shared one. */
export function createSignInThrottle(clock: Clock, store: FailureStore = memoryFailureStore()): SignInThrottle {
  const id = (s: Subject) => `${s.kind}:${s.key}`;

  return {
    async attempt(input, run, isFailure, refuse) {
      const account: Subject = { kind: "account", key: input.email.trim().toLowerCase() };
      const subjects = input.ip ? [account, { kind: "address" as const, key: addressSubject(input.ip) }] : [account];
      const now = clock.now();
      const records = await store.read(subjects.map(id));
      const wait = Math.max(0, ...subjects.map((s, i) => waitUntil(s.kind, records[i], now) - now));
      if (wait > 0) throw refuse(Math.ceil(wait / 1000));
      try {
        const result = await run();
        await store.clear(id(account));
        return result;
      } catch (err) {
        if (isFailure(err)) await store.fail(subjects.map(id), clock.now());
        throw err;
      }
    },
  };
}
