"use client";

import { useLayoutEffect } from "react";
import { MoonIcon, SunIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { applyTheme, readStoredTheme, storeTheme } from "./theme";

/**
 * Switches between dark and light. The icon follows the class on <html> through CSS, so server and
 * client render the same markup whatever the stored theme is.
 */
export function ThemeToggle({ className }: { className?: string }) {
  // In development React re-mounts <html> once and drops the class the head script set; put it back.
  useLayoutEffect(() => {
    applyTheme(readStoredTheme());
  }, []);

  function toggle() {
    const next = document.documentElement.classList.contains("light") ? "dark" : "light";
    applyTheme(next);
    storeTheme(next);
  }

  return (
    <Button variant="ghost" size="icon" aria-label="Toggle theme" onClick={toggle} className={className}>
      <SunIcon className="hidden dark:block" aria-hidden="true" />
      <MoonIcon className="block dark:hidden" aria-hidden="true" />
    </Button>
  );
}
