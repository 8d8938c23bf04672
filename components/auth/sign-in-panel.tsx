"use client";

import { useRouter } from "next/navigation";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { EthereumSignIn } from "./ethereum-sign-in";
import { PasswordForm } from "./password-form";

/** Both ways in, side by side; after either, back to where the owner was going. */
export function SignInPanel({ next }: { next: string }) {
  const router = useRouter();
  const done = () => {
    router.replace(next);
    router.refresh();
  };
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle>Wallet</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          <p className="text-sm text-muted-foreground">Sign a one-time message with your browser wallet. No transaction, no gas.</p>
          <EthereumSignIn onSignedIn={done} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Email</CardTitle>
        </CardHeader>
        <CardContent>
          <PasswordForm onSignedIn={done} />
        </CardContent>
      </Card>
    </div>
  );
}
