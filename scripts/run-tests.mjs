#!/usr/bin/env node
// Runs the test files with node's test runner (through tsx). Usage:
//   node scripts/run-tests.mjs                 all suites
//   node scripts/run-tests.mjs test/unit       one folder
//   node scripts/run-tests.mjs test/integration/uploads.test.ts   one file
// Browser-heavy folders (test/render, test/e2e) run one file at a time: two Chromium suites at once on
// two cores make both slow and flaky.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const args = process.argv.slice(2);
const targets = args.length ? args : ['test/unit', 'test/integration', 'test/render', 'test/e2e'];
const heavy = (f) => /^test\/(render|e2e)\//.test(f);

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

const files = targets.flatMap(collect);
if (files.length === 0) {
  console.error(`no test files under ${targets.join(', ')}`);
  process.exit(1);
}
const light = files.filter((f) => !heavy(f));
const browser = files.filter(heavy);
let failed = false;
for (const [group, concurrency] of [[light, 2], [browser, 1]]) {
  if (group.length === 0) continue;
  const r = spawnSync(process.execPath, ['--import', 'tsx', '--test', `--test-concurrency=${concurrency}`, '--test-reporter=spec', ...group], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'test' },
  });
  if (r.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
