"use client";

// The account tabs, in a bundle of their own: only a signed-in owner's terminal renders them, so a
// visitor's page never loads their tables.

import dynamic from "next/dynamic";
import { Skeleton } from "@/components/ui/skeleton";

const AccountTabs = dynamic(() => import("./account-tabs").then((m) => m.AccountTabs), {
  loading: () => <Skeleton className="h-full min-h-40 w-full" aria-label="Loading your account" />,
});

export function AccountPanel({ withKillSwitch }: { withKillSwitch: boolean }) {
  return <AccountTabs withKillSwitch={withKillSwitch} />;
}
