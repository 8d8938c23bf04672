import { requestJson, type HttpOptions } from "./http";

/** Typed client for the trading API at {base_url}. */
export function createTradingClient(opts: HttpOptions) {
  return {
    /** The OpenAPI 3.1 document of the trading API. */
    async openapiDocument(): Promise<unknown> {
      return (await requestJson(opts, "/openapi.json")).body;
    },
  };
}

export type TradingClient = ReturnType<typeof createTradingClient>;
