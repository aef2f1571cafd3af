/** Timing helpers for the regrid benchmark (round-robin runs, median and quartiles). */
export interface CaseResult {
  name: string;
  /** Milliseconds per run. */
  samples: number[];
}

export interface TimedCase {
  name: string;
  /** Untimed preparation before each run (e.g. making sure the mapping is in the cache). */
  setup?: () => void;
  run: () => void | Promise<void>;
}

/** Cases round-robin (1, 2, …, then again), so a busy spell on the shared machine slows every case alike. */
export async function timeRoundRobin(cases: TimedCase[], input: { runs: number; warmup: number }): Promise<CaseResult[]> {
  const results = cases.map((c) => ({ name: c.name, samples: [] as number[] }));
  for (let round = 0; round < input.warmup + input.runs; round++) {
    for (let k = 0; k < cases.length; k++) {
      cases[k].setup?.();
      const started = performance.now();
      await cases[k].run();
      if (round >= input.warmup) results[k].samples.push(performance.now() - started);
    }
  }
  return results;
}
