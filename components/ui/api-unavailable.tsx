import type { ComponentProps } from "react";
import { EmptyState } from "./empty-state";
import { RetryButton } from "./retry-button";

export interface ApiFailure {
  message: string;
  /** 0 when nothing answered. */
  status: number;
  code: string;
  requestId: string | null;
}

/** An API call that failed: what the API said, the code and request id to look up, and a retry. */
export function ApiUnavailable({
  title,
  icon,
  failure,
}: {
  title: string;
  icon: ComponentProps<typeof EmptyState>["icon"];
  /** Without a code the failure is not the API's (its answer could not be read): only the message is shown. */
  failure: ApiFailure | { message: string; code?: undefined };
}) {
  return (
    <EmptyState role="alert" icon={icon} title={title} description={failure.message}>
      {failure.code !== undefined ? (
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
