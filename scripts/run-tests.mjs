#!/usr/bin/env node
// Runs the test files with node's test runner (through tsx), each in a process of its own (the unit tier's
// share a few), and prints at the end how long each tier took and the 20 slowest files. Usage:
//   node scripts/run-tests.mjs                 every tier, then the PostgreSQL pass and the fallback browser
//   node scripts/run-tests.mjs test/unit       one folder (`npm run test:unit`)
//   node scripts/run-tests.mjs test/integration/uploads.test.ts   one file (its output streams live)
//   FOLIO_TEST_ENGINE=postgres node scripts/run-tests.mjs test/integration   one folder on PostgreSQL
//   node scripts/run-tests.mjs --load          the load runs (`npm run test:load`): LOAD_SUITES at full size
//
// Tiers (docs/architecture.md, "Tests", says which one a new test belongs in):
//   unit         test/unit: pure rules and services called directly; no process, no browser, no HTTP.
//   integration  test/integration: the HTTP contract through createTestApp()'s in-process inject().
//   render       test/render: the real Chromium (or LibreOffice, or the e-invoice validator) without the HTTP API.
//   e2e          test/e2e: real processes, the browser behind the API, the CLI, the dashboard.
//   packaging    test/packaging: pack, install and run what users install (SDK, CLI, the Python client,
//                the global install, the set-up script's npm install); each once.
//   postgres     PG_SUITES again on PostgreSQL (only files whose SQL differs between the engines).
//   fallback     a few renderer files again on the full chromium.
// The tiers run in this order through one pool of JOBS processes (two on a 2-core machine; FOLIO_TEST_JOBS
// sets it): a tier's files start as slots free up, so the next tier starts beside the last files of the one
// before rather than after them. Files that start Chromium, LibreOffice or server processes run two at a
// time as well (HEAVY_JOBS): no test asserts a wall-clock bound (timings live in bench/), so a busy machine
// makes a file slower, never wrong.
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
// A file that runs longer than FILE_TIMEOUT_MS is killed (its whole process group) and fails, so one hung
// file cannot eat CI's time limit.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout, clearTimeout } from 'node:timers';
import { pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const LEAK_CHECK = pathToFileURL(path.join(root, 'test/helpers/leak-check.ts')).href;
const JOBS = Number(process.env.FOLIO_TEST_JOBS) || Math.max(2, Math.min(4, os.availableParallelism()));
const FILE_TIMEOUT_MS = 10 * 60_000;

// The PostgreSQL pass: every integration file (all of it goes through the database layer), plus the e2e
// files whose SQL differs between the engines. Each entry says why it is here; a file joins when it adds SQL
// of its own (a claim, a lease, a counter, a JSON query). A file that only renders, prints or post-processes
// PDFs through the same queries every job runs does not: the integration pass covers those queries.
const PG_SUITES = {
  'test/integration': 'every query of the HTTP contract, on both engines',
  'test/e2e/render-jobs.test.ts': 'the queue: claims with FOR UPDATE SKIP LOCKED, leases, retries, fairness',
  'test/e2e/long-documents.test.ts': "the queue of part prints: claims, leases and the parts' PDFs in S3",
  'test/e2e/webhooks.test.ts': 'the webhook outbox: claims, retries and their schedule',
  'test/e2e/webhook-safety.test.ts': 'outbox rows of deliveries refused by the URL policy',
  'test/e2e/managed-storage.test.ts': 'storage meters: byte counters updated in the job transaction',
  'test/e2e/metrics.test.ts': 'gauges read by aggregate queries over jobs and outbox',
  'test/e2e/render-batches.test.ts': 'batches: item claims, counters and the batch state on each engine',
  'test/e2e/batch-products.test.ts': 'batch products: the one-writer claim of the joined PDF and zip',
  'test/e2e/batch-scheduling.test.ts': 'batch fairness: the claim order across batches and accounts',
  'test/e2e/page-images.test.ts': "page images and thumbnails: the PDF's row locked against a delete (FOR UPDATE)",
  'test/e2e/pdf-jobs-async.test.ts': 'a managed PDF written by a job: the account row locked for the storage limit',
};

// Files that prove a property of many items at a per-commit size (test/helpers/load.ts) and, with --load,
// at the size of a real batch: CI does not run these; run them before a release (about 25 minutes).
const LOAD_SUITES = [
  'test/e2e/batch-products.test.ts',
  'test/e2e/batch-scheduling.test.ts',
  'test/e2e/scale-out.test.ts',
  'test/render/real-documents.test.ts',
];

const TIERS = [
  ['unit', /^test\/unit\//],
  ['integration', /^test\/integration\//],
  ['render', /^test\/render\//],
  ['e2e', /^test\/(e2e|image)\//],
  ['packaging', /^test\/packaging\//],
];
const tierOf = (f) => TIERS.find(([, re]) => re.test(f))?.[0] ?? 'other';

function collect(target) {
  const abs = path.resolve(root, target);
  if (!fs.existsSync(abs)) {
    console.error(`no such test file or folder: ${target}`);
    process.exit(2);
  }
  if (fs.statSync(abs).isFile()) return [path.relative(root, abs)];
  return fs
    .readdirSync(abs, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => path.relative(root, path.join(abs, f)))
    .sort();
}

/** The counts node's spec reporter prints at the end of a file ("ℹ tests 12"…). */
function counts(output) {
  const n = (key) => Number(output.match(new RegExp(`^ℹ ${key} (\\d+)`, 'm'))?.[1] ?? 0);
  return { tests: n('tests'), pass: n('pass'), fail: n('fail'), skipped: n('skipped') + n('todo'), cancelled: n('cancelled') };
}

// Node's test runner can run several files in one process (--test-isolation=none, Node 22.8 and later):
// unit and integration files do, a few processes per tier, so tsx and the code under test (the whole app,
// for integration) load once per process rather than once per file. Files of these tiers share no state
// (each builds its own app on its own data dir or database; one S3 server per process serves them under
// prefixes of their own), and the leak check then runs once for the process. Files that start Chromium,
// LibreOffice or processes keep a process each.
const [nodeMajor, nodeMinor] = process.versions.node.split('.').map(Number);
const SHARED_PROCESS = nodeMajor > 22 || (nodeMajor === 22 && nodeMinor >= 8);
const sharable = (f) => /^test\/(unit|integration)\//.test(f);
// Heavy files that run as one group in one process (in that order), sharing what each would start: the
// dashboard's browser files share one Chromium (test/helpers/dashboard.ts, a context per file), each with
// a server of its own.
const GROUPS = [['dashboard', /^test\/e2e\/dashboard(-[a-z-]+)?\.test\.ts$/]];
/** Processes per slot a tier's shared files are dealt to: more than one evens out the slots' ends. */
const SHARED_PER_SLOT = 3;
const FILE_TIMES = pathToFileURL(path.join(root, 'scripts/test-file-times.mjs')).href;

/**
 * One process: a file of its own, or (`files.length > 1`) several sharing it. Resolves with its time, its
 * counts, whether it passed and, for a shared process, each file's time.
 */
function runProcess(files, env, live) {
  const started = performance.now();
  const label = files.length === 1 ? files[0] : `${files.length} files in one process (${files[0]} …)`;
  const timesFile =
    files.length > 1 ? path.join(os.tmpdir(), `folio-test-times-${process.pid}-${Math.random().toString(36).slice(2)}`) : null;
  const args = timesFile
    ? [
        '--import',
        'tsx',
        '--import',
        LEAK_CHECK,
        '--test',
        '--test-isolation=none',
        '--test-reporter=spec',
        '--test-reporter-destination=stdout',
      ].concat(['--test-reporter', FILE_TIMES, '--test-reporter-destination', timesFile, ...files])
    : ['--import', 'tsx', '--import', LEAK_CHECK, '--test-reporter=spec', files[0]];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, {
      cwd: root,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NODE_ENV: 'test', ...env },
    });
    // Kept for the counts; shown as it comes when the process runs alone, else as one block at its end.
    let output = '';
    for (const [stream, out] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      stream.setEncoding('utf8').on('data', (d) => {
        output += d;
        if (live) out.write(d);
      });
    }
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }, FILE_TIMEOUT_MS);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const seconds = (performance.now() - started) / 1000;
      if (timedOut) output += `\nFAIL: ${label} ran longer than ${FILE_TIMEOUT_MS / 60_000} minutes and was killed\n`;
      const ok = code === 0 && !timedOut;
      if (!live) process.stdout.write(`\n── ${label} (${seconds.toFixed(1)} s${ok ? '' : `, FAILED: exit ${code ?? signal}`})\n${output}`);
      let fileTimes = [];
      if (timesFile) {
        try {
          fileTimes = fs
            .readFileSync(timesFile, 'utf8')
            .trim()
            .split('\n')
            .filter(Boolean)
            .map((line) => ({ file: path.relative(root, line.slice(line.indexOf(' ') + 1)), seconds: Number(line.split(' ')[0]) / 1000 }));
          fs.rmSync(timesFile, { force: true });
        } catch {
          // the process died before its reporter wrote
        }
      }
      resolve({ file: label, files: files.length, seconds, ok, fileTimes, ...counts(output) });
    });
  });
}

