import { TriangleAlertIcon } from "lucide-react";

/** Parts of the document the page could not read, said plainly instead of silently dropped. */
export function DocumentWarnings({ warnings }: { warnings: string[] }) {
  if (warnings.length === 0) return null;
  return (
    <div role="note" className="flex gap-3 rounded-lg border border-warning/40 bg-warning/10 p-4 text-sm">
      <TriangleAlertIcon className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />
      <div className="flex flex-col gap-1">
        <p className="font-medium">Some parts of this document could not be shown in full.</p>
        <ul className="list-disc pl-5 text-muted-foreground">
          {warnings.map((warning) => (
            <li key={warning}>{warning}</li>
          ))}
        </ul>
      </div>
    </div>
  );
}
