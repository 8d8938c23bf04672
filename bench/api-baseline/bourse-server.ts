// Our request path for API calls: server.ts's dispatcher → Hono (request id, logging, body guard) → a route.
import { serveApi } from "../../lib/testing/serve-api";
import { bookFixture } from "./book-fixture";

const json = bookFixture().toString();
await serveApi((api) => {
  api.get("/api/bench/book", (c) => c.body(json, 200, { "content-type": "application/json" }));
});