/**
 * Runs `units` ({ tier, files, env }: files sharing one process) in JOBS slots, at most HEAVY_JOBS heavy at
 * once, in their order: a tier's files start as soon as a slot is free, so the next tier begins while the
 * last files of the one before finish (no slot idles at a tier's end). A unit that runs alone streams its
 * output.
 */
async function runPool(units) {
  const results = [];
  const queue = [...units];
  const live = units.length === 1;
  let heavyRunning = 0;
  let wake = () => {};
  const running = new Set();
  while (queue.length > 0 || running.size > 0) {
    const i = running.size < JOBS ? queue.findIndex((u) => !u.files.some(heavy) || heavyRunning < HEAVY_JOBS) : -1;
    if (i < 0) {
      await new Promise((r) => (wake = r));
      continue;
    }
    const [unit] = queue.splice(i, 1);
    const isHeavy = unit.files.some(heavy);
    if (isHeavy) heavyRunning++;
    const started = performance.now();
    const p = runProcess(unit.files, unit.env, live).then((r) => {
      results.push({ ...r, tier: unit.tier, started, ended: performance.now() });
      running.delete(p);
      if (isHeavy) heavyRunning--;
      wake();
    });
    running.add(p);
  }
  return results;
}

const results = []; // every process's result, with its tier, start and end
const tierOrder = [];

