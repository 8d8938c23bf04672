// The typed clients of the trading and search APIs: what the dashboard calls and what the @bourse/client package ships.
export { ApiClientError, settle, type ApiErrorCode, type HttpOptions, type Result } from "./http";
export { followStream, type FollowOptions, type StreamEvent } from "./stream";
export * from "./market-data";
export * from "./trading";
export * from "./swap";
export * from "./search";
