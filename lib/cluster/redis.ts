// The deployment's Redis: commands, pub/sub and blocking reads, all under the deployment's prefix.
import { Redis, ReplyError, type RedisOptions } from "ioredis";
import type { Logger } from "../log";

/** Redis could not be reached (or did not answer in time): cross-instance work answers 503 meanwhile. */
export class RedisUnavailable extends Error {
  constructor(cause?: unknown) {
    super("The deployment's Redis is unreachable", { cause });
    this.name = "RedisUnavailable";
  }
}

export interface RedisLink {
  /** Starts every key and channel of this deployment. */
  readonly prefix: string;
  /** Commands, keys not prefixed (use `key`); they fail at once while Redis is unreachable, never queue. */
  readonly commands: Redis;
  key(name: string): string;
  /** A connection of its own for blocking reads; closed with the link. */
  blocking(name: string): Redis;
  publish(channel: string, message: string): Promise<void>;
  /** Listens on a channel (prefixed). Messages sent while the connection was down are lost: see onResubscribed. */
  subscribe(channel: string, listener: (message: string) => void): Promise<() => void>;
  /** Runs after the subscriber connection came back from a loss, when messages may have been missed. */
  onResubscribed(listener: () => void): () => void;
  /** Runs when the subscriber connection is lost: messages published from now until it is back never arrive. */
  onSubscriptionLost(listener: () => void): () => void;
  close(): Promise<void>;
}

const COMMAND_TIMEOUT_MS = 2_000;

function options(name: string): RedisOptions {
  return {
    connectionName: name,
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: COMMAND_TIMEOUT_MS,
    // Reconnect forever, at most a second apart: Redis restarting is a fault we ride out.
    retryStrategy: (times) => Math.min(50 * times, 1_000),
    reconnectOnError: () => false,
  };
}

/** Connects to the deployment's Redis; throws RedisUnavailable when it cannot be reached now. */
export async function connectRedis(input: { url: string; prefix: string; log: Logger; name?: string }): Promise<RedisLink> {
  const { url, prefix, log } = input;
  const name = input.name ?? "bourse";
  const opened: Redis[] = [];
  const open = (role: string, extra: RedisOptions = {}) => {
    const conn = new Redis(url, { ...options(`${name}-${role}`), ...extra });
    let down = false;
    conn.on("error", (err: Error) => {
      if (!down) log.warn({ err: err.message, role }, "redis: connection lost; retrying");
      down = true;
    });
    conn.on("ready", () => {
      if (down) log.info({ role }, "redis: connection back");
      down = false;
    });
    opened.push(conn);
    return conn;
  };
  const commands = open("commands");
  // Blocking reads hold their connection for their whole wait: no command timeout there.
  const subscriber = open("subscriber", { commandTimeout: undefined });
  try {
    await Promise.all([commands.connect(), subscriber.connect()]);
  } catch (err) {
    for (const c of opened) c.disconnect();
    throw new RedisUnavailable(err);
  }
  const listeners = new Map<string, Set<(message: string) => void>>();
  const resubscribed = new Set<() => void>();
  // Connected by now: every later "ready" is a return after a loss (ioredis resubscribes by itself).
  subscriber.on("ready", () => {
    for (const l of resubscribed) l();
  });
  const lost = new Set<() => void>();
  subscriber.on("close", () => {
    for (const l of lost) l();
  });
  subscriber.on("message", (channel: string, message: string) => {
    for (const l of listeners.get(channel) ?? []) l(message);
  });

  return {
    prefix,
    commands,
    key: (k) => prefix + k,
    blocking: (role) => open(role, { commandTimeout: undefined, lazyConnect: false, enableOfflineQueue: true }),
    publish: async (channel, message) => {
      await guard(() => commands.publish(prefix + channel, message));
    },
    subscribe: async (channel, listener) => {
      const full = prefix + channel;
      let set = listeners.get(full);
      if (set === undefined) {
        set = new Set();
        listeners.set(full, set);
        await guard(() => subscriber.subscribe(full));
      }
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) {
          listeners.delete(full);
          void subscriber.unsubscribe(full).catch(() => {});
        }
      };
    },
    onResubscribed: (listener) => {
      resubscribed.add(listener);
      return () => resubscribed.delete(listener);
    },
    onSubscriptionLost: (listener) => {
      lost.add(listener);
      return () => lost.delete(listener);
    },
    close: async () => {
      await Promise.all(opened.map((c) => c.quit().catch(() => c.disconnect())));
    },
  };
}

/** Runs a Redis command, turning a connection failure or timeout (anything but Redis's own reply error) into RedisUnavailable. */
export async function guard<T>(command: () => Promise<T>): Promise<T> {
  try {
    return await command();
  } catch (err) {
    throw err instanceof RedisUnavailable || err instanceof ReplyError ? err : new RedisUnavailable(err);
  }
}
