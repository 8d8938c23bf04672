import type { Clock } from "../clock";
import { addressSubject } from "../http/client-ip";

/** Failed password sign-ins allowed before each further one must wait, per account and per address. */
const FREE_FAILURES = { account: 5, address: 20 } as const;
const FIRST_WAIT_MS = 1000;
const MAX_WAIT_MS = 15 * 60_000;
/** A subject with no failure for this long starts afresh. */
const FORGET_AFTER_MS = 24 * 3600_000;
const SWEEP_ABOVE = 10_000;

type Subject = { kind: keyof typeof FREE_FAILURES; key: string };
type Failures = { failures: number; lastFailureAt: number; waitUntil: number };

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

/** In memory, per instance: a restart forgets, which costs an attacker a restart of ours. */
export function createSignInThrottle(clock: Clock): SignInThrottle {
  const records = new Map<string, Failures>();
  const id = (s: Subject) => `${s.kind}:${s.key}`;

  function waitMs(subjects: Subject[], now: number): number {
    return Math.max(0, ...subjects.map((s) => (records.get(id(s))?.waitUntil ?? 0) - now));
  }

  function fail(subjects: Subject[], now: number): void {
    if (records.size > SWEEP_ABOVE) for (const [k, r] of records) if (now - r.lastFailureAt > FORGET_AFTER_MS) records.delete(k);
    for (const s of subjects) {
      const prior = records.get(id(s));
      const failures = prior && now - prior.lastFailureAt <= FORGET_AFTER_MS ? prior.failures + 1 : 1;
      const over = failures - FREE_FAILURES[s.kind];
      const waitUntil = over > 0 ? now + Math.min(MAX_WAIT_MS, FIRST_WAIT_MS * 2 ** (over - 1)) : 0;
      records.set(id(s), { failures, lastFailureAt: now, waitUntil });
    }
  }

  return {
    async attempt(input, run, isFailure, refuse) {
      const account: Subject = { kind: "account", key: input.email.trim().toLowerCase() };
      const subjects = input.ip ? [account, { kind: "address" as const, key: addressSubject(input.ip) }] : [account];
      const wait = waitMs(subjects, clock.now());
      if (wait > 0) throw refuse(Math.ceil(wait / 1000));
      try {
        const result = await run();
        records.delete(id(account));
        return result;
      } catch (err) {
        if (isFailure(err)) fail(subjects, clock.now());
        throw err;
      }
    },
  };
}
