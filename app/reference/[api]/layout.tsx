import type { ReactNode } from "react";
import { notFound } from "next/navigation";
import { ApiSwitch } from "@/components/reference/api-switch";
import { PageHeader } from "@/components/shell/page-header";
import { isReferenceApi, REFERENCE_APIS } from "@/lib/reference/apis";

export default async function ReferenceLayout({ children, params }: { children: ReactNode; params: Promise<{ api: string }> }) {
  const { api } = await params;
  if (!isReferenceApi(api)) notFound();
  return (
    <>
      <PageHeader title={`${REFERENCE_APIS[api].label} reference`} description="The HTTP contract of this deployment, read live from its OpenAPI document.">
        <ApiSwitch current={api} />
      </PageHeader>
      {children}
    </>
  );
}
