// The real API with the embedded venues following the wall clock: /api/aggregated/book answered live, and
// /api/bench/book-static writing the bytes of its first answer through the same stack (the framework's share).
import { serveApi } from "../../lib/testing/serve-api";

await serveApi((api) => {
  let body: string | undefined;
  api.get("/api/bench/book-static", async (c) => {
    body ??= await (await api.request("/api/aggregated/book?symbol=BTC-USD")).text();
    return c.body(body, 200, { "content-type": "application/json" });
  });
});
