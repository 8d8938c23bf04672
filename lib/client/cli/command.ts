import type { CliContext, Output } from "./context";
import { UsageError } from "./context";

type Run = (ctx: CliContext, args: string[]) => Promise<Output> | AsyncIterable<Output>;

/** One command: `bourse <name> <args…>`. A streaming command yields an output per event. */
export interface Command {
  name: string;
  usage: string;
  summary: string;
  run: Run;
}

/** Lines of aligned columns. */
export function table(rows: readonly (readonly string[])[]): string {
  const widths = rows.reduce<number[]>((w, row) => row.map((cell, i) => Math.max(w[i] ?? 0, cell.length)), []);
  return rows.map((row) => row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i]!))).join("  ")).join("\n");
}

/** A list as a command's answer: the list itself with --json, else a table of `columns` (or `empty` when there is nothing). */
export function listed<T>(list: readonly T[], columns: readonly string[], row: (item: T) => readonly string[], empty?: string): Output {
  return { json: list, text: list.length === 0 && empty !== undefined ? empty : table([columns, ...list.map(row)]) };
}

/** A command that lists: fetches the list, answers it as `listed` does. Give `fetch` before `row`: the items' type is read from it. */
export function listCommand<T>(spec: {
  name: string;
  usage?: string;
  summary: string;
  fetch: (ctx: CliContext, args: string[]) => Promise<readonly T[]>;
  columns: readonly string[];
  row: (item: T) => readonly string[];
  empty?: string;
}): Command {
  return {
    name: spec.name,
    usage: spec.usage ?? spec.name,
    summary: spec.summary,
    run: async (ctx, args) => listed(await spec.fetch(ctx, args), spec.columns, spec.row, spec.empty),
  };
}

/** What follows `bourse <command> <subcommand>`: its usage, and what it runs with the arguments after its name. */
export interface Subcommand {
  usage: string;
  run: Run;
}

/** A command of subcommands (`bourse pair open …`, `bourse pair close …`): usage made of theirs, a UsageError for any other. */
export function withSubcommands(spec: { name: string; summary: string; subcommands: Record<string, Subcommand> }): Command {
  const names = Object.keys(spec.subcommands);
  return {
    name: spec.name,
    usage: names.map((sub) => `${spec.name} ${sub} ${spec.subcommands[sub]!.usage}`.trimEnd()).join(" | "),
    summary: spec.summary,
    run: (ctx, [sub, ...rest]) => {
      const chosen = sub !== undefined && Object.hasOwn(spec.subcommands, sub) ? spec.subcommands[sub] : undefined;
      if (chosen === undefined) throw new UsageError(`${spec.name} takes ${names.join(", ")}`);
      return chosen.run(ctx, rest);
    },
  };
}
