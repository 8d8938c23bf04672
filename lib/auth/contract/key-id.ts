import { z } from "zod";

/** The `{id}` path parameter of agent-key and search-key routes. */
export const keyIdParam = z.object({
  // Key ids are printable ASCII; anything else (a NUL byte, which the database refuses) is bad input, not an unknown key.
  id: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[\x21-\x7e]+$/, "must be printable ASCII, such as key_3kTn8fQ2xLmP9vR4w"),
});
