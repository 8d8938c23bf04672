import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "./context";
import { rejectInvalid } from "./validation";

/** An OpenAPIHono app whose validation failures become BAD_REQUEST errors in the API's own format. */
export function createOpenApiApp(): OpenAPIHono<AppEnv> {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      rejectInvalid(result);
    },
  });
}
