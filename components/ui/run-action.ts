import { unstable_rethrow } from "next/navigation";
import { actionFailure, type ActionResult } from "@/lib/dashboard/api/result";

/**
 * Calls a server action; a request that never got an answer becomes a failure to show, not a crash.
 * Next's own signals (the redirect to sign-in when the session has ended) go on to the router.
 */
export async function runAction<T>(call: () => Promise<ActionResult<T>>): Promise<ActionResult<T>> {
  try {
    return await call();
  } catch (err) {
    unstable_rethrow(err);
    return actionFailure("The dashboard did not answer. Check your connection and try again.", "NO_ANSWER", 0);
  }
}
