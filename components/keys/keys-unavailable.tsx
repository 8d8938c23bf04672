import { UnplugIcon } from "lucide-react";
import { ApiUnavailable, type ApiFailure } from "@/components/ui/api-unavailable";

export type KeysFailure = ApiFailure;

/** The trading API did not answer, or refused: what it said, the request id to look up, and a retry. */
export function KeysUnavailable({ failure }: { failure: KeysFailure }) {
  return (
    <ApiUnavailable
      icon={UnplugIcon}
      title={failure.status === 0 ? "The trading API could not be reached" : "The trading API could not list your keys"}
      failure={failure}
    />
  );
}
