import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";

/** As BOURSE_SECRET: shorter is guessable, and an empty file is a truncated one. */
export const MIN_SERVER_SECRET_LENGTH = 32;

export class ServerSecretError extends Error {
  override name = "ServerSecretError";
}

/**
 * The secret that seals server-held secrets and signs dashboard sessions: BOURSE_SECRET when set
 * (required when several instances share a database), otherwise one generated on first start and
 * kept in the data folder with owner-only permissions. A kept file that is empty or short stops the
 * server: a new secret would silently orphan everything sealed with the old one.
 */
export function loadServerSecret(input: { secret?: string; dataDir: string }): string {
  if (input.secret) return input.secret;
  const file = path.join(input.dataDir, "server-secret");
  const kept = readSecretFile(file);
  if (kept !== undefined) return kept;
  fs.mkdirSync(input.dataDir, { recursive: true });
  const generated = randomBytes(32).toString("base64url");
  try {
    fs.writeFileSync(file, generated, { mode: 0o600, flag: "wx" });
    return generated;
  } catch {
    // Another process wrote it first: use theirs.
    return readSecretFile(file) ?? generated;
  }
}

/** The file's secret, or undefined when there is no file. */
function readSecretFile(file: string): string | undefined {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw err;
  }
  const secret = text.trim();
  if (secret.length < MIN_SERVER_SECRET_LENGTH) {
    throw new ServerSecretError(
      `the server secret in ${file} is ${secret.length === 0 ? "empty" : `only ${secret.length} characters`} (at least ${MIN_SERVER_SECRET_LENGTH} are needed). ` +
        "Restore the file from a backup, or set BOURSE_SECRET; delete the file only if nothing was sealed with it (signing keys, the desk key and console keys would be lost).",
    );
  }
  return secret;
}
