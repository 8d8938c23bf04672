// A small line of recent closes, drawn as SVG on the server: no script, no layout shift.

export function Sparkline({ closes, rising, label }: { closes: readonly number[]; rising: boolean; label: string }) {
  const width = 96;
  const height = 28;
  if (closes.length < 2) return <span className="inline-block h-7 w-24" aria-hidden="true" />;
  const low = Math.min(...closes);
  const high = Math.max(...closes);
  const span = high - low || 1;
  const step = width / (closes.length - 1);
  const points = closes.map((close, i) => `${(i * step).toFixed(1)},${(height - 2 - ((close - low) / span) * (height - 4)).toFixed(1)}`).join(" ");
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      width={width}
      height={height}
      role="img"
      aria-label={label}
      className={rising ? "text-success" : "text-destructive"}
    >
      <polyline
        points={points}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinejoin="round"
        strokeLinecap="round"
        vectorEffect="non-scaling-stroke"
      />
    </svg>
  );
}
