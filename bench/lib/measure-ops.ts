// One measurement of a bench's operation against a separate `folio serve`: `rounds` operations one after
// another, their p50 and p95, and the server process tree's CPU per operation (process-cpu.ts).
import { cpuMs } from './process-cpu.js';

/** The value at percentile `p` of ascending `sorted`. */
export const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

export async function measure(pid: number, rounds: number, op: () => Promise<unknown>) {
  const lat: number[] = [];
  const cpu0 = cpuMs(pid);
  for (let i = 0; i < rounds; i++) {
    const t = performance.now();
    await op();
    lat.push(performance.now() - t);
  }
  const cpu = (cpuMs(pid) - cpu0) / rounds;
  lat.sort((a, b) => a - b);
  return { p50: pct(lat, 50), p95: pct(lat, 95), cpu };
}
