const fmt = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });

export function number(n: number): string {
  return fmt.format(n);
}

/** Prints a small aligned table: the first row is the header. */
export function table(rows: string[][], print: (line: string) => void = console.log): void {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? "").length)));
  for (const row of rows) print(row.map((cell, i) => cell.padEnd(widths[i]!)).join("  "));
}
