// Renders the app's PNG icons and favicon.ico from app/icon.svg, the one source of the icon. Run it again
// (node scripts/app-icons.mjs) after changing the SVG, and commit what it writes to public/.
// Needs rsvg-convert (Debian: apt-get install librsvg2-bin).
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..");
const source = path.join(root, "app", "icon.svg");
const publicDir = path.join(root, "public");
/** The icon's own background, behind the rounded corners where a platform wants a square (iOS). */
const SQUARE_BACKGROUND = "#0f172a";

function render(size, background) {
  const args = ["--width", String(size), "--height", String(size), "--format", "png"];
  if (background) args.push("--background-color", background);
  return execFileSync("rsvg-convert", [...args, source]);
}

/** An .ico holding one PNG image (every browser since Vista-era reads PNG inside ICO). */
function icoOf(png, size) {
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(size, 6);
  header.writeUInt8(size, 7);
  header.writeUInt8(0, 8); // no palette
  header.writeUInt8(0, 9);
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(png.length, 14);
  header.writeUInt32LE(22, 18); // the image follows the header
  return Buffer.concat([header, png]);
}

mkdirSync(path.join(publicDir, "icons"), { recursive: true });
writeFileSync(path.join(publicDir, "icons", "icon-192.png"), render(192));
writeFileSync(path.join(publicDir, "icons", "icon-512.png"), render(512));
writeFileSync(path.join(publicDir, "icons", "apple-touch-icon.png"), render(180, SQUARE_BACKGROUND));
writeFileSync(path.join(publicDir, "favicon.ico"), icoOf(render(32), 32));
console.log(`icons written from ${path.relative(root, source)} (${readFileSync(source).length} bytes of SVG)`);
