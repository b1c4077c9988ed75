// What Chromium's sandbox costs, as a user's integration sees it: two separate `folio serve` processes
// (SQLite + files), one with the sandbox (the default; Chromium as folio-chromium when run as root), one
// with FOLIO_CHROMIUM_NO_SANDBOX=true; the client path and the interleaving are bench/lib/serve-variants.ts.
// Run: node --import tsx bench/sandbox.ts   (ROUNDS=N renders per measurement, default 40; PASSES, default 3;
//      CONCURRENCY=1,2 the concurrencies)
import { compareVariants, loadAverage, startVariant } from './lib/serve-variants.js';

const ROUNDS = Number(process.env.ROUNDS ?? 40);
const PASSES = Number(process.env.PASSES ?? 3);
const CONCURRENCIES = (process.env.CONCURRENCY ?? '1,2').split(',').map(Number);

console.log(`# bench/sandbox — ${ROUNDS} renders per measurement, best of ${PASSES} interleaved passes, load average ${loadAverage()}\n`);
const renderConcurrency = Math.max(...CONCURRENCIES);
const variants = [
  await startVariant('sandbox', { renderConcurrency }),
  await startVariant('no sandbox', { renderConcurrency, env: { FOLIO_CHROMIUM_NO_SANDBOX: 'true' } }),
] as const;
try {
  await compareVariants([...variants], { rounds: ROUNDS, passes: PASSES, concurrencies: CONCURRENCIES });
} finally {
  for (const v of variants) await v.server.stop();
}
