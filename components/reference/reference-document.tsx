import type { REFERENCE_APIS, ReferenceApi } from "@/lib/reference/apis";
import type { ErrorCodeView } from "@/lib/reference/errors";
import type { ReferenceView } from "@/lib/reference/view-model";
import { Endpoints } from "./endpoints";
import { ErrorsSection } from "./errors-section";
import { OnThisPage, type TocEntry } from "./on-this-page";
import { OpenOnHash } from "./open-on-hash";
import { Overview } from "./overview";
import type { SampleKeyChoice } from "./sample-key";
import { SchemasSection } from "./schemas-section";
import { SecuritySchemes } from "./security-schemes";
import { DocumentWarnings } from "./warnings";

/** The whole reference for one API, read from its OpenAPI document; operations and schemas start folded. */
export function ReferenceDocument({
  api,
  view,
  errorCodes,
  apiBase,
  keys,
}: {
  api: (typeof REFERENCE_APIS)[ReferenceApi];
  view: ReferenceView;
  errorCodes: ErrorCodeView[];
  apiBase: string;
  keys: readonly SampleKeyChoice[];
}) {
  const errorSchema = view.schemas.find((schema) => schema.name === api.errorSchema);
  const schemas = new Map(view.schemas.map((s) => [s.name, s.node]));
  const toc: TocEntry[] = [
    { id: "overview", label: "Overview" },
    { id: "authentication", label: "Authentication" },
    { id: "endpoints", label: "Endpoints", children: view.groups.map((g) => ({ id: g.anchor, label: g.tag })) },
    { id: "schemas", label: "Schemas" },
    { id: "errors", label: "Errors" },
  ];
  return (
    <div className="grid gap-10 lg:grid-cols-[12rem_minmax(0,1fr)]">
      <OpenOnHash />
      <aside className="hidden lg:block">
        <div className="sticky top-20 max-h-[calc(100vh-6rem)] overflow-y-auto">
          <OnThisPage entries={toc} />
        </div>
      </aside>
      <div className="flex min-w-0 flex-col gap-10">
        <details className="rounded-lg border bg-card p-3 lg:hidden">
          <summary className="cursor-pointer text-sm font-medium">Jump to a section</summary>
          <div className="mt-2">
            <OnThisPage entries={toc} />
          </div>
        </details>
        <Overview view={view} rawDocumentPath={api.rawDocumentPath} />
        <DocumentWarnings warnings={view.warnings} />
        <SecuritySchemes schemes={view.securitySchemes} />
        <Endpoints groups={view.groups} schemaOf={(name) => schemas.get(name)} apiBase={apiBase} keys={keys} />
        <SchemasSection schemas={view.schemas} />
        <ErrorsSection codes={errorCodes} format={api.errorFormat} schemaAnchor={errorSchema?.anchor ?? null} />
      </div>
    </div>
  );
}
