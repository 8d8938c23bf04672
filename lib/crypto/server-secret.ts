import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";

/**
 * The secret that seals server-held secrets and signs dashboard sessions: BOURSE_SECRET when set
 * (required when several instances share a database), otherwise one generated on first start and
 * kept in the data folder with owner-only permissions.
 */
export function loadServerSecret(input: { secret?: string; dataDir: string }): string {
  if (input.secret) return input.secret;
  const file = path.join(input.dataDir, "server-secret");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(input.dataDir, { recursive: true });
    const generated = randomBytes(32).toString("base64url");
    try {
      fs.writeFileSync(file, generated, { mode: 0o600, flag: "wx" });
      return generated;
    } catch {
      // Another process wrote it first: use theirs.
      return fs.readFileSync(file, "utf8").trim();
    }
  }
}
