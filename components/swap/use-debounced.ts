"use client";

import { useEffect, useState } from "react";

/** `value`, once it has stopped changing for `ms` (so typing an amount asks for one quote, not one per key). */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
