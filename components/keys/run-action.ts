import { unstable_rethrow } from "next/navigation";
import type { ActionFailure } from "@/app/keys/actions";

/**
 * Calls a server action; a request that never got an answer becomes a failure to show, not a crash.
 * Next's own signals (the redirect to sign-in when the session has ended) go on to the router.
 */
export async function runAction<T extends { ok: true }>(call: () => Promise<T | ActionFailure>): Promise<T | ActionFailure> {
  try {
    return await call();
  } catch (err) {
    unstable_rethrow(err);
    return { ok: false, error: "The dashboard did not answer. Check your connection and try again." };
  }
}
