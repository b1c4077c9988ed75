// `folio doctor` as an operator runs it: `bin/folio` processes on a real data dir, with this machine's
// Chromium (started and printing, once per run), fonts and disk.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { tempDir } from '../helpers/app.js';
import { runFolio } from '../helpers/cli-run.js';

/** This process's environment without any FOLIO_* setting of the developer's shell. */
function env(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const e: NodeJS.ProcessEnv = { FOLIO_LOG_LEVEL: 'silent', ...extra };
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('FOLIO_') && !(k in e)) e[k] = v;
  return e;
}

/** In this process (helpers/cli-run.ts) unless `launch`: the healthy installation's doctor is a real `bin/folio` launch. */
function folio(args: string[], e: NodeJS.ProcessEnv, cwd = process.cwd(), launch = false) {
  return runFolio(args, { cwd, env: e, process: launch });
}

const CHECKS = [
  'config',
  'database',
  'migrations',
  'blob store',
  'public URL',
  'secrets key',
  'signing key',
  'disk',
  'fonts',
  'pdf tools',
  'e-invoice validator',
  'chromium',
  'chromium sandbox',
  'chromium print',
];

/** The warnings docs/cli.md documents for a machine that is otherwise healthy: little disk, the full browser. */
const DOCUMENTED_MACHINE_WARNINGS = [
  /^warn {2}disk: .* under 1\.0 GiB — fix: /,
  /^warn {2}chromium: .*auto-detected.* — fix: apt-get install chromium-headless-shell/,
];

function checkLines(stdout: string, expected = CHECKS): Map<string, string> {
  const lines = stdout.trim().split('\n');
  const summary = lines.pop()!;
  assert.match(summary, /^doctor: \d+ ok, \d+ warn, \d+ fail$/);
  const byName = new Map<string, string>();
  for (const line of lines) {
    const m = /^(ok|warn|fail) +([a-zA-Z -]+): /.exec(line);
    assert.ok(m, `a check line: ${line}`);
    byName.set(m[2], line);
  }
  assert.deepEqual([...byName.keys()], expected, 'every check, in order, once');
  return byName;
}

describe('folio doctor', () => {
  const dataDir = tempDir('folio-doctor-');
  before(async () => {
    // An installation as `npm start` leaves it: migrated, keys generated, blob folder created.
    assert.equal((await folio(['migrate'], env({ FOLIO_DATA_DIR: dataDir }))).code, 0);
    const list = await folio(['accounts', 'list'], env({ FOLIO_DATA_DIR: dataDir }));
    assert.equal(list.code, 0, list.stderr);
  });
  after(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  test('a healthy installation: every check ok (or a documented machine warning), exit 0, no key printed', async () => {
    const started = performance.now();
    const r = await folio(['doctor'], env({ FOLIO_DATA_DIR: dataDir }), undefined, true);
    const ms = Math.round(performance.now() - started);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    const lines = checkLines(r.stdout);
    for (const line of lines.values()) {
      if (line.startsWith('ok')) continue;
      assert.ok(
        DOCUMENTED_MACHINE_WARNINGS.some((re) => re.test(line)),
        `only documented warnings on a healthy machine, got: ${line}`,
      );
    }
    assert.match(lines.get('database')!, new RegExp(`sqlite:${dataDir}/folio\\.db answers`));
    assert.match(lines.get('migrations')!, /current \(\d+ applied, latest \d{3}-/);
    assert.match(lines.get('blob store')!, /wrote, read back and deleted a probe object/);
    assert.match(lines.get('secrets key')!, /generated in .*secrets\.key/);
    assert.match(lines.get('chromium')!, /Chromium \d+\./, 'the version');
    assert.match(lines.get('chromium print')!, /^ok {4}chromium print: started and printed a 1-page PDF/);
    assert.match(r.stderr, new RegExp(`^folio: database sqlite:${dataDir}/folio\\.db, data dir ${dataDir}$`, 'm'));
    for (const key of ['secrets.key', 'signing.key']) {
      const value = fs.readFileSync(path.join(dataDir, key), 'utf8').trim();
      assert.ok(!r.stdout.includes(value) && !r.stderr.includes(value), `${key} is never printed`);
    }
    assert.deepEqual(
      fs.readdirSync(path.join(dataDir, 'blobs/.tmp')).filter((f) => f.includes('doctor')),
      [],
      'the probe object is gone',
    );
    console.log(`# folio doctor took ${ms} ms`);

    const json = await folio(['doctor', '--json'], env({ FOLIO_DATA_DIR: dataDir }));
    assert.equal(json.code, 0);
    const parsed = JSON.parse(json.stdout) as { ok: boolean; checks: Array<{ name: string; status: string }> };
    assert.equal(parsed.ok, true);
    assert.deepEqual(
      parsed.checks.map((c) => c.name),
      CHECKS,
    );
  });

  test('FOLIO_CHROMIUM_PATH at a missing file: a fail line with the fix, exit 1', async () => {
    const r = await folio(['doctor'], env({ FOLIO_DATA_DIR: dataDir, FOLIO_CHROMIUM_PATH: '/nonexistent/chromium' }));
    assert.equal(r.code, 1, r.stdout + r.stderr);
    const lines = checkLines(r.stdout);
    assert.match(
      lines.get('chromium')!,
      /^fail {2}chromium: FOLIO_CHROMIUM_PATH is \/nonexistent\/chromium, which does not exist — fix: apt-get install chromium-headless-shell.*FOLIO_CHROMIUM_PATH/,
    );
    assert.match(lines.get('chromium print')!, /^fail {2}chromium print: not tried/);
    assert.match(lines.get('database')!, /^ok/, 'the other checks still ran');
    assert.match(r.stdout, /^doctor: \d+ ok, \d+ warn, 2 fail$/m);
  });

  test('no database where the settings point: a fail line naming folio migrate, exit 1, nothing created', async () => {
    const cwd = tempDir('folio-doctor-empty-');
    try {
      const r = await folio(['doctor'], env(), cwd);
      assert.equal(r.code, 1, r.stdout + r.stderr);
      // Without a database there are no migrations to read: that line is left out.
      const lines = checkLines(
        r.stdout,
        CHECKS.filter((c) => c !== 'migrations'),
      );
      assert.match(
        lines.get('database')!,
        new RegExp(`^fail {2}database: there is no Folio database at ${cwd}/data/folio\\.db — fix: .*folio migrate`),
      );
      assert.match(r.stderr, /FOLIO_DATA_DIR is not set: \.\/data under the current folder/);
      assert.deepEqual(fs.readdirSync(cwd), [], 'doctor created nothing');
    } finally {
      fs.rmSync(cwd, { recursive: true, force: true });
    }
  });
});
