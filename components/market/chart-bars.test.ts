import { describe, expect, it } from "vitest";
import { planChartUpdate, type ChartBar } from "./chart-bars";

const bar = (time: number, close = 100): ChartBar => ({ time, open: 100, high: 101, low: 99, close, volume: 1 });

describe("planChartUpdate", () => {
  it("replaces on the first load", () => {
    expect(planChartUpdate([], [bar(60), bar(120)])).toEqual({ kind: "replace", bars: [bar(60), bar(120)] });
  });

  it("appends the last bar and the ones after it when the window slides", () => {
    const shown = [bar(60), bar(120), bar(180)];
    const next = [bar(120), bar(180, 102), bar(240)];
    expect(planChartUpdate(shown, next)).toEqual({ kind: "append", bars: [bar(180, 102), bar(240)] });
  });

  it("replaces when the new data no longer reaches the last shown bar", () => {
    expect(planChartUpdate([bar(60), bar(120)], [bar(600), bar(660)]).kind).toBe("replace");
  });

  it("replaces when earlier history changed", () => {
    const shown = [bar(60), bar(120), bar(180)];
    expect(planChartUpdate(shown, [bar(60, 90), bar(120), bar(180)]).kind).toBe("replace");
  });

  it("replaces when the new data is older than what is shown", () => {
    expect(planChartUpdate([bar(60), bar(120)], [bar(0), bar(60)]).kind).toBe("replace");
  });
});
