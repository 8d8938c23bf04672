import { TriangleAlertIcon } from "lucide-react";
import { formatAge } from "./format";
import type { LaggingVenue } from "./lagging";

/** Says which venues' quotes are old, so nobody trades on a stale book without knowing. */
export function BookLaggingBanner({ lagging }: { lagging: readonly LaggingVenue[] }) {
  if (lagging.length === 0) return null;
  const names = lagging.map((v) => `${v.venue} (updated ${formatAge(v.ageMs)})`).join(", ");
  return (
    <div role="status" data-testid="book-lagging" className="flex items-start gap-2 rounded-lg border border-warning/40 bg-warning/10 px-3 py-2 text-sm text-warning">
      <TriangleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <p>
        <span className="font-semibold">Book lagging:</span> {names}. {lagging.length === 1 ? "Its" : "Their"} levels may be out of date.
      </p>
    </div>
  );
}
