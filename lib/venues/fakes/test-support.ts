// Small helpers the fakes' tests share.

/** What the promise was rejected with; throws if it was fulfilled. */
export async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (err) {
    return err as Error;
  }
  throw new Error("expected a rejection");
}

/** Moves the fake's markets every 20 ms while `work` runs, so websocket updates keep coming. */
export async function whileStepping<T>(fake: { step(): void }, work: () => Promise<T>): Promise<T> {
  const timer = setInterval(() => fake.step(), 20);
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}
