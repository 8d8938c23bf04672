/**
 * A seeded pseudo-random generator (sfc32: small, fast, passes PractRand to large sizes), so that
 * every simulation is reproducible from its seed. Its state can be saved and restored.
 */
export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Standard normal (Box–Muller). */
  normal(): number;
  /** Integer in [min, max]. */
  int(min: number, max: number): number;
  state(): RngState;
}

export type RngState = [number, number, number, number];

export function createRng(seed: number | RngState): Rng {
  let [a, b, c, d] = typeof seed === "number" ? seedState(seed) : seed;
  let spare: number | null = null;
  const nextU32 = () => {
    a |= 0;
    b |= 0;
    c |= 0;
    d |= 0;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  const next = () => nextU32() / 4294967296;
  return {
    next,
    normal() {
      if (spare !== null) {
        const s = spare;
        spare = null;
        return s;
      }
      let u = 0;
      while (u === 0) u = next();
      const v = next();
      const r = Math.sqrt(-2 * Math.log(u));
      spare = r * Math.sin(2 * Math.PI * v);
      return r * Math.cos(2 * Math.PI * v);
    },
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    state: () => [a, b, c, d],
  };
}

/** Spreads a 32-bit seed over the four words (splitmix32), then discards the first outputs. */
function seedState(seed: number): RngState {
  let x = seed >>> 0;
  const mix = () => {
    x = (x + 0x9e3779b9) | 0;
    let z = x;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
  const state: RngState = [mix(), mix(), mix(), mix()];
  const warm = createRng(state);
  for (let i = 0; i < 12; i++) warm.next();
  return warm.state();
}