// Files that start Chromium, LibreOffice or server processes (the render, e2e and packaging tiers).
const heavy = (f) => /^test\/(render|e2e|image|packaging)\//.test(f);
const HEAVY_JOBS = 2;

/**
 * A tier's files as processes: unit and integration files dealt round-robin to a few shared processes, a
 * group of GROUPS in one process, every other file in a process of its own.
 */
function tierUnits(name, files, env = {}) {
  if (files.length === 0) return [];
  // Alone, a file keeps its own process: it streams.
  const together = SHARED_PROCESS && files.length > 1;
  const shared = together ? files.filter(sharable) : [];
  const groups = Math.min(shared.length, JOBS * SHARED_PER_SLOT);
  const grouped = together
    ? GROUPS.map(([label, re]) => ({ label, files: files.filter((f) => re.test(f)) })).filter((g) => g.files.length > 1)
    : [];
  const alone = files.filter((f) => !shared.includes(f) && !grouped.some((g) => g.files.includes(f)));
  const how = [
    shared.length ? `${shared.length} of them in ${groups} shared processes` : '',
    ...grouped.map((g) => `${g.files.length} ${g.label} files in one process`),
  ].filter(Boolean);
  console.log(`== ${name}: ${files.length} file${files.length === 1 ? '' : 's'}${how.length ? `, ${how.join(', ')}` : ''}`);
  tierOrder.push(name);
  return [
    ...grouped.map((g) => g.files),
    ...alone.map((f) => [f]),
    ...Array.from({ length: groups }, (_, i) => shared.filter((_, k) => k % groups === i)),
  ].map((unitFiles) => ({ tier: name, files: unitFiles, env }));
}

async function runUnits(units) {
  if (units.length === 0) return true;
  console.log(`== running: ${JOBS} processes at a time (${HEAVY_JOBS} heavy), tier after tier`);
  const done = await runPool(units);
  results.push(...done);
  return done.every((r) => r.ok);
}

function printSummary(wallSeconds) {
  const pad = (s, n) => String(s).padStart(n);
  const t0 = Math.min(...results.map((r) => r.started));
  const rows = tierOrder.map((tier) => {
    const mine = results.filter((r) => r.tier === tier);
    const sum = (k) => mine.reduce((a, r) => a + r[k], 0);
    const from = (Math.min(...mine.map((r) => r.started)) - t0) / 1000;
    const to = (Math.max(...mine.map((r) => r.ended)) - t0) / 1000;
    return { tier, files: sum('files'), tests: sum('tests'), pass: sum('pass'), fail: sum('fail'), skipped: sum('skipped'), from, to };
  });
  // A tier's wall time runs from its first file's start to its last file's end; the next tier starts in
  // the slots its last files leave free, so the spans overlap a little and the total is the whole run's.
  console.log("\n== test times (wall clock per tier: from its first file's start to its last file's end)");
  console.log(
    `${'tier'.padEnd(22)}${pad('files', 6)}${pad('tests', 7)}${pad('pass', 7)}${pad('fail', 6)}${pad('skip', 6)}${pad('wall', 10)}${pad('from–to', 16)}`,
  );
  for (const r of rows) {
    console.log(
      `${r.tier.padEnd(22)}${pad(r.files, 6)}${pad(r.tests, 7)}${pad(r.pass, 7)}${pad(r.fail, 6)}${pad(r.skipped, 6)}${pad(`${(r.to - r.from).toFixed(1)} s`, 10)}${pad(`${r.from.toFixed(0)}–${r.to.toFixed(0)} s`, 16)}`,
    );
  }
  const total = (k) => rows.reduce((a, r) => a + r[k], 0);
  console.log(
    `${'total'.padEnd(22)}${pad(total('files'), 6)}${pad(total('tests'), 7)}${pad(total('pass'), 7)}${pad(total('fail'), 6)}${pad(total('skipped'), 6)}${pad(`${wallSeconds.toFixed(1)} s`, 10)}`,
  );
  // A file of a shared process counts by the time of its tests (its imports are the process's).
  const files = results.flatMap((r) => (r.files > 1 ? r.fileTimes.map((f) => ({ ...f, tier: r.tier, ok: r.ok, shared: true })) : [r]));
  if (files.length > 1) {
    console.log('\n== the 20 slowest files');
    for (const r of files.sort((a, b) => b.seconds - a.seconds).slice(0, 20)) {
      const note = `${r.shared ? '  (tests only, in a shared process)' : ''}${r.ok ? '' : '  (FAILED)'}`;
      console.log(`${pad(`${r.seconds.toFixed(1)} s`, 9)}  ${r.tier.padEnd(17)} ${r.file}${note}`);
    }
  }
  const failed = results.filter((r) => !r.ok);
  if (failed.length) console.log(`\nFAILED (${failed.length}): ${failed.map((r) => `${r.file} [${r.tier}]`).join(', ')}`);
}

