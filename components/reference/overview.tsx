import { DownloadIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { formatCount } from "@/lib/reference/format";
import type { ReferenceView } from "@/lib/reference/view-model";
import { RichText } from "./rich-text";

export function Overview({ view, rawDocumentPath }: { view: ReferenceView; rawDocumentPath: string }) {
  return (
    <Card id="overview" aria-labelledby="overview-title" role="region" className="scroll-mt-28">
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <h2 id="overview-title" className="text-xl font-semibold tracking-tight">
            {view.info.title}
          </h2>
          <Badge variant="secondary" className="font-mono">
            v{view.info.version}
          </Badge>
          <Badge variant="outline" className="font-mono text-muted-foreground">
            OpenAPI {view.openapi}
          </Badge>
        </div>
        {view.info.summary ? <CardDescription>{view.info.summary}</CardDescription> : null}
        {view.info.description ? <RichText text={view.info.description} /> : null}
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {view.servers.length > 0 ? (
          <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
            {view.servers.map((server) => (
              <div key={server.url} className="contents">
                <dt>
                  <code className="font-medium">{server.url}</code>
                </dt>
                <dd className="text-muted-foreground">{server.description ?? "Server"}</dd>
              </div>
            ))}
          </dl>
        ) : null}
        <div className="flex flex-wrap items-center gap-3">
          <Button asChild variant="outline" size="sm">
            <a href={rawDocumentPath} download>
              <DownloadIcon aria-hidden="true" />
              Download raw JSON
            </a>
          </Button>
          <span className="text-sm text-muted-foreground">
            {formatCount(view.operationCount, "operation", "operations")} · {formatCount(view.schemas.length, "schema", "schemas")}
          </span>
        </div>
      </CardContent>
    </Card>
  );
}
