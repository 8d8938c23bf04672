// `bourse`: the trading and search APIs from a shell. Key and URL from flags or the environment.
import { ApiClientError } from "../http";
import { COMMANDS } from "./commands";
import { type CliContext, cliContext, DEFAULT_URL, type Output, parseCommandLine, UsageError } from "./context";

const HELP = `bourse <command> [arguments] [--json]

Commands:
${COMMANDS.map((c) => `  ${c.usage}\n      ${c.summary}`).join("\n")}
  mcp
      serve the deployment's MCP tools over stdio (for MCP clients that start local servers)

Everywhere:
  --url URL          the deployment (BOURSE_URL; default ${DEFAULT_URL})
  --key KEY          an agent key, bourse_sk_live_… (BOURSE_KEY)
  --search-key KEY   a search key, bourse_sr_live_… (BOURSE_SEARCH_KEY)
  --json             print the API's answer as JSON (one line per event when watching)
`;

/** Exit codes: 0 done, 1 the API refused or could not be reached, 2 a mistake in the command line. */
export async function main(argv: string[], env: NodeJS.ProcessEnv): Promise<number> {
  let json = false;
  try {
    const { positionals, flags } = parseCommandLine(argv);
    json = flags.json === true;
    const [name, ...args] = positionals;
    if (flags.help || name === undefined || name === "help") {
      process.stdout.write(HELP);
      return 0;
    }
    const abort = new AbortController();
    process.once("SIGINT", () => abort.abort());
    const ctx = cliContext(flags, env, abort.signal);
    if (name === "mcp") {
      // Loaded only here: the MCP SDK is most of the CLI's code.
      const { serveMcpOverStdio } = await import("./mcp-proxy");
      await serveMcpOverStdio(ctx);
      return 0;
    }
    const command = COMMANDS.find((c) => c.name === name);
    if (command === undefined) throw new UsageError(`no command ${JSON.stringify(name)}`);
    await print(ctx, command.run(ctx, args));
    return 0;
  } catch (err) {
    return failed(err, json);
  }
}

async function print(ctx: CliContext, output: Promise<Output> | AsyncIterable<Output>): Promise<void> {
  const write = (o: Output) => process.stdout.write(`${ctx.flags.json ? JSON.stringify(o.json) : o.text}\n`);
  if (Symbol.asyncIterator in output) {
    for await (const o of output) write(o);
  } else write(await output);
}

function failed(err: unknown, json: boolean): number {
  if (err instanceof UsageError) {
    process.stderr.write(`bourse: ${err.message}\nRun bourse --help for the commands.\n`);
    return 2;
  }
  if (!(err instanceof ApiClientError)) throw err;
  const error = { code: err.code, status: err.status, message: err.message, category: err.category, requestId: err.requestId };
  if (json) process.stdout.write(`${JSON.stringify({ error })}\n`);
  process.stderr.write(`bourse: ${err.code}${err.category ? ` (${err.category})` : ""}: ${err.message}\n`);
  return 1;
}
