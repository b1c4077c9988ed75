// This checkout against another one (an earlier commit), as a user's integration sees each: two separate
// `folio serve` processes, the client going all the way to the downloaded PDF, interleaved passes in one
// sitting (bench/lib/serve-variants.ts). For "no slower than before" checks of a refactoring.
// Prepare the other checkout once:  git worktree add /tmp/folio-before <rev> && ln -s "$PWD/node_modules" /tmp/folio-before/
// Run: BEFORE=/tmp/folio-before node --import tsx bench/before-after.ts
//      (ROUNDS=N renders per measurement, default 40; PASSES, default 3; CONCURRENCY=1,2 the concurrencies)
import { execFileSync } from 'node:child_process';
import { ROOT } from '../test/helpers/server-process.js';
import { compareVariants, loadAverage, startVariant } from './lib/serve-variants.js';

const BEFORE = process.env.BEFORE;
if (!BEFORE) throw new Error('set BEFORE to the other checkout (see the comment at the top of bench/before-after.ts)');
const ROUNDS = Number(process.env.ROUNDS ?? 40);
const PASSES = Number(process.env.PASSES ?? 3);
const CONCURRENCIES = (process.env.CONCURRENCY ?? '1,2').split(',').map(Number);

const rev = (dir: string) => execFileSync('git', ['-C', dir, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
console.log(
  `# bench/before-after — after = ${rev(ROOT)}, before = ${rev(BEFORE)}; ${ROUNDS} renders per measurement, best of ${PASSES} interleaved passes, load average ${loadAverage()}\n`,
);
const renderConcurrency = Math.max(...CONCURRENCIES);
const variants = [
  await startVariant('after', { renderConcurrency }),
  await startVariant('before', { renderConcurrency, root: BEFORE }),
] as const;
try {
  await compareVariants([...variants], { rounds: ROUNDS, passes: PASSES, concurrencies: CONCURRENCIES });
} finally {
  for (const v of variants) await v.server.stop();
}
