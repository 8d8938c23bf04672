import { spawn } from "node:child_process";
import path from "node:path";
import { number, table } from "../lib/report";

const BUDGET = 0.15;

/** The simulator for every market on the three venues, idle in a process of its own, beside an idle process with the same database. */
export async function simCpu(seconds = Number(process.env.BENCH_SIM_SECONDS ?? 60)): Promise<void> {
  console.log(`\n## sim-cpu: CPU share of one core over ${seconds} s, after start-up, measured side by side`);
  const [sim, idle] = await Promise.all([measure("sim", seconds), measure("idle", seconds)]);
  table([
    ["process", "CPU share of one core"],
    ["bourse simulator (12 markets × 3 venues, 4 steps/s)", `${number(sim * 100)} %`],
    ["idle node + the same PGlite database", `${number(idle * 100)} %`],
  ]);
  console.log(`the simulator's own cost: ${number((sim - idle) * 100)} % of a core (budget ${BUDGET * 100} %: ${sim <= BUDGET ? "within" : "OVER"})`);
}

function measure(mode: "sim" | "idle", seconds: number): Promise<number> {
  const tsx = path.resolve("node_modules", ".bin", "tsx");
  const child = spawn(tsx, [path.resolve("bench/sim-cpu/process.ts"), mode, String(seconds)], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
  return new Promise((resolve, reject) => {
    child.once("message", (message: unknown) => {
      const share = typeof message === "object" && message !== null && "cpuShare" in message ? Number(message.cpuShare) : NaN;
      if (Number.isFinite(share)) resolve(share);
      else reject(new Error(`sim-cpu ${mode} sent ${JSON.stringify(message)}`));
    });
    child.once("exit", (code) => reject(new Error(`sim-cpu ${mode} exited with ${code} before reporting`)));
  });
}
