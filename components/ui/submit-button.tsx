import { Button, type ButtonProps } from "./button";

/**
 * A form's send button. Inside a `Form` it is disabled until the form has hydrated: the forms here send
 * through React (a server action, a sign-in call), and a click on the server's HTML before the script
 * runs would either do nothing or send the form natively, as a GET with its fields (a password among
 * them) in the address.
 */
export function SubmitButton(props: Omit<ButtonProps, "type" | "asChild">) {
  return <Button type="submit" {...props} />;
}
