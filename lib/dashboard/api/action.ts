import "server-only";
import { revalidatePath } from "next/cache";
import type { z } from "zod";
import { describeIssues } from "../../api/validation";
import { ApiClientError } from "../../client/http";
import { requireOwnerId } from "../session";
import { failureOf } from "./failure";
import { actionFailure, type ActionResult } from "./result";

export interface ActionSpec<S extends z.ZodType> {
  /** The page the action belongs to: where sign-in sends the owner back to, and what is revalidated. */
  page: string;
  /** What the action does, for the message of an unexpected failure ("mint the key"). */
  doing: string;
  input: S;
  /** Re-render the page after the call (and after a 404 or 409, when what it shows is stale). */
  revalidate?: boolean;
  /** The message for input that fails `input`; by default each issue with its path. */
  invalidMessage?: (error: z.ZodError) => string;
}

/**
 * Every server action of the dashboard: re-reads the session (sign-in otherwise), parses the input,
 * runs the call (which reaches the APIs as this owner) and answers one ActionResult, failures mapped once.
 */
export async function ownerAction<S extends z.ZodType, T>(
  spec: ActionSpec<S>,
  input: unknown,
  call: (ownerId: string, input: z.output<S>) => Promise<T>,
): Promise<ActionResult<T>> {
  const ownerId = await requireOwnerId(spec.page);
  const parsed = spec.input.safeParse(input);
  if (!parsed.success) return actionFailure(spec.invalidMessage?.(parsed.error) ?? describeIssues(parsed.error, "input"));
  try {
    const value = await call(ownerId, parsed.data);
    if (spec.revalidate) revalidatePath(spec.page);
    return { ok: true, value };
  } catch (err) {
    if (spec.revalidate && err instanceof ApiClientError && (err.status === 404 || err.status === 409)) revalidatePath(spec.page);
    return failureOf(err, spec.doing);
  }
}
