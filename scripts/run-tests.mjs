#!/usr/bin/env node
// Runs the test files with node's test runner (through tsx). Usage:
//   node scripts/run-tests.mjs                 all suites, then the PostgreSQL pass
//   node scripts/run-tests.mjs test/unit       one folder
//   node scripts/run-tests.mjs test/integration/uploads.test.ts   one file
//   FOLIO_TEST_ENGINE=postgres node scripts/run-tests.mjs test/integration   one folder on PostgreSQL
//   node scripts/run-tests.mjs --fast          the fast tier (`npm run test:unit`): FAST_SUITES below
// Browser-heavy folders (test/render, test/e2e, test/image) run one file at a time: two Chromium suites at
// once on two cores make both slow and flaky. test/image is not among the suites run without arguments: it
// tests the built container image (`npm run test:image`, scripts/test-image.sh, which builds it first).
//
// Leak check: every test file's process imports test/helpers/leak-check.ts. Once the file's tests and its
// own top-level after() hooks have run, no open handle may remain (process.getActiveResourcesInfo() beyond
// the process's stdio: servers, sockets, ref'ed timers, watchers, child process handles...) and no process
// below the file's process may still run (server processes, Chromium, s3rver; tsx's esbuild service is its
// own). Otherwise the file fails with "leak check: <file> left behind open handles: ...; child processes:
// <pid> (<command>)"; the processes are killed and a file kept alive by its leftovers ends rather than
// hanging the run. Something still closing gets up to 1 s; a clean file pays a few ms. Cleanup belongs in
// after() hooks (or each test's own finally): the check runs after the top-level ones.
//
// With no arguments, the renderer suites also run on the full chromium when chromium-headless-shell is the
// default (see the end of this file), and after the SQLite run the suites built on createTestApp() run again on PostgreSQL
// (FOLIO_TEST_PG_URL, default postgres://<os user>@127.0.0.1:5432/test; each test app gets a database of
// its own). If PostgreSQL is not reachable that pass is skipped with a message — unless
// FOLIO_REQUIRE_POSTGRES=1 (set by .ci/run), which turns the skip into a failure.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const LEAK_CHECK = pathToFileURL(path.join(root, 'test/helpers/leak-check.ts')).href;
// The fast tier: test/unit, plus each test/integration file that (1) tests services, the sandbox's threads
// or an adapter by calling them directly, not through Folio's HTTP API (set-up through createTestApp's
// in-process inject(), such as a deploy, is fine), and (2) starts no process: no `folio`, no Chromium, no
// other program (qpdf, pdftoppm, s3rver). A new file that meets both joins this list. Under a minute on two
// cores (docs/architecture.md, "How to run one test").
const FAST_SUITES = [
  'test/unit',
  'test/integration/api-processes.test.ts',
  'test/integration/job-cancels.test.ts',
  'test/integration/pg-notifier.test.ts',
  'test/integration/sandbox.test.ts',
  'test/integration/service-rules.test.ts',
  'test/integration/stored-data-migrations.test.ts',
];
const fast = process.argv[2] === '--fast';
const args = fast ? FAST_SUITES : process.argv.slice(2);
const targets = args.length ? args : ['test/unit', 'test/integration', 'test/render', 'test/e2e'];
const heavy = (f) => /^test\/(render|e2e|image)\//.test(f);
// e2e files whose apps come from createTestApp() (so they follow FOLIO_TEST_ENGINE); the others start
// `bin/folio` processes on their own SQLite data dirs.
const PG_SUITES = [
  'test/integration',
  'test/e2e/render-jobs.test.ts',
  'test/e2e/webhooks.test.ts',
  'test/e2e/webhook-safety.test.ts',
  'test/e2e/word-templates.test.ts',
  'test/e2e/managed-storage.test.ts',
  'test/e2e/metrics.test.ts',
  'test/e2e/pdf-merge.test.ts',
  'test/e2e/pdf-upload.test.ts',
  'test/e2e/pdf-steps.test.ts',
  'test/e2e/pdf-steps-content.test.ts',
  'test/e2e/pdf-steps-signing.test.ts',
  'test/e2e/pdf-jobs-async.test.ts',
  'test/e2e/render-job-steps.test.ts',
  'test/e2e/pdf-jobs.test.ts',
  'test/e2e/render-sync.test.ts',
  'test/e2e/inline-render.test.ts',
  'test/e2e/office-conversion.test.ts',
  'test/e2e/url-source.test.ts',
  'test/e2e/render-batches.test.ts',
  'test/e2e/batch-products.test.ts',
  'test/e2e/batch-scheduling.test.ts',
  'test/e2e/render-diagnostics.test.ts',
  'test/e2e/job-warnings.test.ts',
  'test/e2e/pdf-protection.test.ts',
  'test/e2e/page-images.test.ts',
  'test/e2e/pdf-signature.test.ts',
  'test/e2e/sdk.test.ts',
  'test/e2e/sdk-batch-products.test.ts',
  'test/e2e/sdk-render-stream.test.ts',
  'test/e2e/sdk-docs.test.ts',
  'test/e2e/sdk-package.test.ts',
  'test/e2e/version-checks.test.ts',
  'test/e2e/template-engines.test.ts',
  'test/e2e/wait-conditions.test.ts',
];

