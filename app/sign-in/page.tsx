import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { PageHeader } from "@/components/shell/page-header";
import { SignInPanel } from "@/components/auth/sign-in-panel";
import { WalletProvider } from "@/components/wallet/wallet-provider";
import { getConfig } from "@/lib/config";
import { currentOwner } from "@/lib/dashboard/session";
import { sameOriginPath } from "@/lib/http/same-origin-path";

export const metadata: Metadata = { title: "Sign in" };

/** Only paths on this deployment's origin are followed after sign-in. */
function safeNext(value: string | string[] | undefined): string {
  const next = Array.isArray(value) ? value[0] : value;
  return sameOriginPath(next, getConfig().publicUrl) ?? "/keys";
}

export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const next = safeNext((await searchParams).next);
  if (await currentOwner()) redirect(next);
  return (
    <>
      <PageHeader
        title="Sign in"
        description="Owners sign in to mint agent keys and trade from the desk. A wallet and an email lead to the same account once linked."
      />
      <WalletProvider>
        <SignInPanel next={next} />
      </WalletProvider>
    </>
  );
}
