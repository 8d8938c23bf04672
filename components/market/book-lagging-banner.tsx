import { TriangleAlertIcon } from "lucide-react";
import { formatAge } from "./format";
import { isLagging, type BookLag } from "./lagging";

function listed(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/** Says when the book may be out of date, so nobody trades on a stale book without knowing. */
export function BookLaggingBanner({ lag, staleAfterMs }: { lag: BookLag; staleAfterMs: number }) {
  if (!isLagging(lag)) return null;
  const seconds = Math.round(staleAfterMs / 1000);
  return (
    <div
      role="status"
      data-testid="book-lagging"
      className="flex items-start gap-2 rounded-lg border border-warning/40 bg-warning/10 px-3 py-2 text-sm text-warning"
    >
      <TriangleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <p>
        <span className="font-semibold">Book lagging:</span>{" "}
        {lag.staleVenues.length > 0
          ? `${listed(lag.staleVenues)} ${lag.staleVenues.length === 1 ? "has" : "have"} sent nothing for more than ${seconds} s; ${lag.staleVenues.length === 1 ? "its" : "their"} levels may be out of date.`
          : null}
        {lag.readAgeMs !== null ? ` The book shown was read ${formatAge(lag.readAgeMs)}; trying again.` : null}
      </p>
    </div>
  );
}
