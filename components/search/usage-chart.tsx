import type { UsageDay } from "@/lib/dashboard/search-usage";
import { cn } from "@/components/ui/cn";
import { formatCredits } from "./console-view";

const dayLabel = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const label = (day: string) => dayLabel.format(new Date(`${day}T00:00:00Z`));
const requestsText = (n: number) => `${n} ${n === 1 ? "request" : "requests"}`;

/** Credits charged per day as bars (HTML, so text keeps its size on a phone), each bar's credits above it. */
export function UsageChart({ days }: { days: readonly UsageDay[] }) {
  const max = Math.max(1, ...days.map((d) => d.charged));
  const total = days.reduce((n, d) => n + d.charged, 0);
  const requests = days.reduce((n, d) => n + d.requests, 0);
  const summary = `${formatCredits(total)} charged for ${requestsText(requests)} from ${label(days[0]!.day)} to ${label(days.at(-1)!.day)}`;
  return (
    <figure className="flex flex-col gap-2">
      <div role="img" aria-label={summary} className="flex h-40 items-end gap-1 border-b" data-testid="usage-chart">
        {days.map((d) => (
          <div
            key={d.day}
            title={`${label(d.day)}: ${formatCredits(d.charged)}, ${requestsText(d.requests)}`}
            className="flex h-full min-w-0 flex-1 flex-col items-center justify-end gap-1"
            data-day={d.day}
            data-charged={d.charged}
          >
            {d.charged > 0 ? <span className="text-[11px] tabular-nums text-muted-foreground">{d.charged}</span> : null}
            <div
              className={cn("w-full max-w-8 rounded-t-sm bg-primary", d.charged === 0 && "bg-transparent")}
              style={{ height: `${(100 * d.charged) / max}%`, minHeight: d.charged > 0 ? 2 : 0 }}
            />
          </div>
        ))}
      </div>
      <div aria-hidden="true" className="flex gap-1">
        {days.map((d, i) => (
          <span
            key={d.day}
            className={cn(
              "min-w-0 flex-1 text-center text-[10px] whitespace-nowrap text-muted-foreground sm:text-[11px]",
              // Every other day on a phone, so the labels do not run together.
              (days.length - 1 - i) % 2 === 1 && "invisible sm:visible",
            )}
          >
            {label(d.day).replace(" ", "\u00a0")}
          </span>
        ))}
      </div>
      <figcaption className="text-xs text-muted-foreground">
        Credits charged per day (UTC), last {days.length} days: {summary}.
      </figcaption>
    </figure>
  );
}
