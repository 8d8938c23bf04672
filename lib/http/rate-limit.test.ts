import { describe } from "vitest";
import { rateLimiterBehaviour } from "./rate-limit.behaviour";
import { memoryWindowCounter } from "./rate-limit";

describe("fixed windows per client, counted in this process", () => {
  rateLimiterBehaviour(memoryWindowCounter);
});
