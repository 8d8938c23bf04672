import { describe, expect, it } from "vitest";
import { isActivePath, NAV_ITEMS } from "./nav-items";

describe("navigation", () => {
  it("lists the sections in order", () => {
    expect(NAV_ITEMS.map((item) => `${item.label} ${item.href}`)).toEqual([
      "Markets /",
      "Trade /trade",
      "Swap /swap",
      "Keys /keys",
      "Search /search",
      "API /reference",
    ]);
  });

  it("marks Markets only on the root and other entries on their subpages too", () => {
    expect(isActivePath("/", "/")).toBe(true);
    expect(isActivePath("/trade", "/")).toBe(false);
    expect(isActivePath("/reference/search", "/reference")).toBe(true);
    expect(isActivePath("/references", "/reference")).toBe(false);
  });
});
