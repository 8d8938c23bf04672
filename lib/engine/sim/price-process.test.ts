import { describe, expect, it } from "vitest";
import { createRng } from "./rng";
import { PriceProcess, type SymbolModel } from "./price-process";

const models: SymbolModel[] = [
  { symbol: "BTC", startPrice: 64_000, beta: 0.9, volatility: 0.55 },
  { symbol: "ETH", startPrice: 3_200, beta: 0.85, volatility: 0.7 },
  { symbol: "GOLDISH", startPrice: 100, beta: 0.05, volatility: 0.2 },
];

function logReturns(seed: number, steps: number, seconds: number): number[][] {
  const p = new PriceProcess(models, seed);
  let prev = p.prices();
  const out: number[][] = models.map(() => []);
  for (let s = 0; s < steps; s++) {
    const now = p.step(seconds);
    for (const [i, v] of now.entries()) out[i]!.push(Math.log(v / prev[i]!));
    prev = now;
  }
  return out;
}

function correlation(a: number[], b: number[]): number {
  const mean = (x: number[]) => x.reduce((s, v) => s + v, 0) / x.length;
  const ma = mean(a);
  const mb = mean(b);
  let cov = 0;
  let va = 0;
  let vb = 0;
  for (let i = 0; i < a.length; i++) {
    cov += (a[i]! - ma) * (b[i]! - mb);
    va += (a[i]! - ma) ** 2;
    vb += (b[i]! - mb) ** 2;
  }
  return cov / Math.sqrt(va * vb);
}

describe("rng", () => {
  it("is reproducible from a seed and from a saved state", () => {
    const a = createRng(42);
    const b = createRng(42);
    expect(Array.from({ length: 5 }, () => a.next())).toEqual(Array.from({ length: 5 }, () => b.next()));
    const saved = a.state();
    const c = createRng(saved);
    expect(c.next()).toBe(a.next());
    expect(createRng(43).next()).not.toBe(createRng(42).next());
  });

  it("gives uniform values in [0, 1) and normals with mean 0 and variance 1", () => {
    const r = createRng(7);
    const u = Array.from({ length: 50_000 }, () => r.next());
    expect(Math.min(...u)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...u)).toBeLessThan(1);
    const n = Array.from({ length: 50_000 }, () => r.normal());
    const mean = n.reduce((s, v) => s + v, 0) / n.length;
    const variance = n.reduce((s, v) => s + (v - mean) ** 2, 0) / n.length;
    expect(Math.abs(mean)).toBeLessThan(0.02);
    expect(Math.abs(variance - 1)).toBeLessThan(0.03);
  });
});

describe("PriceProcess", () => {
  it("is reproducible: same seed, same path; saved state continues the same path", () => {
    const a = new PriceProcess(models, 1);
    const b = new PriceProcess(models, 1);
    for (let i = 0; i < 100; i++) expect(a.step(60)).toEqual(b.step(60));
    const resumed = new PriceProcess(models, a.state());
    expect(resumed.step(60)).toEqual(a.step(60));
  });

  it("moves symbols together according to their betas", () => {
    const r = logReturns(3, 20_000, 60);
    expect(correlation(r[0]!, r[1]!)).toBeGreaterThan(0.6);
    expect(Math.abs(correlation(r[0]!, r[2]!))).toBeLessThan(0.15);
  });

  it("has roughly the volatility asked for, stays positive, and changes regime over days", () => {
    const p = new PriceProcess(models, 11);
    const seen = new Set<string>();
    for (let i = 0; i < 7 * 24 * 60; i++) {
      const prices = p.step(60);
      expect(prices.every((x) => x > 0 && Number.isFinite(x))).toBe(true);
      seen.add(p.regimeName());
    }
    expect(seen.size).toBeGreaterThan(1);
    // Annualised volatility of BTC over a long run lands within a broad band around 0.55 × regime mix.
    const r = logReturns(5, 50_000, 60)[0]!;
    const sd = Math.sqrt(r.reduce((s, v) => s + v * v, 0) / r.length);
    const annual = sd * Math.sqrt((365 * 24 * 3600) / 60);
    expect(annual).toBeGreaterThan(0.3);
    expect(annual).toBeLessThan(1.2);
  });
});
