// The fault soak, short: the same clients, faults and pass criteria as `npm run bench soak`, for about a
// minute (SOAK_SECONDS), on PGlite and, in the PostgreSQL project, on a database of its own.
import { describe, expect, it } from "vitest";
import { printSoakReport } from "./index";
import { runSoak } from "./soak";

const SECONDS = Number(process.env.SOAK_SECONDS ?? 60);

describe("fault soak", () => {
  it(
    "keeps every acknowledged order, charge and swap exactly once through two kill -9 restarts and dropped connections",
    async () => {
      const postgresAdminUrl = process.env.BOURSE_TEST_DB === "postgres" ? process.env.TEST_DATABASE_URL : undefined;
      const report = await runSoak({ seconds: SECONDS, postgresAdminUrl });
      const lines: string[] = [];
      printSoakReport(report, (line) => lines.push(line));
      console.log(lines.join("\n"));
      expect(report.failures).toEqual([]);
      expect(report.audit.checked.orders).toBeGreaterThan(0);
      expect(report.audit.checked.charges).toBeGreaterThan(0);
      expect(report.audit.checked.swaps).toBeGreaterThan(0);
    },
    (SECONDS + 420) * 1000,
  );
});
