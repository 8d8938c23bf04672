export class WorkGateFullError extends Error {
  override name = "WorkGateFullError";
}

export interface WorkGate {
  /** Runs `work` once fewer than `concurrent` are running; throws WorkGateFullError when `waiting` already wait. */
  run<T>(work: () => Promise<T>): Promise<T>;
}

/** Bounds how much of an expensive kind of work runs at once, and how much may queue for it. */
export function createWorkGate(limits: { concurrent: number; waiting: number }): WorkGate {
  let running = 0;
  const queue: (() => void)[] = [];
  return {
    async run(work) {
      if (running < limits.concurrent) running++;
      else {
        if (queue.length >= limits.waiting) throw new WorkGateFullError("too much of this work is already waiting");
        // The slot is handed over by the finishing work, so `running` stays as it is.
        await new Promise<void>((resolve) => queue.push(resolve));
      }
      try {
        return await work();
      } finally {
        const next = queue.shift();
        if (next) next();
        else running--;
      }
    },
  };
}
