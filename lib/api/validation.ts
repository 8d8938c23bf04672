import type { ZodError } from "zod";
import { ApiError } from "./errors";

/** One readable sentence per failed field, e.g. "max_results: must be at most 50". */
export function describeIssues(error: ZodError, target: string): string {
  return error.issues
    .map((issue) => {
      const where = issue.path.length > 0 ? issue.path.join(".") : target === "json" ? "body" : target;
      return `${where}: ${issue.message}`;
    })
    .join("; ");
}

/** The hook every OpenAPIHono app uses: a failed validation becomes a BAD_REQUEST in the API's own format. */
export function rejectInvalid(result: { success: boolean; error?: ZodError; target: string }): void {
  if (!result.success && result.error) {
    throw new ApiError("BAD_REQUEST", describeIssues(result.error, result.target));
  }
}
