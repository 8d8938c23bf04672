import type { REFERENCE_APIS, ReferenceApi } from "@/lib/reference/apis";
import type { ErrorCodeView } from "@/lib/reference/errors";
import type { ReferenceView } from "@/lib/reference/view-model";
import { Endpoints } from "./endpoints";
import { ErrorsSection } from "./errors-section";
import { OnThisPage } from "./on-this-page";
import { Overview } from "./overview";
import { SchemasSection } from "./schemas-section";
import { SecuritySchemes } from "./security-schemes";
import { DocumentWarnings } from "./warnings";

/** The whole reference for one API, read from its OpenAPI document. */
export function ReferenceDocument({ api, view, errorCodes }: { api: (typeof REFERENCE_APIS)[ReferenceApi]; view: ReferenceView; errorCodes: ErrorCodeView[] }) {
  const errorSchema = view.schemas.find((schema) => schema.name === api.errorSchema);
  return (
    <div className="grid gap-10 lg:grid-cols-[12rem_minmax(0,1fr)]">
      <aside className="hidden lg:block">
        <div className="sticky top-20">
          <OnThisPage view={view} />
        </div>
      </aside>
      <div className="flex min-w-0 flex-col gap-10">
        <Overview view={view} rawDocumentPath={api.rawDocumentPath} />
        <DocumentWarnings warnings={view.warnings} />
        <SecuritySchemes schemes={view.securitySchemes} />
        <Endpoints groups={view.groups} />
        <SchemasSection schemas={view.schemas} />
        <ErrorsSection codes={errorCodes} format={api.errorFormat} schemaAnchor={errorSchema?.anchor ?? null} />
      </div>
    </div>
  );
}
