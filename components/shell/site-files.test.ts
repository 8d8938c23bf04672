import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { APP_ICONS, robotsRules, webManifest } from "./site-files";
import { THEME_BACKGROUND } from "./theme";

const publicDir = path.join(__dirname, "..", "..", "public");

/** Width and height from a PNG's IHDR chunk. */
function pngSize(file: string): string {
  const png = readFileSync(path.join(publicDir, file));
  return `${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`;
}

describe("robots.txt", () => {
  it("keeps every crawler out of the dashboard and the API", () => {
    const rules = [robotsRules().rules].flat();
    expect(rules).toEqual([{ userAgent: "*", disallow: ["/", "/api/"] }]);
  });
});

describe("web manifest", () => {
  it("names the app, takes the dark theme's colours and lists icons that exist at their stated sizes", () => {
    const manifest = webManifest();
    expect(manifest).toMatchObject({ name: "Bourse", start_url: "/", theme_color: THEME_BACKGROUND.dark, background_color: THEME_BACKGROUND.dark });
    expect(manifest.icons?.map((i) => i.sizes)).toEqual(["192x192", "512x512"]);
    for (const icon of manifest.icons ?? []) expect(pngSize(icon.src)).toBe(icon.sizes);
    expect(pngSize(APP_ICONS.apple)).toBe("180x180");
  });
});
