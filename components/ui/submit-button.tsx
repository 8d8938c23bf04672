"use client";

import { Button, type ButtonProps } from "./button";
import { useHydrated } from "./use-hydrated";

/**
 * A form's send button, disabled until the form has hydrated: the forms here send through React
 * (a server action, a sign-in call), and a click on the server's HTML before the script runs would
 * either do nothing or send the form natively, as a GET with its fields (a password among them) in
 * the address.
 */
export function SubmitButton({ disabled, ...props }: Omit<ButtonProps, "type" | "asChild">) {
  const hydrated = useHydrated();
  return <Button type="submit" disabled={!hydrated || disabled} {...props} />;
}
