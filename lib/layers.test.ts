// Domains sit below the transport: nothing in them may import lib/api (routes import domains, never the reverse).
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const DOMAINS = ["lib/trading", "lib/swap", "lib/auth", "lib/web"];
const TRANSPORT = "lib/api";

/** Every module specifier of a source file: static and dynamic imports, re-exports, side-effect imports. */
function specifiersOf(source: string): string[] {
  const found = source.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(["'])([^"'\n]+)\1/g);
  return [...found].map((m) => m[2]!);
}

/** The repository path a specifier points to, or null for a package. */
function targetOf(file: string, specifier: string): string | null {
  if (specifier.startsWith("@/")) return specifier.slice(2);
  if (specifier.startsWith(".")) return relative(ROOT, resolve(dirname(join(ROOT, file)), specifier));
  return null;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const path = `${dir}/${e.name}`;
    if (e.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|mts)$/.test(e.name) ? [path] : [];
  });
}

const inTransport = (target: string | null) => target !== null && (target === TRANSPORT || target.startsWith(`${TRANSPORT}/`));

describe("layers", () => {
  it("finds the specifiers of every import form", () => {
    const source = `import a from "../api/x";\nimport type { B } from '@/lib/api/y';\nexport * from "./z";\nimport "../../api/side";\nconst c = await import("../api/lazy");`;
    expect(specifiersOf(source)).toEqual(["../api/x", "@/lib/api/y", "./z", "../../api/side", "../api/lazy"]);
  });

  it.each(DOMAINS)("nothing in %s imports lib/api", (domain) => {
    const offending = sourceFiles(domain).flatMap((file) =>
      specifiersOf(readFileSync(join(ROOT, file), "utf8"))
        .filter((s) => inTransport(targetOf(file, s)))
        .map((s) => `${file} → ${s}`),
    );
    expect(offending).toEqual([]);
  });
});
