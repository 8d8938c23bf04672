// The real API with the embedded venues following the wall clock: /api/aggregated/book computed per request.
import { serveBenchApi } from "../lib/bourse-api-server";

await serveBenchApi(() => {});
