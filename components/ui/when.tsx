import { formatWhen } from "@/lib/dashboard/keys-actions-view";

/** A time as people read it, relative to `now` (the render's own clock, so server and browser agree). */
export function When({ iso, now }: { iso: string; now: number }) {
  const { text, full } = formatWhen(iso, now);
  return (
    <time dateTime={iso} title={full} className="whitespace-nowrap">
      {text}
    </time>
  );
}
