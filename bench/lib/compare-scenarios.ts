// Two servers compared on several scenarios in one sitting: per scenario and concurrency, `passes`
// interleaved passes (the order of the servers flips every pass), each a warm-up of 3 × concurrency
// operations and then `rounds` measured ones. Per server: jobs/s, p50 latency and server CPU per job (user +
// system of the server's whole process tree from /proc/<pid>/stat: Node, its sandbox processes, Chromium,
// LibreOffice), each the best of the passes (highest jobs/s, lowest p50, lowest CPU), and after / before.
import { measure } from './baselines.js';
import { treeCpuMs } from './pss.js';
import type { Variant } from './serve-variants.js';

export interface Measured {
  rps: number;
  p50: number;
  cpuMs: number;
}

/** One scenario's prepared operation on each server (same order as the variants). */
export interface PreparedScenario {
  name: string;
  ops: (() => Promise<void>)[];
}

async function once(v: Variant, op: () => Promise<void>, c: number, rounds: number): Promise<Measured> {
  await measure(c, c * 3, op); // warm-up
  const cpu0 = treeCpuMs(v.server.child.pid!).total;
  const r = await measure(c, rounds, op);
  return { rps: r.rps, p50: r.p50!, cpuMs: (treeCpuMs(v.server.child.pid!).total - cpu0) / rounds };
}

const best = (runs: Measured[]): Measured => ({
  rps: Math.max(...runs.map((r) => r.rps)),
  p50: Math.min(...runs.map((r) => r.p50)),
  cpuMs: Math.min(...runs.map((r) => r.cpuMs)),
});

/** Measures every scenario at every concurrency on both variants; prints one table row per pair as it ends. */
export async function compareScenarios(
  variants: [Variant, Variant],
  scenarios: PreparedScenario[],
  opts: { rounds: number; passes: number; concurrencies: number[] },
): Promise<void> {
  const [a, b] = variants.map((v) => v.name);
  const row = (cells: (string | number)[]) => console.log(`| ${cells.join(' | ')} |`);
  const header = ['scenario', 'c', `jobs/s ${a}`, b, `${a}/${b}`, `p50 ms ${a}`, b, `${a}/${b}`, `CPU ms/job ${a}`, b, `${a}/${b}`];
  row(header);
  row(header.map(() => '---'));
  const ratio = (p: number, q: number) => (p / q).toFixed(3);
  for (const s of scenarios) {
    for (const c of opts.concurrencies) {
      const runs: Measured[][] = [[], []];
      for (let pass = 0; pass < opts.passes; pass++) {
        for (const i of pass % 2 === 0 ? [0, 1] : [1, 0]) runs[i]!.push(await once(variants[i]!, s.ops[i]!, c, opts.rounds));
      }
      const [x, y] = runs.map(best) as [Measured, Measured];
      row(
        [s.name, c, x.rps.toFixed(1), y.rps.toFixed(1), ratio(x.rps, y.rps)]
          .concat([x.p50.toFixed(1), y.p50.toFixed(1), ratio(x.p50, y.p50)])
          .concat([x.cpuMs.toFixed(1), y.cpuMs.toFixed(1), ratio(x.cpuMs, y.cpuMs)]),
      );
    }
  }
}
