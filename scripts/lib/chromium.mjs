import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { log, run } from "./steps.mjs";

const SYSTEM_CHROMIUM = ["/usr/bin/chromium", "/usr/bin/chromium-browser"];

function findSystemChromium() {
  return SYSTEM_CHROMIUM.find((p) => fs.existsSync(p));
}

function canApt() {
  return process.getuid?.() === 0 && spawnSync("apt-get", ["--version"], { stdio: "ignore" }).status === 0;
}

/**
 * The browser for the e2e tests: Debian's chromium (installed with apt when missing and we are root),
 * otherwise Playwright's own Chromium. Returns the executable path, or "" for Playwright's own.
 */
export function ensureChromium() {
  const found = findSystemChromium();
  if (found) return found;
  if (canApt()) {
    log("Installing Debian's chromium for the browser tests…");
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    run("apt-get", ["update", "-qq"], { env });
    run("apt-get", ["install", "-y", "-qq", "chromium"], { env });
    const installed = findSystemChromium();
    if (installed) return installed;
  }
  log("Installing Playwright's Chromium for the browser tests…");
  run("npx", ["playwright", "install", "chromium"]);
  return "";
}
