// What makes this process one instance of a deployment: its id, the deployment's Redis and bus.
import { randomUUID } from "node:crypto";
import type { Config } from "../config";
import type { Logger } from "../log";
import { localBus, redisBus, type ClusterBus } from "./bus";
import { connectRedis, type RedisLink } from "./redis";

export interface ClusterRuntime {
  /** Unique per process start. */
  instanceId: string;
  /** The deployment's Redis; undefined when this process is the whole deployment (no REDIS_URL). */
  redis: RedisLink | undefined;
  /** Change broadcasts (revocations, kill switches, limits): in-process, or over Redis to every instance. */
  bus: ClusterBus;
  close(): Promise<void>;
}

export async function startCluster(input: { config: Config; log: Logger }): Promise<ClusterRuntime> {
  const instanceId = randomUUID();
  const settings = input.config.redis;
  if (settings === undefined) return { instanceId, redis: undefined, bus: localBus(), close: async () => {} };
  const redis = await connectRedis({ url: settings.url, prefix: settings.prefix, log: input.log, name: `bourse-${instanceId.slice(0, 8)}` });
  const bus = await redisBus(redis, input.log);
  input.log.info({ instanceId, prefix: settings.prefix }, "cluster: joined the deployment's Redis");
  return { instanceId, redis, bus, close: () => redis.close() };
}