function collect(target) {
  const abs = path.resolve(root, target);
  if (!fs.existsSync(abs)) return [];
  if (fs.statSync(abs).isFile()) return [path.relative(root, abs)];
  return fs
    .readdirSync(abs, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => path.relative(root, path.join(abs, f)))
    .sort();
}

function run(files, env = {}) {
  let ok = true;
  const light = files.filter((f) => !heavy(f));
  const browser = files.filter(heavy);
  for (const [group, concurrency] of [
    [light, 2],
    [browser, 1],
  ]) {
    if (group.length === 0) continue;
    const r = spawnSync(
      process.execPath,
      ['--import', 'tsx', '--import', LEAK_CHECK, '--test', `--test-concurrency=${concurrency}`, '--test-reporter=spec', ...group],
      {
        cwd: root,
        stdio: 'inherit',
        env: { ...process.env, NODE_ENV: 'test', ...env },
      },
    );
    if (r.status !== 0) ok = false;
  }
  return ok;
}

function postgresReachable(url) {
  const probe = `const pg=require('pg');const c=new pg.Client({connectionString:process.argv[1],connectionTimeoutMillis:3000});c.connect().then(()=>c.query('select 1')).then(()=>{c.end();process.exit(0)},(e)=>{console.error(e.message);process.exit(1)})`;
  const r = spawnSync(process.execPath, ['-e', probe, url], { cwd: root, encoding: 'utf8' });
  return { ok: r.status === 0, error: (r.stderr || '').trim() };
}

const files = targets.flatMap(collect);
if (files.length === 0) {
  console.error(`no test files under ${targets.join(', ')}`);
  process.exit(1);
}
let ok = run(files);

if (args.length === 0) {
  const url = process.env.FOLIO_TEST_PG_URL ?? `postgres://${os.userInfo().username}@127.0.0.1:5432/test`;
  const pg = postgresReachable(url);
  if (pg.ok) {
    console.log(`\n== PostgreSQL pass (${url.replace(/\/\/[^@]*@/, '//…@')}): ${PG_SUITES.join(', ')}`);
    ok = run(PG_SUITES.flatMap(collect), { FOLIO_TEST_ENGINE: 'postgres', FOLIO_TEST_PG_URL: url }) && ok;
  } else if (process.env.FOLIO_REQUIRE_POSTGRES === '1') {
    console.error(`\nFAIL: PostgreSQL is required (FOLIO_REQUIRE_POSTGRES=1) but not reachable at ${url}: ${pg.error}`);
    ok = false;
  } else {
    console.log(`\nSKIPPED: the PostgreSQL pass (${PG_SUITES.join(', ')}) — PostgreSQL not reachable at ${url}: ${pg.error}`);
    console.log('Set FOLIO_TEST_PG_URL to run it; CI sets FOLIO_REQUIRE_POSTGRES=1 so a missing PostgreSQL fails there.');
  }
}

// The renderer prefers chromium-headless-shell and falls back to the full chromium. The two differ in
// ways that matter (the shell ignored a WebRTC switch the full browser honours), so the renderer and
// network-policy suites run again on the fallback when both are installed.
const FULL_CHROMIUM = '/usr/lib/chromium/chromium';
if (
  args.length === 0 &&
  !process.env.FOLIO_CHROMIUM_PATH &&
  fs.existsSync(FULL_CHROMIUM) &&
  fs.existsSync('/usr/lib/chromium/chromium-headless-shell')
) {
  console.log(`\n== Renderer suites on the fallback browser (${FULL_CHROMIUM})`);
  // The real-document corpus runs 3 times per document here (20 on the default browser).
  ok =
    run(['test/render/renderer.test.ts', 'test/render/network-policy.test.ts', 'test/render/real-documents.test.ts'], {
      FOLIO_CHROMIUM_PATH: FULL_CHROMIUM,
      FOLIO_CORPUS_RUNS: '3',
    }) && ok;
}
process.exit(ok ? 0 : 1);
