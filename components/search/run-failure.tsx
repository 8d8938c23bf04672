import type { ReactNode } from "react";
import { TriangleAlertIcon } from "lucide-react";
import type { ActionFailure } from "@/lib/dashboard/api/result";

const ADVICE: Record<string, string> = {
  RATE_LIMITED: "Wait for the window to reset, then run it again.",
  INSUFFICIENT_CREDITS: "Ask for fewer pages, or have an administrator add credits to the key.",
  FORBIDDEN: "The key's plan does not have this option: an administrator of this deployment can move the key to a plan that has it.",
  UNAUTHORIZED: "The key no longer works (revoked?). Choose another key.",
  INTERNAL_ERROR: "Nothing was charged. Try again in a moment.",
};

/** The API's refusal of a run: its message, code, request id, and what to do about it. */
export function RunFailureNotice({ failure, children }: { failure: ActionFailure; children?: ReactNode }) {
  const advice = ADVICE[failure.code];
  return (
    <div role="alert" className="flex items-start gap-3 rounded-md border border-destructive/30 bg-destructive/10 px-4 py-3 text-sm">
      <TriangleAlertIcon className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
      <div className="flex min-w-0 flex-col gap-1">
        <p className="font-medium text-destructive">{failure.error}</p>
        {advice ? <p>{advice}</p> : null}
        <p className="text-xs text-muted-foreground">
          <code>{failure.code}</code>
          {failure.status > 0 ? ` · HTTP ${failure.status}` : ""}
          {failure.requestId ? (
            <>
              {" · request "}
              <code className="break-all">{failure.requestId}</code>
            </>
          ) : null}
        </p>
        {children}
      </div>
    </div>
  );
}
