"use client";

import { useState } from "react";

/** A form's complaints by field; changing a field drops its complaint and tells `onEdit`. */
export function useFieldErrors(onEdit: () => void) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  function edited<A extends unknown[]>(field: string, set: (...args: A) => void): (...args: A) => void {
    return (...args) => {
      set(...args);
      onEdit();
      setErrors((current) => {
        if (!(field in current)) return current;
        const { [field]: _dropped, ...rest } = current;
        return rest;
      });
    };
  }
  return { errors, setErrors, edited };
}
