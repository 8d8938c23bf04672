import type { ReactNode } from "react";
import { ChevronRightIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import type { TryOperationView } from "@/lib/reference/try-operation";
import type { OperationView } from "@/lib/reference/view-model";
import { MethodBadge, StatusBadge } from "./badges";
import { MediaList } from "./media-list";
import { ParametersTable } from "./parameters-table";
import { RichText } from "./rich-text";
import { SecurityLine } from "./security";
import { TryIt } from "./try-it";

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-2">
      <h5 className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">{title}</h5>
      {children}
    </div>
  );
}

/** One operation, folded to its method, path and summary; open, its fields, responses, samples and try-it. */
export function OperationCard({ op, tryOp, apiBase }: { op: OperationView; tryOp: TryOperationView; apiBase: string }) {
  const title = `${op.method.toUpperCase()} ${op.path}`;
  // The success body is what a reader wants first; other bodies start folded.
  const expandedStatus = op.responses.find((r) => r.status.startsWith("2") && r.content.length > 0)?.status;
  return (
    <details id={op.anchor} aria-label={title} className="group scroll-mt-28 rounded-lg border bg-card open:shadow-sm">
      <summary className="flex cursor-pointer list-none flex-wrap items-center gap-x-3 gap-y-1 p-3 hover:bg-muted/40 [&::-webkit-details-marker]:hidden">
        <ChevronRightIcon className="size-4 shrink-0 text-muted-foreground transition-transform group-open:rotate-90" aria-hidden="true" />
        <MethodBadge method={op.method} />
        <span className="min-w-0 break-all font-mono text-sm font-medium">{op.path}</span>
        <span className="min-w-0 text-sm text-muted-foreground">{op.summary ?? ""}</span>
        {op.deprecated ? <Badge variant="warning">deprecated</Badge> : null}
      </summary>
      <header className="flex flex-col gap-2 border-t border-b p-4">
        <h4 className="text-base font-semibold">
          <a href={`#${op.anchor}`} className="hover:underline">
            {op.summary ?? title}
          </a>
        </h4>
        {op.description ? <RichText text={op.description} /> : null}
        <SecurityLine security={op.security} />
      </header>
      <div className="flex flex-col gap-5 p-4">
        {op.parameters.length > 0 ? (
          <Part title="Parameters">
            <ParametersTable rows={op.parameters} caption={`Parameters of ${title}`} />
          </Part>
        ) : null}
        {op.requestBody ? (
          <Part title={op.requestBody.required ? "Request body (required)" : "Request body (optional)"}>
            {op.requestBody.description ? <RichText text={op.requestBody.description} /> : null}
            <MediaList content={op.requestBody.content} expand />
          </Part>
        ) : null}
        <Part title="Samples and try-it">
          <TryIt op={tryOp} apiBase={apiBase} />
        </Part>
        <Part title="Responses">
          {op.responses.length === 0 ? <p className="text-sm text-muted-foreground">No responses documented.</p> : null}
          <ul className="flex flex-col gap-4">
            {op.responses.map((response) => (
              <li key={response.status} className="flex flex-col gap-2">
                <div className="flex flex-wrap items-center gap-2">
                  <StatusBadge status={response.status} />
                  {response.description ? <span className="text-sm">{response.description}</span> : null}
                </div>
                {response.headers.length > 0 ? <ParametersTable rows={response.headers} caption={`Headers of the ${response.status} response`} /> : null}
                {response.content.length > 0 ? <MediaList content={response.content} expand={response.status === expandedStatus} /> : null}
              </li>
            ))}
          </ul>
        </Part>
      </div>
    </details>
  );
}
