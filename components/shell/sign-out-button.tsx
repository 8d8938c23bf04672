"use client";

import { Button } from "@/components/ui/button";

/** next-auth's client is loaded on the click, so it is not part of every page's JavaScript. */
async function signOutToHome(): Promise<void> {
  const { signOut } = await import("next-auth/react");
  await signOut({ callbackUrl: "/" });
}

export function SignOutButton() {
  return (
    <Button variant="ghost" size="sm" onClick={() => void signOutToHome()}>
      Sign out
    </Button>
  );
}
