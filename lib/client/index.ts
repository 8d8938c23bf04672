export { ApiClientError } from "./http";
export { createTradingClient, type TradingClient } from "./trading";
export { createSearchClient, type SearchClient } from "./search";
