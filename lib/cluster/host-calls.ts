// Calls from any instance to the venue host over Redis: a bounded request list the host pops, replies
// published on the caller's own channel, and a deadline on each call that the host honours too.
import { awaitedLater } from "../concurrency/awaited-later";
import { randomUUID } from "node:crypto";
import type { Logger } from "../log";
import { decode, encode } from "./codec";
import { guard, RedisUnavailable, type RedisLink } from "./redis";

/** The venue host did not answer in time, or could not be reached: retry after `retryAfterSeconds`. */
export class HostUnavailable extends Error {
  override name = "HostUnavailable";
  constructor(
    message: string,
    readonly retryAfterSeconds = 1,
  ) {
    super(message);
  }
}

interface CallMessage {
  id: string;
  /** The caller's instance id: where the reply goes. */
  from: string;
  method: string;
  args: unknown[];
  /** Wall-clock ms after which the caller has given up: the host does not start it then. */
  deadline: number;
}

/** A failure crossing back: the error's class name and the fields the caller rebuilds it from. */
export interface EncodedError {
  name: string;
  message: string;
  fields: Record<string, unknown>;
}

type ReplyMessage = { id: string; ok: true; value: unknown } | { id: string; ok: false; error: EncodedError };
/** What goes over the reply channel: the reply, or where a large one was left (pub/sub drops subscribers sent too much at once). */
type ReplyNotice = ReplyMessage | { id: string; stored: true };

/** Replies larger than this are left in a key for the caller to fetch, not published. */
const LARGE_REPLY_BYTES = 256 * 1024;
const STORED_REPLY_TTL_MS = 60_000;
const storedReplyKey = (id: string) => `host:reply-body:${id}`;

const CALLS_KEY = "host:calls";
const replyChannel = (instanceId: string) => `host:reply:${instanceId}`;

/** Pushes a call unless the list already holds `max`: the queue is bounded, and a full one is a 503. */
const ENQUEUE = `if redis.call('LLEN', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('LPUSH', KEYS[1], ARGV[1])
return 1`;

export interface HostCallLimits {
  /** How long a caller waits for the host's answer. */
  timeoutMs: number;
  /** Calls waiting in Redis for the host, deployment-wide. */
  maxQueued: number;
  /** Calls one instance may have waiting for answers. */
  maxPending: number;
}

export const DEFAULT_HOST_CALL_LIMITS: HostCallLimits = { timeoutMs: 5_000, maxQueued: 20_000, maxPending: 10_000 };

export interface HostCaller {
  /** Runs `method` on the venue host; rejects with HostUnavailable when it cannot, or with the host's own error. */
  call<T>(method: string, args: readonly unknown[]): Promise<T>;
  /** Answers every waiting call with HostUnavailable now (a new host took over: the old one's calls will never be answered). */
  abandonPending(reason: string): void;
  close(): void;
}

/** The calling side, on every instance: `rebuild` turns an encoded failure back into the error the host threw. */
export async function createHostCaller(input: {
  redis: RedisLink;
  instanceId: string;
  limits?: Partial<HostCallLimits>;
  rebuild: (error: EncodedError) => Error;
}): Promise<HostCaller> {
  const { redis, instanceId, rebuild } = input;
  const limits = { ...DEFAULT_HOST_CALL_LIMITS, ...input.limits };
  const pending = new Map<string, { resolve(value: unknown): void; reject(err: Error): void; timer: ReturnType<typeof setTimeout> }>();
  const settle = (reply: ReplyMessage) => {
    const waiting = pending.get(reply.id);
    if (waiting === undefined) return; // answered after its deadline: the caller already said 503
    pending.delete(reply.id);
    clearTimeout(waiting.timer);
    if (reply.ok) waiting.resolve(reply.value);
    else waiting.reject(rebuild(reply.error));
  };
  const fetchStored = async (id: string) => {
    const key = redis.key(storedReplyKey(id));
    const text = await guard(() => redis.commands.getdel(key)).catch(() => null);
    if (text !== null) settle(decode<ReplyMessage>(text));
  };
  const unsubscribe = await redis.subscribe(replyChannel(instanceId), (text) => {
    const notice = decode<ReplyNotice>(text);
    if ("stored" in notice) {
      if (pending.has(notice.id)) void fetchStored(notice.id);
    } else settle(notice);
  });
  const abandon = (reason: string) => {
    for (const [id, waiting] of pending) {
      clearTimeout(waiting.timer);
      waiting.reject(new HostUnavailable(reason, 1));
      pending.delete(id);
    }
  };
  // Replies published while the subscription is down are lost: waiting for them could only end at the deadline.
  const forgetOnLoss = redis.onSubscriptionLost(() => abandon("The connection to the deployment's Redis was lost; retry with the same Idempotency-Key."));
  return {
    call: async <T>(method: string, args: readonly unknown[]) => {
      if (pending.size >= limits.maxPending) throw new HostUnavailable("This instance has too many calls waiting for the venue host; retry shortly.");
      const id = randomUUID();
      const message: CallMessage = { id, from: instanceId, method, args: [...args], deadline: Date.now() + limits.timeoutMs };
      // Awaited after the enqueue: a host change or lost connection may reject it while that is under way.
      const answer = awaitedLater(
        new Promise<T>((resolve, reject) => {
          const timer = setTimeout(() => {
            pending.delete(id);
            reject(new HostUnavailable("The venue host did not answer in time (it may be failing over); retry with the same Idempotency-Key.", 2));
          }, limits.timeoutMs);
          pending.set(id, { resolve: resolve as (v: unknown) => void, reject, timer });
        }),
      );
      try {
        const queued = await guard(() => redis.commands.eval(ENQUEUE, 1, redis.key(CALLS_KEY), encode(message), limits.maxQueued));
        if (queued !== 1) throw new HostUnavailable("The venue host's queue is full; retry shortly.", 1);
      } catch (err) {
        const waiting = pending.get(id);
        if (waiting !== undefined) clearTimeout(waiting.timer);
        pending.delete(id);
        throw err instanceof RedisUnavailable ? new HostUnavailable("The deployment's Redis is unreachable; retry shortly.", 1) : err;
      }
      return answer;
    },
    abandonPending: (reason) => abandon(reason),
    close: () => {
      forgetOnLoss();
      unsubscribe();
      abandon("This instance is shutting down.");
    },
  };
}

