import { ERROR_CODES } from "../api/errors";
import { anchors } from "./anchors";

export interface ErrorCodeView {
  code: string;
  status: number;
  summary: string;
  /** `error-<CODE>`: search API error bodies link here through documentation_url. */
  anchor: string;
}

/** Every error code either API answers with, in the order of the shared table (by HTTP status). */
export function errorCodeViews(): ErrorCodeView[] {
  return Object.entries(ERROR_CODES).map(([code, { status, summary }]) => ({ code, status, summary, anchor: anchors.error(code) }));
}
