/** A 100-level aggregated book as the API would serve it, built deterministically, as bytes. */
export function bookFixture(levels = 100): Buffer {
  const mid = 64_250;
  const side = (sign: 1 | -1) =>
    Array.from({ length: levels }, (_, i) => {
      const price = (mid + sign * (0.5 + i * 0.5)).toFixed(1);
      const a = ((i * 7919) % 97) / 10 + 0.1;
      const b = ((i * 104729) % 89) / 10 + 0.1;
      return { price, size: (a + b).toFixed(4), venues: { alpha: a.toFixed(4), beta: b.toFixed(4) } };
    });
  const body = {
    success: true,
    data: { symbol: "BTC-USD", bids: side(-1), asks: side(1), spread: "1.0", mid: String(mid) },
    error: null,
    timestamp: 1767225600000,
  };
  return Buffer.from(JSON.stringify(body));
}
