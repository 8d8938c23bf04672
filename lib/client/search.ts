import { healthSchema, type Health } from "../ops/health";
import { requestJson, type HttpOptions } from "./http";

/** Typed client for the search API at {search_base_url}. */
export function createSearchClient(opts: HttpOptions) {
  return {
    /** GET /health; a degraded service (503) is reported, not thrown. */
    async health(): Promise<Health> {
      const { body } = await requestJson(opts, "/health", { acceptStatus: [503] });
      return healthSchema.parse(body);
    },
    /** The OpenAPI 3.1 document of the search API. */
    async openapiDocument(): Promise<unknown> {
      return (await requestJson(opts, "/openapi.json")).body;
    },
  };
}

export type SearchClient = ReturnType<typeof createSearchClient>;
