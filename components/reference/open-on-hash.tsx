"use client";

import { useEffect } from "react";

/** Opens the folded sections around the element the URL's #fragment names, then brings it into view. */
export function OpenOnHash() {
  useEffect(() => {
    function open() {
      const id = decodeURIComponent(window.location.hash.slice(1));
      const target = id ? document.getElementById(id) : null;
      if (!target) return;
      for (let el: Element | null = target; el; el = el.parentElement?.closest("details") ?? null) {
        if (el instanceof HTMLDetailsElement) el.open = true;
      }
      target.scrollIntoView({ block: "start" });
    }
    open();
    window.addEventListener("hashchange", open);
    return () => window.removeEventListener("hashchange", open);
  }, []);
  return null;
}
