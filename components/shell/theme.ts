/** Theme shared by the pre-paint script in app/layout.tsx and the toggle. Dark is the default. */
export type Theme = "dark" | "light";

export const THEME_STORAGE_KEY = "bourse-theme";

/** Each theme's --background (app/globals.css) in sRGB, for the browser's own chrome: the manifest and theme-color. */
export const THEME_BACKGROUND: Record<Theme, string> = { dark: "#0b0e14", light: "#fbfcfd" };
const THEMES: readonly Theme[] = ["dark", "light"];

export function parseTheme(value: string | null | undefined): Theme {
  return value === "light" ? "light" : "dark";
}

/** Runs in <head> before first paint: applies the stored theme as a class on <html>. */
export const themeScript = `(function(){try{var t=localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)})==="light"?"light":"dark";var c=document.documentElement.classList;c.remove(${THEMES.map((t) => JSON.stringify(t)).join(",")});c.add(t)}catch(e){}})()`;

/** Browser only. */
export function readStoredTheme(): Theme {
  try {
    return parseTheme(localStorage.getItem(THEME_STORAGE_KEY));
  } catch {
    return "dark";
  }
}

/** Browser only. */
export function applyTheme(theme: Theme): void {
  const classes = document.documentElement.classList;
  classes.remove(...THEMES);
  classes.add(theme);
}

/** Browser only. */
export function storeTheme(theme: Theme): void {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Storage may be unavailable (private mode, quota); the theme still applies for this page.
  }
}
