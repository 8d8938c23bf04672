import { UnplugIcon, FileJsonIcon } from "lucide-react";
import { ApiUnavailable } from "@/components/ui/api-unavailable";
import type { ReferenceLoad } from "@/lib/reference/load";

type Failure = Extract<ReferenceLoad, { ok: false }>;

/** The document could not be fetched or read: says which, with the API's own message and request id. */
export function ReferenceUnavailable({ label, failure }: { label: string; failure: Failure }) {
  const unreachable = failure.reason === "unreachable";
  return (
    <ApiUnavailable
      icon={unreachable ? UnplugIcon : FileJsonIcon}
      title={unreachable ? `The ${label} could not be reached` : `The ${label} document could not be read`}
      failure={unreachable ? failure : { message: failure.message }}
    />
  );
}
