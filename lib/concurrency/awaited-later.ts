/**
 * Marks a promise that its caller will await later, after other awaits: Node would otherwise report a
 * rejection arriving in between as unhandled (and end the process) though the caller does handle it.
 * The promise returned is the same one; awaiting it still throws.
 */
export function awaitedLater<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => {});
  return promise;
}
