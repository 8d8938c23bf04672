import { COLUMN, Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { SchemaFacts } from "@/lib/reference/schema-tree";
import type { HeaderView, ParameterView } from "@/lib/reference/view-model";
import { RequiredMark } from "./badges";
import { SchemaFactsView } from "./schema-tree";
import { TypeLabel } from "./type-label";

type Row = Pick<ParameterView, "name" | "required" | "description" | "schema"> & { location?: string; deprecated?: boolean };

/** The schema's facts without the description the parameter already gave (documents often carry it in both places). */
function factsBesides(facts: SchemaFacts, description: string | undefined): SchemaFacts {
  if (!facts.description || facts.description.trim() !== description?.trim()) return facts;
  const { description: _same, ...rest } = facts;
  return rest;
}

/** Parameters of an operation, or headers of a response: one row each; on narrow screens place and type go under the name. */
export function ParametersTable({ rows, caption }: { rows: (ParameterView | HeaderView)[]; caption: string }) {
  const items: Row[] = rows;
  const showLocation = items.some((row) => row.location !== undefined);
  return (
    <Table aria-label={caption}>
      <TableHeader>
        <TableRow>
          <TableHead>Name</TableHead>
          {showLocation ? <TableHead className={COLUMN.secondary}>In</TableHead> : null}
          <TableHead className={COLUMN.secondary}>Type</TableHead>
          <TableHead>Description</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {items.map((row) => (
          <TableRow key={`${row.location ?? ""}:${row.name}`}>
            <TableCell>
              <div className="flex flex-col gap-0.5">
                <code className="break-all font-medium">{row.name}</code>
                {row.required ? <RequiredMark /> : null}
                {row.deprecated ? <span className="text-xs text-warning">deprecated</span> : null}
                <span className="flex flex-wrap gap-1 text-xs text-muted-foreground @xl:hidden">
                  {row.location ? <span>in {row.location}</span> : null}
                  {row.schema ? <TypeLabel node={row.schema} /> : null}
                </span>
              </div>
            </TableCell>
            {showLocation ? <TableCell className={`${COLUMN.secondary} text-muted-foreground`}>{row.location}</TableCell> : null}
            <TableCell className={COLUMN.secondary}>
              {row.schema ? <TypeLabel node={row.schema} /> : <span className="text-muted-foreground">—</span>}
            </TableCell>
            <TableCell className="@xl:min-w-56">
              <div className="flex flex-col gap-1">
                {row.description ? <p className="text-sm">{row.description}</p> : null}
                {row.schema ? <SchemaFactsView facts={factsBesides(row.schema.facts, row.description)} /> : null}
              </div>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
