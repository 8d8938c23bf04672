// The rate limiters' windows in the deployment's Redis, so every instance counts the same requests.
import type { Logger } from "../log";
import { memoryWindowCounter, type WindowCounter, type WindowSlot } from "../http/rate-limit";
import { whileRedisFails } from "./fallback";
import { guard, type RedisLink } from "./redis";

// Read, and count when below the limit, in one step: two instances never both take the last slot.
const COUNT_SCRIPT = `
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
if ARGV[1] == '1' and used < tonumber(ARGV[2]) then
  redis.call('INCR', KEYS[1])
  redis.call('PEXPIRE', KEYS[1], ARGV[3])
end
return used`;

/** Counts in Redis only; fails (RedisUnavailable) when Redis does. */
export function redisWindowCounter(redis: Pick<RedisLink, "key" | "commands">): WindowCounter {
  return {
    async count(slot: WindowSlot, take: boolean) {
      const key = redis.key(`ratelimit:${slot.name}:${slot.windowStart}:${slot.client}`);
      // The key is the window's: it may go once the window is over (kept a window longer for clock skew).
      const used = await guard(() => redis.commands.eval(COUNT_SCRIPT, 1, key, take ? "1" : "0", String(slot.limit), String(2 * slot.windowMs)));
      return Number(used);
    },
  };
}

/** Counts across the deployment in Redis; while Redis fails, in this instance's memory. */
export function sharedWindowCounter(redis: RedisLink, log: Logger): WindowCounter {
  const shared = redisWindowCounter(redis);
  const local = memoryWindowCounter();
  const fallback = whileRedisFails(log, "rate limits");
  return {
    count: (slot, take) =>
      fallback(
        () => shared.count(slot, take),
        () => local.count(slot, take),
      ),
  };
}

/** The counter for this instance: shared when it is one of a deployment (Redis), else its own memory. */
export function windowCounterFor(redis: RedisLink | undefined, log: Logger): WindowCounter {
  return redis ? sharedWindowCounter(redis, log) : memoryWindowCounter();
}
