// Request samples (curl and TypeScript) for an HTTP call, with the API key filled in or left as a variable.

export interface HttpCall {
  method: string;
  /** Absolute URL, query included. */
  url: string;
  headers: readonly (readonly [string, string])[];
  /** A JSON body, sent as application/json. */
  body?: unknown;
}

/** The variable a masked sample reads the key from. */
export const KEY_VARIABLE = "BOURSE_KEY";

/** The key as it appears in samples: the secret itself, or the variable when masked (null). */
export function bearer(secret: string | null): readonly [string, string] {
  return ["Authorization", `Bearer ${secret ?? `$${KEY_VARIABLE}`}`];
}

/** A word for POSIX shells: single-quoted unless it is plain; `$BOURSE_KEY` stays expandable in double quotes. */
function shellWord(value: string): string {
  if (/^[\w@%+=:,./-]+$/.test(value)) return value;
  const variable = `$${KEY_VARIABLE}`;
  if (value.includes(variable) && !/["\\`$]/.test(value.replace(variable, ""))) return `"${value}"`;
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

export function curlCommand(call: HttpCall): string {
  const lines = [`curl -X ${call.method.toUpperCase()} ${shellWord(call.url)}`];
  for (const [name, value] of call.headers) lines.push(`  -H ${shellWord(`${name}: ${value}`)}`);
  if (call.body !== undefined) {
    lines.push(`  -H ${shellWord("Content-Type: application/json")}`);
    lines.push(`  --data ${shellWord(JSON.stringify(call.body))}`);
  }
  return lines.join(" \\\n");
}

/** A TypeScript fetch of the call; a masked key is read from process.env. */
export function fetchSnippet(call: HttpCall): string {
  const variable = `$${KEY_VARIABLE}`;
  const headerLines = [...call.headers, ...(call.body === undefined ? [] : ([["Content-Type", "application/json"]] as const))].map(([name, value]) =>
    value.includes(variable)
      ? `    ${JSON.stringify(name)}: \`${value.replace(variable, `\${process.env.${KEY_VARIABLE}}`)}\`,`
      : `    ${JSON.stringify(name)}: ${JSON.stringify(value)},`,
  );
  const options = [`  method: ${JSON.stringify(call.method.toUpperCase())},`];
  if (headerLines.length > 0) options.push("  headers: {", ...headerLines, "  },");
  if (call.body !== undefined) options.push(`  body: JSON.stringify(${JSON.stringify(call.body, null, 2).replaceAll("\n", "\n  ")}),`);
  return [
    `const res = await fetch(${JSON.stringify(call.url)}, {`,
    ...options,
    "});",
    "const body = await res.json();",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a line of the generated TypeScript
    "if (!res.ok) throw new Error(`${res.status} ${body.code}: ${body.error}`);",
    "console.log(body);",
  ].join("\n");
}
