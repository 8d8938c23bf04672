import type { MediaView } from "@/lib/reference/view-model";
import { SchemaTree } from "./schema-tree";
import { TypeLabel } from "./type-label";

/**
 * The bodies of a request or response, one per media type, with the schema drawn as a tree.
 * A named schema is drawn in place (in a disclosure) only when `expand` is set, for the request and
 * success bodies; elsewhere (error bodies above all) its name links to it under Schemas, so shared
 * shapes are not repeated under every operation.
 */
export function MediaList({ content, expand }: { content: MediaView[]; expand: boolean }) {
  return (
    <div className="flex flex-col gap-3">
      {content.map((media) => (
        <div key={media.mediaType} className="flex flex-col gap-2 rounded-md border bg-background/50 p-3">
          <div className="flex flex-wrap items-center gap-2 text-xs">
            <code className="text-muted-foreground">{media.mediaType}</code>
            {media.schema ? <TypeLabel node={media.schema} /> : null}
          </div>
          {media.expanded && media.schema?.kind === "ref" ? (
            expand ? (
              <details open className="group">
                <summary className="cursor-pointer select-none text-xs text-muted-foreground hover:text-foreground">Fields of {media.schema.name}</summary>
                <div className="mt-2">
                  <SchemaTree node={media.expanded} showType={false} />
                </div>
              </details>
            ) : null
          ) : media.schema && media.schema.kind !== "ref" ? (
            <SchemaTree node={media.schema} showType={false} />
          ) : null}
          {media.example ? (
            <pre className="overflow-x-auto rounded bg-muted p-2 text-xs">
              <code>{media.example}</code>
            </pre>
          ) : null}
        </div>
      ))}
    </div>
  );
}
