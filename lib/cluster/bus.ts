// Broadcasts that something changed (a key revoked, a kill switch pulled), to every instance of the deployment.
import { randomUUID } from "node:crypto";
import type { Logger } from "../log";
import type { RedisLink } from "./redis";

export interface ClusterBus {
  /**
   * Tells every instance, this one included, that `topic` changed for `subject` (a key id, an owner id).
   * This instance hears it before the call returns; the others within moments, or, if Redis is down,
   * as EVERY_SUBJECT (forget everything) when their connection comes back.
   */
  publish(topic: string, subject: string): Promise<void>;
  /** Listens to a topic; `subject` is EVERY_SUBJECT when every cached subject must be forgotten (messages were missed). */
  on(topic: string, listener: (subject: string) => void): () => void;
}

export const EVERY_SUBJECT = "*";

function listenerSets() {
  const listeners = new Map<string, Set<(subject: string) => void>>();
  return {
    topics: () => [...listeners.keys()],
    deliver: (topic: string, subject: string) => {
      for (const l of listeners.get(topic) ?? []) l(subject);
    },
    on: (topic: string, listener: (subject: string) => void) => {
      const set = listeners.get(topic) ?? new Set();
      listeners.set(topic, set);
      set.add(listener);
      return () => void set.delete(listener);
    },
  };
}

/** The bus of one process: what `npm start` runs. */
export function localBus(): ClusterBus {
  const local = listenerSets();
  return { publish: async (topic, subject) => local.deliver(topic, subject), on: local.on };
}

const CHANNEL = "bus";

/** The deployment's bus over Redis pub/sub; this instance hears its own changes at once, without a round trip. */
export async function redisBus(redis: RedisLink, log: Logger): Promise<ClusterBus> {
  const local = listenerSets();
  const self = randomUUID();
  await redis.subscribe(CHANNEL, (message) => {
    const m = parseMessage(message);
    if (m !== undefined && m.from !== self) local.deliver(m.topic, m.subject);
  });
  // Back from a loss: anything may have changed meanwhile.
  redis.onResubscribed(() => {
    for (const topic of local.topics()) local.deliver(topic, EVERY_SUBJECT);
  });
  return {
    publish: async (topic, subject) => {
      local.deliver(topic, subject);
      try {
        await redis.publish(CHANNEL, JSON.stringify({ topic, subject, from: self }));
      } catch (err) {
        // The others lost their subscriptions too, and forget everything when Redis is back.
        log.warn({ err: (err as Error).message, topic }, "bus: could not broadcast; instances resynchronise when Redis returns");
      }
    },
    on: local.on,
  };
}

function parseMessage(message: string): { topic: string; subject: string; from: string } | undefined {
  try {
    const m = JSON.parse(message) as Record<string, unknown>;
    return typeof m.topic === "string" && typeof m.subject === "string" && typeof m.from === "string"
      ? { topic: m.topic, subject: m.subject, from: m.from }
      : undefined;
  } catch {
    return undefined;
  }
}
