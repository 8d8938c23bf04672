import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import type { OperationView } from "@/lib/reference/view-model";
import { MethodBadge, StatusBadge } from "./badges";
import { MediaList } from "./media-list";
import { ParametersTable } from "./parameters-table";
import { RichText } from "./rich-text";
import { SecurityLine } from "./security";

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-2">
      <h5 className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">{title}</h5>
      {children}
    </div>
  );
}

export function OperationCard({ op }: { op: OperationView }) {
  const title = `${op.method.toUpperCase()} ${op.path}`;
  // The success body is what a reader wants first; other bodies start folded.
  const expandedStatus = op.responses.find((r) => r.status.startsWith("2") && r.content.length > 0)?.status;
  return (
    <article id={op.anchor} aria-label={title} className="scroll-mt-28 rounded-lg border bg-card">
      <header className="flex flex-col gap-2 border-b p-4">
        <div className="flex flex-wrap items-center gap-2">
          <MethodBadge method={op.method} />
          <a href={`#${op.anchor}`} className="break-all font-mono text-sm font-medium hover:underline">
            {op.path}
          </a>
          {op.deprecated ? <Badge variant="warning">deprecated</Badge> : null}
        </div>
        <h4 className="text-base font-semibold">{op.summary ?? title}</h4>
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
    </article>
  );
}
