import { z } from "zod";

/** The `{id}` path parameter of agent-key and search-key routes. */
export const keyIdParam = z.object({ id: z.string().min(1).max(64) });
