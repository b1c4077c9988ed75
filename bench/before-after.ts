// This checkout against another one (an earlier commit), as a user's integration sees each: two separate
// `folio serve` processes (SQLite + files), the client going all the way to the downloaded PDF, interleaved
// passes in one sitting. For "no slower than before" checks of a refactoring. Scenarios
// (bench/lib/before-after-scenarios.ts): render jobs of the 1-page invoice (ordinary and warm template),
// an Office conversion (a 2-page DOCX as an inline render job, LibreOffice's warm pool) and a PDF job (a
// stamp on a PDF uploaded once as a managed PDF, the result downloaded). Per scenario and concurrency: jobs/s,
// p50 and server CPU per job of each server, and after / before (bench/lib/compare-scenarios.ts).
// Prepare the other checkout once (build it so that it runs dist/ like this one after `npm run build`):
//   git worktree add /tmp/folio-before <rev> && ln -s "$PWD/node_modules" "$PWD/.tools" /tmp/folio-before/ \
//     && (cd /tmp/folio-before && npm run build)
// Run: npm run build && BEFORE=/tmp/folio-before flock /tmp/folio-chromium.lock node --import tsx bench/before-after.ts
//      (ROUNDS=N jobs per measurement, default 40; PASSES, default 4; CONCURRENCY=1,2 the concurrencies;
//       SCENARIOS=ordinary,warm,office,pdf a subset)
import { ROOT } from '../test/helpers/server-process.js';
import { makeInputs, scenarios } from './lib/before-after-scenarios.js';
import { compareScenarios } from './lib/compare-scenarios.js';
import { loadAverage, startVariant } from './lib/serve-variants.js';
import { apiDifferences, describeVariant } from './lib/variant-info.js';

const BEFORE = process.env.BEFORE;
if (!BEFORE) throw new Error('set BEFORE to the other checkout (see the comment at the top of bench/before-after.ts)');
const ROUNDS = Number(process.env.ROUNDS ?? 40);
const PASSES = Number(process.env.PASSES ?? 4);
const CONCURRENCIES = (process.env.CONCURRENCY ?? '1,2').split(',').map(Number);
const KEYS = process.env.SCENARIOS?.split(',');
/** The calls the scenarios make; both servers must document them alike. */
const OPERATIONS = [
  'POST /v1/render-jobs',
  'GET /v1/render-jobs/{jobId}',
  'POST /v1/render-jobs/{jobId}/output-download',
  'POST /v1/pdfs',
  'POST /v1/pdf-jobs',
  'GET /v1/pdf-jobs/{jobId}',
  'POST /v1/pdfs/{pdfId}/download',
];

const started = performance.now();
console.log(`# bench/before-after — ${ROUNDS} jobs per measurement, best of ${PASSES} interleaved passes, load average ${loadAverage()}\n`);
// Job slots for the highest concurrency; LibreOffice keeps its default pool (2) and is not replaced during
// the run (FOLIO_OFFICE_MAX_CONVERSIONS), so no pass pays a LibreOffice start the other server's did not.
const opts = { renderConcurrency: Math.max(...CONCURRENCIES), env: { FOLIO_OFFICE_MAX_CONVERSIONS: '100000' } };
const variants = [await startVariant('after', opts), await startVariant('before', { ...opts, root: BEFORE })] as const;
try {
  console.log(`${describeVariant(variants[0], ROOT)}\n${describeVariant(variants[1], BEFORE)}`);
  const differ = await apiDifferences(variants[0], variants[1], OPERATIONS);
  console.log(
    differ.length
      ? `API differences (OpenAPI): ${differ.join(', ')}\n`
      : `API: the ${OPERATIONS.length} operations used are the same in both\n`,
  );
  const all = scenarios(await makeInputs(variants[0])).filter((s) => !KEYS || KEYS.includes(s.key));
  const prepared = [];
  for (const s of all) prepared.push({ name: s.name, ops: [await s.prepare(variants[0]), await s.prepare(variants[1])] });
  console.log(`servers started and scenarios prepared in ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
  await compareScenarios([...variants], prepared, { rounds: ROUNDS, passes: PASSES, concurrencies: CONCURRENCIES });
} finally {
  for (const v of variants) await v.server.stop();
}
console.log(`\nload average ${loadAverage()} at the end; ${((performance.now() - started) / 1000).toFixed(0)} s in all`);
