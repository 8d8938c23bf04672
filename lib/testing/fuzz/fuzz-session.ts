import { runInNewContext } from "node:vm";
import { setFlagsFromString } from "node:v8";
import { createRng } from "../../engine/sim/rng";
import { casesFor, type FuzzRequest } from "./fuzz-cases";
import { type FuzzReport, sendAll } from "./fuzz-run";
import { type FuzzWorld, startFuzzWorld } from "./fuzz-world";
import { forgedAuthorizations } from "./forged-credentials";
import { operationsOf } from "./openapi-operations";

export interface FuzzOptions {
  seed: number;
  /** Requests per operation in each round, the valid baseline included. */
  perOperation: number;
  /** Rounds of the same requests; memory is measured after the first and after the last. */
  rounds: number;
  env?: Record<string, string>;
  onRound?(round: number, report: FuzzReport): void;
}

export interface FuzzOutcome {
  operations: number;
  report: FuzzReport;
  victimUnchanged: boolean;
  victimBefore: unknown;
  victimAfter: unknown;
  /** Heap in use after a full collection, after the first round and after the last. */
  heapAfterFirstRound: number;
  heapAfterLastRound: number;
}

/** Runs the bad-input fuzz over both published OpenAPI documents against a fresh fuzz world. */
export async function runFuzz(options: FuzzOptions): Promise<FuzzOutcome> {
  const world = await startFuzzWorld(options.env);
  try {
    const { requests, operations } = await planRequests(world, options);
    const victimBefore = await world.victimState();
    const total: FuzzReport = { requests: 0, statuses: {}, violations: [] };
    let heapAfterFirstRound = 0;
    for (let round = 1; round <= options.rounds; round++) {
      const report = await sendAll(world.base, requests);
      options.onRound?.(round, report);
      total.requests += report.requests;
      for (const [status, n] of Object.entries(report.statuses)) total.statuses[Number(status)] = (total.statuses[Number(status)] ?? 0) + n;
      total.violations.push(...report.violations);
      if (round === 1) heapAfterFirstRound = collectedHeap();
    }
    const heapAfterLastRound = collectedHeap();
    const victimAfter = await world.victimState();
    const victimUnchanged = JSON.stringify(victimBefore) === JSON.stringify(victimAfter);
    return { operations, report: total, victimUnchanged, victimBefore, victimAfter, heapAfterFirstRound, heapAfterLastRound };
  } finally {
    await world.close();
  }
}

async function planRequests(world: FuzzWorld, options: FuzzOptions): Promise<{ requests: FuzzRequest[]; operations: number }> {
  const docs = [
    operationsOf(await (await fetch(`${world.base}/api/openapi.json`)).json(), "trading", "/api"),
    operationsOf(await (await fetch(`${world.base}/api/web/openapi.json`)).json(), "search", "/api/web"),
  ];
  const { config } = world.t.deps;
  const { attacker, victim } = world;
  const credentials = {
    valid: { ownerJwt: `Bearer ${attacker.ownerToken}`, agentKey: `Bearer ${attacker.agentKey}`, apiKey: `Bearer ${attacker.searchKey}` },
    invalid: await forgedAuthorizations(attacker, config.ownerJwt.audience, config.ownerJwt.issuer),
    // Another owner's ids: every route must treat them as not found, never act on them.
    pathValues: { id: [victim.agentKeyId, victim.searchKeyId], symbol: ["BTC-USD"], venue: ["alder"] },
  };
  const rng = createRng(options.seed);
  const operations = docs.flat();
  return { requests: operations.flatMap((op) => casesFor(op, credentials, rng, options.perOperation)), operations: operations.length };
}

let gc: (() => void) | undefined;

/** Heap in use after a full collection (V8's gc exposed at run time, so no flag is needed to start). */
function collectedHeap(): number {
  if (!gc) {
    setFlagsFromString("--expose-gc");
    gc = runInNewContext("gc") as () => void;
  }
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}
