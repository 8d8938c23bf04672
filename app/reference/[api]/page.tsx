import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { ErrorsSection } from "@/components/reference/errors-section";
import { ReferenceDocument } from "@/components/reference/reference-document";
import { ReferenceUnavailable } from "@/components/reference/reference-unavailable";
import { publicApiUrl } from "@/lib/dashboard/api";
import { sampleKeys } from "@/lib/dashboard/sample-keys";
import { currentOwner } from "@/lib/dashboard/session";
import { isReferenceApi, REFERENCE_APIS, type ReferenceApi } from "@/lib/reference/apis";
import { errorCodeViews } from "@/lib/reference/errors";
import { loadReference } from "@/lib/reference/load";

type Props = { params: Promise<{ api: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { api } = await params;
  return isReferenceApi(api) ? { title: `${REFERENCE_APIS[api].label} reference` } : {};
}

/** The signed-in owner's keys for the samples; none for visitors, or when the API cannot list them (samples still work with a pasted key). */
async function ownerKeys(api: ReferenceApi) {
  const owner = await currentOwner();
  return owner ? sampleKeys(owner.ownerId, api).catch(() => []) : [];
}

export default async function ReferencePage({ params }: Props) {
  const { api } = await params;
  if (!isReferenceApi(api)) notFound();
  // Rendered per request: the document comes from a running API, which does not exist at build time.
  await connection();
  const meta = REFERENCE_APIS[api];
  const [result, keys] = await Promise.all([loadReference(api), ownerKeys(api)]);
  const errorCodes = errorCodeViews();
  if (result.ok) return <ReferenceDocument api={meta} view={result.view} errorCodes={errorCodes} apiBase={publicApiUrl(api)} keys={keys} />;
  // The error codes come from this build, not the document, so their anchors exist even when the API is down.
  return (
    <div className="flex flex-col gap-10">
      <ReferenceUnavailable label={meta.label} failure={result} />
      <ErrorsSection codes={errorCodes} format={meta.errorFormat} schemaAnchor={null} />
    </div>
  );
}
