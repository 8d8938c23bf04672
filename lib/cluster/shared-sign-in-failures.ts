// Failed sign-ins in the deployment's Redis, so an attacker cannot multiply the allowance by the instances.
import { FORGET_FAILURES_AFTER_MS, type FailureRecord, type FailureStore, memoryFailureStore } from "../auth/sign-in-throttle";
import type { Logger } from "../log";
import { whileRedisFails } from "./fallback";
import { guard, type RedisLink } from "./redis";

// One failure, in one step however many instances fail at once: afresh after a quiet FORGET period.
const FAIL_SCRIPT = `
local now = tonumber(ARGV[1])
local last = tonumber(redis.call('HGET', KEYS[1], 'last') or '0')
if last > 0 and now - last > tonumber(ARGV[2]) then redis.call('DEL', KEYS[1]) last = 0 end
redis.call('HINCRBY', KEYS[1], 'failures', 1)
if now > last then redis.call('HSET', KEYS[1], 'last', ARGV[1]) end
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1`;

/** Keeps failures in Redis only; fails (RedisUnavailable) when Redis does. */
export function redisFailureStore(redis: Pick<RedisLink, "key" | "commands">): FailureStore {
  const key = (id: string) => redis.key(`sign-in-failures:${id}`);
  return {
    read: (ids) =>
      guard(async () => {
        const rows = await Promise.all(ids.map((id) => redis.commands.hmget(key(id), "failures", "last")));
        return rows.map(([failures, last]): FailureRecord | undefined =>
          failures && last ? { failures: Number(failures), lastFailureAt: Number(last) } : undefined,
        );
      }),
    fail: (ids, now) =>
      guard(async () => {
        for (const id of ids) await redis.commands.eval(FAIL_SCRIPT, 1, key(id), String(now), String(FORGET_FAILURES_AFTER_MS));
      }),
    clear: (id) =>
      guard(async () => {
        await redis.commands.del(key(id));
      }),
  };
}

/** Across the deployment in Redis; while Redis fails, in this instance's memory. */
export function sharedFailureStore(redis: RedisLink, log: Logger): FailureStore {
  const shared = redisFailureStore(redis);
  const local = memoryFailureStore();
  const fallback = whileRedisFails(log, "sign-in throttle");
  return {
    read: (ids) =>
      fallback(
        () => shared.read(ids),
        () => local.read(ids),
      ),
    fail: (ids, now) =>
      fallback(
        () => shared.fail(ids, now),
        () => local.fail(ids, now),
      ),
    clear: (id) =>
      fallback(
        () => shared.clear(id),
        () => local.clear(id),
      ),
  };
}

export function failureStoreFor(redis: RedisLink | undefined, log: Logger): FailureStore {
  return redis ? sharedFailureStore(redis, log) : memoryFailureStore();
}
