import fs from "node:fs";
import path from "node:path";

export class DataDirInUseError extends Error {
  override name = "DataDirInUseError";
  constructor(dir: string, pid: number) {
    super(
      `The data folder ${dir} is in use by another Bourse process (pid ${pid}). ` +
        `PGlite allows one process per folder: stop that process, use another DATA_DIR, or set DATABASE_URL to share a PostgreSQL server.`,
    );
  }
}

/**
 * Takes an exclusive lock on a PGlite data folder with a pid file created atomically (O_EXCL).
 * A lock left by a process that no longer runs is taken over. Returns the release function.
 */
export function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockPath = path.join(dir, "bourse.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: "wx" });
      return () => releaseIfOwned(lockPath);
    } catch (err) {
      if (!isErrno(err, "EEXIST")) throw err;
      const holder = Number.parseInt(readOrEmpty(lockPath), 10);
      if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
        throw new DataDirInUseError(dir, holder);
      }
      // Stale (the holder died) or ours from an earlier open in this process: remove and retry once.
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock ${dir}`);
}

function releaseIfOwned(lockPath: string): void {
  if (readOrEmpty(lockPath) === String(process.pid)) fs.rmSync(lockPath, { force: true });
}

function readOrEmpty(file: string): string {
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    return "";
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return isErrno(err, "EPERM");
  }
}

function isErrno(err: unknown, code: string): boolean {
  return err instanceof Error && "code" in err && err.code === code;
}
