import type { Logger } from "../log";

/**
 * Runs work against the deployment's Redis, or, while that fails, against this instance's own state:
 * still limited, per instance, never a 5xx. Logs the switch each way once, not once per request.
 */
export function whileRedisFails(log: Logger, what: string): <T>(shared: () => Promise<T>, local: () => Promise<T>) => Promise<T> {
  let failing = false;
  return async (shared, local) => {
    let result: Awaited<ReturnType<typeof shared>>;
    try {
      result = await shared();
    } catch (err) {
      if (!failing) log.warn({ err: (err as Error).message }, `${what}: Redis failed; counting on this instance alone until it answers again`);
      failing = true;
      return local();
    }
    if (failing) log.info(`${what}: Redis answers again; counting across the deployment`);
    failing = false;
    return result;
  };
}
