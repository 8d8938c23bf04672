import { Skeleton } from "@/components/ui/skeleton";

/** A desk page while it loads: its header, a wide panel and a narrow one (the ticket) on the given side. */
export function DeskSkeleton({ label, narrow }: { label: string; narrow: "left" | "right" }) {
  const columns = narrow === "left" ? "lg:grid-cols-[22rem_minmax(0,1fr)]" : "lg:grid-cols-[minmax(0,1fr)_22rem]";
  return (
    <div className="flex flex-col gap-6" role="status" aria-busy="true" aria-label={label}>
      <Skeleton className="h-12 w-64" />
      <div className={`grid gap-6 ${columns}`}>
        <Skeleton className="h-[32rem] w-full" />
        <Skeleton className="h-64 w-full" />
      </div>
    </div>
  );
}
