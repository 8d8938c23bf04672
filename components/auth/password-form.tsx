"use client";

import { useState, type FormEvent } from "react";
import { signIn } from "next-auth/react";
import { SubmitButton } from "@/components/ui/submit-button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Form } from "@/components/ui/form";

type Mode = "sign-in" | "sign-up";

/** Email and password: sign in, or create the account. */
export function PasswordForm({ onSignedIn }: { onSignedIn: () => void }) {
  const [mode, setMode] = useState<Mode>("sign-in");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    const result = await signIn("password", {
      email: String(form.get("email") ?? ""),
      password: String(form.get("password") ?? ""),
      mode,
      redirect: false,
    });
    setBusy(false);
    if (!result || result.error) setError(result?.error === "CredentialsSignin" ? "Wrong email or password." : (result?.error ?? "Sign-in failed."));
    else onSignedIn();
  }

  const signUp = mode === "sign-up";
  return (
    <Form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="email">Email</Label>
        <Input id="email" name="email" type="email" autoComplete="email" required />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="password">Password</Label>
        <Input
          id="password"
          name="password"
          type="password"
          autoComplete={signUp ? "new-password" : "current-password"}
          minLength={signUp ? 10 : undefined}
          required
        />
        {signUp ? <p className="text-xs text-muted-foreground">At least 10 characters.</p> : null}
      </div>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <SubmitButton disabled={busy}>{busy ? "Please wait…" : signUp ? "Create account" : "Sign in"}</SubmitButton>
      <button
        type="button"
        className="text-sm text-muted-foreground underline-offset-4 hover:underline"
        onClick={() => setMode(signUp ? "sign-in" : "sign-up")}
      >
        {signUp ? "I already have an account" : "New here? Create an account"}
      </button>
    </Form>
  );
}