/** What the host runs a call with; throws what the caller should see. */
export type HostCallHandler = (method: string, args: unknown[]) => Promise<unknown>;

export interface HostCallServer {
  /** Stops taking calls and waits for those running. */
  stop(): Promise<void>;
  /** Calls dropped because their caller had given up before the host got to them. */
  readonly expired: number;
}

/**
 * The serving side, on the venue host only: pops calls (up to `maxInFlight` at once), runs them and
 * publishes each answer to its caller. A call past its deadline is dropped unrun: its caller answered 503.
 */
export function serveHostCalls(input: {
  redis: RedisLink;
  handle: HostCallHandler;
  encodeError: (err: unknown) => EncodedError;
  log: Logger;
  maxInFlight?: number;
}): HostCallServer {
  const { redis, handle, log } = input;
  const maxInFlight = input.maxInFlight ?? 512;
  const conn = redis.blocking("host-calls");
  const running = new Set<Promise<void>>();
  let stopped = false;
  let expired = 0;
  let slotFreed: (() => void) | undefined;

  const sendReply = async (call: CallMessage, reply: ReplyMessage) => {
    const text = encode(reply);
    if (text.length <= LARGE_REPLY_BYTES) return redis.publish(replyChannel(call.from), text);
    await guard(() => redis.commands.set(redis.key(storedReplyKey(call.id)), text, "PX", STORED_REPLY_TTL_MS));
    await redis.publish(replyChannel(call.from), encode({ id: call.id, stored: true }));
  };

  const run = (text: string) => {
    let call: CallMessage;
    try {
      call = decode<CallMessage>(text);
    } catch {
      log.warn("host calls: dropped a call that is not JSON");
      return;
    }
    if (call.deadline <= Date.now()) {
      expired++;
      return;
    }
    const task = (async () => {
      let reply: ReplyMessage;
      try {
        reply = { id: call.id, ok: true, value: await handle(call.method, call.args) };
      } catch (err) {
        reply = { id: call.id, ok: false, error: input.encodeError(err) };
      }
      await sendReply(call, reply).catch((err: unknown) => {
        log.warn({ err: (err as Error).message, method: call.method }, "host calls: could not send an answer; the caller will retry");
      });
    })();
    running.add(task);
    void task.finally(() => {
      running.delete(task);
      slotFreed?.();
    });
  };

  const loop = async () => {
    while (!stopped) {
      if (running.size >= maxInFlight) {
        await new Promise<void>((resolve) => (slotFreed = resolve));
        slotFreed = undefined;
        continue;
      }
      try {
        const popped = await conn.brpop(redis.key(CALLS_KEY), 1);
        if (popped === null) continue;
        run(popped[1]);
        // Drain what else waits, up to the free slots, without another blocking round trip each.
        const more = await conn.rpop(redis.key(CALLS_KEY), Math.max(1, maxInFlight - running.size));
        for (const text of more ?? []) run(text);
      } catch (err) {
        if (stopped) break;
        log.warn({ err: (err as Error).message }, "host calls: Redis read failed; retrying");
        await new Promise((r) => setTimeout(r, 250));
      }
    }
  };
  const looping = loop();

  return {
    get expired() {
      return expired;
    },
    stop: async () => {
      stopped = true;
      conn.disconnect();
      slotFreed?.();
      await looping;
      await Promise.allSettled([...running]);
    },
  };
}
