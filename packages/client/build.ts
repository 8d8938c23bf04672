// Builds @bourse/client from lib/client: the clients bundled for Node (zod stays a dependency, the MCP
// SDK of `bourse mcp` is bundled into the CLI), the CLI as the package's bin, and the declarations,
// with the API's schemas in them.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build, type BuildOptions } from "esbuild";

const HERE = dirname(fileURLToPath(import.meta.url));
/** The package's manifest: copy it beside a build made elsewhere to pack that build. */
export const CLIENT_PACKAGE_JSON = join(HERE, "package.json");
const ROOT = resolve(HERE, "../..");
const EXTERNAL = ["zod", "zod/*"];

/** Builds the package into `outDir` (its dist by default): index.js, cli.js and, unless turned off, types/. */
export async function buildClientPackage({
  outDir = join(HERE, "dist"),
  declarations = true,
}: {
  outDir?: string;
  declarations?: boolean;
} = {}): Promise<void> {
  rmSync(outDir, { recursive: true, force: true });
  const common: BuildOptions = { bundle: true, platform: "node", format: "esm", target: "node20", external: EXTERNAL, outdir: outDir, logLevel: "warning" };
  await build({ ...common, entryPoints: { index: join(ROOT, "lib/client/index.ts") } });
  await build({ ...common, entryPoints: { cli: join(ROOT, "lib/client/cli/bin.ts") } });
  if (!declarations) return;
  const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
  execFileSync(process.execPath, [tsc, "-p", join(HERE, "tsconfig.build.json"), "--outDir", join(outDir, "types")], { stdio: "inherit" });
  addJsExtensions(join(outDir, "types"));
}

/** Relative imports in the declarations name their .js files, so Node16 and NodeNext resolution finds them too. */
function addJsExtensions(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith(".d.ts")) continue;
    const file = join(entry.parentPath, entry.name);
    const text = readFileSync(file, "utf8").replace(/(from\s+|import\()(["'])(\.{1,2}\/[^"']+)\2/g, (whole, lead: string, quote: string, spec: string) => {
      const target = resolve(dirname(file), spec);
      if (existsSync(`${target}.d.ts`)) return `${lead}${quote}${spec}.js${quote}`;
      if (existsSync(join(target, "index.d.ts"))) return `${lead}${quote}${spec}/index.js${quote}`;
      return whole;
    });
    writeFileSync(file, text);
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) await buildClientPackage();
