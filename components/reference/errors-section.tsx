import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { ErrorCodeView } from "@/lib/reference/errors";
import { StatusBadge } from "./badges";
import { Section } from "./section";

/** Every error code with its own anchor (`#error-<CODE>`), the target of documentation_url in error bodies. */
export function ErrorsSection({ codes, format, schemaAnchor }: { codes: ErrorCodeView[]; format: string; schemaAnchor: string | null }) {
  return (
    <Section
      id="errors"
      title="Errors"
      description={
        <p>
          {format}
          {schemaAnchor ? (
            <>
              {" "}
              See the{" "}
              <a href={`#${schemaAnchor}`} className="text-primary underline-offset-4 hover:underline">
                error schema
              </a>
              .
            </>
          ) : null}
        </p>
      }
    >
      <Table aria-label="Error codes">
        <TableHeader>
          <TableRow>
            <TableHead>Code</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>Meaning</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {codes.map((error) => (
            <TableRow key={error.code} id={error.anchor} className="scroll-mt-28 target:bg-accent">
              <TableCell>
                <a href={`#${error.anchor}`} className="break-all font-mono text-sm font-medium hover:underline">
                  {error.code}
                </a>
              </TableCell>
              <TableCell>
                <StatusBadge status={error.status} />
              </TableCell>
              <TableCell className="@xl:min-w-56">{error.summary}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Section>
  );
}
