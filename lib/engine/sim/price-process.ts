import { createRng, type Rng, type RngState } from "./rng";

/**
 * Index prices for the simulated markets: a geometric random walk per symbol whose shocks share a
 * market factor (correlation), whose volatility switches between regimes (calm, normal, stressed),
 * with occasional jumps. A model, not money: floating point is fine here; venues round to ticks.
 */
export interface SymbolModel {
  symbol: string;
  startPrice: number;
  /** Exposure to the shared market factor, 0..1 (correlation between two symbols ≈ βa·βb). */
  beta: number;
  /** Volatility in the normal regime, annualised (0.6 = 60%). */
  volatility: number;
}

export interface Regime {
  name: string;
  /** Multiplies each symbol's volatility. */
  volMultiplier: number;
  /** Chance per hour of leaving this regime. */
  exitPerHour: number;
}

export const REGIMES: readonly Regime[] = [
  { name: "calm", volMultiplier: 0.5, exitPerHour: 0.05 },
  { name: "normal", volMultiplier: 1, exitPerHour: 0.04 },
  { name: "stressed", volMultiplier: 2.5, exitPerHour: 0.25 },
];

export interface ProcessParams {
  /** Expected jumps per symbol per day. */
  jumpsPerDay: number;
  /** Standard deviation of a jump's log size. */
  jumpSize: number;
}

export const DEFAULT_PARAMS: ProcessParams = { jumpsPerDay: 1.5, jumpSize: 0.012 };

export interface ProcessState {
  rng: RngState;
  regime: number;
  logPrices: number[];
}

const SECONDS_PER_YEAR = 365 * 24 * 3600;

export class PriceProcess {
  private readonly rng: Rng;
  private regime: number;
  private readonly logPrices: number[];

  constructor(
    readonly models: readonly SymbolModel[],
    seedOrState: number | ProcessState,
    readonly params: ProcessParams = DEFAULT_PARAMS,
  ) {
    if (typeof seedOrState === "number") {
      this.rng = createRng(seedOrState);
      this.regime = 1;
      this.logPrices = models.map((m) => Math.log(m.startPrice));
    } else {
      this.rng = createRng(seedOrState.rng);
      this.regime = seedOrState.regime;
      this.logPrices = [...seedOrState.logPrices];
    }
  }

  /** Advances every symbol by `seconds` and returns the new prices, in model order. */
  step(seconds: number): number[] {
    const dtYears = seconds / SECONDS_PER_YEAR;
    this.switchRegime(seconds);
    const multiplier = REGIMES[this.regime]!.volMultiplier;
    const market = this.rng.normal();
    const jumpChance = (this.params.jumpsPerDay * seconds) / 86_400;
    for (let i = 0; i < this.models.length; i++) {
      const m = this.models[i]!;
      const sigma = m.volatility * multiplier;
      const shock = m.beta * market + Math.sqrt(1 - m.beta * m.beta) * this.rng.normal();
      let dlog = -0.5 * sigma * sigma * dtYears + sigma * Math.sqrt(dtYears) * shock;
      if (this.rng.next() < jumpChance) dlog += this.params.jumpSize * multiplier * this.rng.normal();
      this.logPrices[i]! += dlog;
    }
    return this.prices();
  }

  prices(): number[] {
    return this.logPrices.map((l) => Math.exp(l));
  }

  regimeName(): string {
    return REGIMES[this.regime]!.name;
  }

  /** Everything needed to continue exactly where this process is. */
  state(): ProcessState {
    return { rng: this.rng.state(), regime: this.regime, logPrices: [...this.logPrices] };
  }

  private switchRegime(seconds: number): void {
    const exit = 1 - (1 - REGIMES[this.regime]!.exitPerHour) ** (seconds / 3600);
    if (this.rng.next() >= exit) return;
    // Leave to one of the other regimes, stress being the rarer destination.
    const others = REGIMES.map((_, i) => i).filter((i) => i !== this.regime);
    const weights = others.map((i) => (REGIMES[i]!.name === "stressed" ? 1 : 3));
    let pick = this.rng.next() * weights.reduce((s, w) => s + w, 0);
    for (let k = 0; k < others.length; k++) {
      pick -= weights[k]!;
      if (pick < 0) {
        this.regime = others[k]!;
        return;
      }
    }
  }
}