function postgresReachable(url) {
  const probe = `const pg=require('pg');const c=new pg.Client({connectionString:process.argv[1],connectionTimeoutMillis:3000});c.connect().then(()=>c.query('select 1')).then(()=>{c.end();process.exit(0)},(e)=>{console.error(e.message);process.exit(1)})`;
  const r = spawnSync(process.execPath, ['-e', probe, url], { cwd: root, encoding: 'utf8' });
  return { ok: r.status === 0, error: (r.stderr || '').trim() };
}

async function main() {
  if (process.argv[2] === '--load') {
    return runUnits(tierUnits('load (full size)', LOAD_SUITES, { FOLIO_TEST_LOAD: 'full', FOLIO_CORPUS_RUNS: '20' }));
  }
  const args = process.argv.slice(2);
  const targets = args.length ? args : ['test/unit', 'test/integration', 'test/render', 'test/e2e', 'test/packaging'];
  const files = [...new Set(targets.flatMap(collect))];
  if (files.length === 0) {
    console.error(`no test files under ${targets.join(', ')}`);
    return false;
  }
  const units = [...TIERS, ['other']].flatMap(([tier]) =>
    tierUnits(
      tier,
      files.filter((f) => tierOf(f) === tier),
    ),
  );
  if (args.length > 0) return runUnits(units);

  let ok = true;
  const url = process.env.FOLIO_TEST_PG_URL ?? `postgres://${os.userInfo().username}@127.0.0.1:5432/test`;
  const pg = postgresReachable(url);
  const pgFiles = Object.keys(PG_SUITES).flatMap(collect);
  if (pg.ok) {
    console.log(`== the PostgreSQL pass, on ${url.replace(/\/\/[^@]*@/, '//…@')}`);
    units.push(...tierUnits('postgres', pgFiles, { FOLIO_TEST_ENGINE: 'postgres', FOLIO_TEST_PG_URL: url }));
  } else if (process.env.FOLIO_REQUIRE_POSTGRES === '1') {
    console.error(`\nFAIL: PostgreSQL is required (FOLIO_REQUIRE_POSTGRES=1) but not reachable at ${url}: ${pg.error}`);
    ok = false;
  } else {
    console.log(`\nSKIPPED: the PostgreSQL pass (${pgFiles.length} files) — PostgreSQL not reachable at ${url}: ${pg.error}`);
    console.log('Set FOLIO_TEST_PG_URL to run it; CI sets FOLIO_REQUIRE_POSTGRES=1 so a missing PostgreSQL fails there.');
  }

  // The renderer prefers chromium-headless-shell and falls back to the full chromium. The two differ in
  // ways that matter (the shell ignored a WebRTC switch the full browser honours), so the renderer and
  // network-policy suites run again on the fallback when both are installed.
  const FULL_CHROMIUM = '/usr/lib/chromium/chromium';
  if (!process.env.FOLIO_CHROMIUM_PATH && fs.existsSync(FULL_CHROMIUM) && fs.existsSync('/usr/lib/chromium/chromium-headless-shell')) {
    // The real-document corpus prints each document once here (4 times on the default browser): every print
    // must name the library it waited for, so one print shows that the waits work on this browser too.
    units.push(
      ...tierUnits(
        'fallback browser',
        ['test/render/renderer.test.ts', 'test/render/real-documents.test.ts', 'test/render/network-policy.test.ts'],
        { FOLIO_CHROMIUM_PATH: FULL_CHROMIUM, FOLIO_CORPUS_RUNS: '1' },
      ),
    );
  }
  return (await runUnits(units)) && ok;
}

const started = performance.now();
const ok = await main();
if (results.length > 0) printSummary((performance.now() - started) / 1000);
process.exit(ok ? 0 : 1);
