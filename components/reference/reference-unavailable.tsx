import { UnplugIcon, FileJsonIcon } from "lucide-react";
import { EmptyState } from "@/components/ui/empty-state";
import type { ReferenceLoad } from "@/lib/reference/load";
import { RetryButton } from "./retry-button";

type Failure = Extract<ReferenceLoad, { ok: false }>;

/** The document could not be fetched or read: says which, with the API's own message and request id. */
export function ReferenceUnavailable({ label, failure }: { label: string; failure: Failure }) {
  const unreachable = failure.reason === "unreachable";
  return (
    <EmptyState
      role="alert"
      icon={unreachable ? UnplugIcon : FileJsonIcon}
      title={unreachable ? `The ${label} could not be reached` : `The ${label} document could not be read`}
      description={failure.message}
    >
      {unreachable ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-left text-sm">
          <dt className="text-muted-foreground">Code</dt>
          <dd>
            <code>{failure.code}</code>
            {failure.status > 0 ? ` (HTTP ${failure.status})` : null}
          </dd>
          <dt className="text-muted-foreground">Request id</dt>
          <dd>
            <code className="break-all">{failure.requestId ?? "none (no response)"}</code>
          </dd>
        </dl>
      ) : null}
      <RetryButton />
    </EmptyState>
  );
}
