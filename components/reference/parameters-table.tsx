import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { HeaderView, ParameterView } from "@/lib/reference/view-model";
import { RequiredMark } from "./badges";
import { SchemaFactsView } from "./schema-tree";
import { TypeLabel } from "./type-label";

type Row = Pick<ParameterView, "name" | "required" | "description" | "schema"> & { location?: string; deprecated?: boolean };

/** Parameters of an operation, or headers of a response: one row each. */
export function ParametersTable({ rows, caption }: { rows: (ParameterView | HeaderView)[]; caption: string }) {
  const items: Row[] = rows;
  const showLocation = items.some((row) => row.location !== undefined);
  return (
    <Table aria-label={caption}>
      <TableHeader>
        <TableRow>
          <TableHead>Name</TableHead>
          {showLocation ? <TableHead>In</TableHead> : null}
          <TableHead>Type</TableHead>
          <TableHead>Description</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {items.map((row) => (
          <TableRow key={`${row.location ?? ""}:${row.name}`}>
            <TableCell>
              <div className="flex flex-col gap-0.5">
                <code className="font-medium">{row.name}</code>
                {row.required ? <RequiredMark /> : null}
                {row.deprecated ? <span className="text-xs text-warning">deprecated</span> : null}
              </div>
            </TableCell>
            {showLocation ? <TableCell className="text-muted-foreground">{row.location}</TableCell> : null}
            <TableCell>{row.schema ? <TypeLabel node={row.schema} /> : <span className="text-muted-foreground">—</span>}</TableCell>
            <TableCell className="min-w-56">
              <div className="flex flex-col gap-1">
                {row.description ? <p className="text-sm">{row.description}</p> : null}
                {row.schema ? <SchemaFactsView facts={row.schema.facts} /> : null}
              </div>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
