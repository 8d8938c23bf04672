import type { UseQueryResult } from "@tanstack/react-query";
import { FormAlert } from "@/components/ui/form-alert";
import { Skeleton } from "@/components/ui/skeleton";

/**
 * What an account tab shows while its query has no data to show: a skeleton while it is read, the error
 * when the read failed. Render it when `query.isSuccess` is false (which also narrows the query's data).
 */
export function UnreadState({ query, what }: { query: UseQueryResult<unknown>; what: string }) {
  if (query.isError) return <FormAlert message={`${what[0]!.toUpperCase()}${what.slice(1)} could not be read: ${query.error.message}`} />;
  return <Skeleton className="h-24 w-full" aria-label={`Loading ${what}`} />;
}
