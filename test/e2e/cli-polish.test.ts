// CLI polish: .folioignore and its defaults, folio --version, render --version 2 / v2,
// deploys list, whoami, logout, and Ctrl-C while `folio render` waits (the non-terminal path: exit 130, the
// job keeps running). The terminal prompt ("Cancel job …? [y/N]") needs a pseudo-terminal and is not tested
// here. -o into a missing folder and each command's --help: test/unit/cli-arguments.test.ts.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { tempDir } from '../helpers/app.js';
import { runFolio, type Run } from '../helpers/cli-run.js';
import { FOLIO_BIN, ROOT, startServerProcess, type ServerProcess } from '../helpers/server-process.js';

const KEY = 'folio_sk_clipolish00000000000000000000000000001';

describe('folio CLI polish against a server process', () => {
  let server: ServerProcess;
  const work = tempDir('folio-cli-polish-');
  const configHome = path.join(work, 'config');
  const site = path.join(work, 'site');

  const env = (opts: { noApiEnv?: boolean } = {}) => {
    const e: Record<string, string | undefined> = {
      ...process.env,
      XDG_CONFIG_HOME: configHome,
      FOLIO_API_URL: server.url,
      FOLIO_API_KEY: KEY,
    };
    if (opts.noApiEnv) {
      delete e.FOLIO_API_URL;
      delete e.FOLIO_API_KEY;
    }
    return e;
  };

  function start(args: string[], opts: { noApiEnv?: boolean } = {}) {
    const child = spawn(FOLIO_BIN, args, { cwd: work, env: env(opts), stdio: ['pipe', 'pipe', 'pipe'] });
    const run: Run = { code: null, stdout: '', stderr: '' };
    child.stdout.on('data', (d) => (run.stdout += d));
    child.stderr.on('data', (d) => (run.stderr += d));
    child.stdin.end('');
    const done = new Promise<Run>((resolve, reject) => {
      child.on('error', reject);
      child.on('close', (code) => resolve({ ...run, code }));
    });
    return { child, run, done };
  }
  /** In this process (helpers/cli-run.ts) unless `process`: --version, --help and the interrupted render are real launches. */
  const folio = (args: string[], opts: { noApiEnv?: boolean; process?: boolean } = {}) =>
    runFolio(args, { cwd: work, env: env(opts), process: opts.process });
  const ok = (r: Run) => {
    assert.equal(r.code, 0, `exit ${r.code}\n${r.stdout}\n${r.stderr}`);
    return r;
  };
  const api = async (p: string, init: RequestInit = {}) => {
    const res = await fetch(`${server.url}${p}`, { ...init, headers: { authorization: `Bearer ${KEY}`, ...init.headers } });
    assert.ok(res.ok, `${p}: ${res.status} ${await res.clone().text()}`);
    return res.json();
  };
  const write = (rel: string, body: string) => {
    fs.mkdirSync(path.dirname(path.join(site, rel)), { recursive: true });
    fs.writeFileSync(path.join(site, rel), body);
  };

  before(async () => {
    write('index.html', '<!doctype html><h1>Polish</h1>');
    write('sample-payload.json', JSON.stringify({ customer: 'Ada' }));
    write('payload.schema.json', JSON.stringify({ $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object' }));
    write('.env', 'SECRET=do-not-upload');
    write('node_modules/lib/index.js', 'module.exports = 1;');
    write('stray.pdf', '%PDF-1.4 not really');
    write('keep.pdf', '%PDF-1.4 kept on purpose');
    write('sub/.DS_Store', 'finder');
    write('drafts/notes.txt', 'not for the server');
    write('.folioignore', '# left out on top of the defaults\ndrafts/\n!keep.pdf\n');
    server = await startServerProcess({ FOLIO_DATA_DIR: path.join(work, 'data'), FOLIO_BOOTSTRAP_API_KEY: KEY });
  });
  after(async () => {
    await server?.stop();
    fs.rmSync(work, { recursive: true, force: true });
  });

  test('folio --version and -v print the package version', async () => {
    const { version } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    assert.equal(ok(await folio(['--version'], { noApiEnv: true, process: true })).stdout, `${version}\n`);
    assert.equal(ok(await folio(['-v'], { noApiEnv: true, process: true })).stdout, `${version}\n`);
  });

  test('deploy leaves out .folioignore matches and the defaults; !keep.pdf re-includes; the API lists what was sent', async () => {
    const plain = ok(await folio(['deploy', site, '--slug', 'polish']));
    assert.match(plain.stdout, /^4 files, \d+ new blobs?, .* version v1$/m);
    assert.match(plain.stdout, /^left out 6 files or folders \(\.folioignore and defaults\); --verbose lists them$/m);

    const verbose = ok(await folio(['deploy', site, '--slug', 'polish', '--verbose']));
    assert.match(verbose.stdout, /version v1 \(unchanged: identical to the latest version; --new-version makes a new one\)$/m);
    for (const p of ['.env', '.folioignore', 'drafts/', 'node_modules/', 'stray.pdf', 'sub/.DS_Store'])
      assert.match(verbose.stdout, new RegExp(`^  ${p.replace(/[.]/g, '\\.')}$`, 'm'));

    const json = JSON.parse(ok(await folio(['deploy', site, '--slug', 'polish', '--json', '--new-version'])).stdout);
    assert.deepEqual(json.ignored, ['.env', '.folioignore', 'drafts/', 'node_modules/', 'stray.pdf', 'sub/.DS_Store']);
    assert.equal(json.version, 2);
    const files = await api(`/v1/deploys/${json.deployId}/versions/${json.deployVersion.id}/files`);
    assert.deepEqual(files.items.map((f: { path: string }) => f.path).sort(), [
      '/index.html',
      '/keep.pdf',
      '/payload.schema.json',
      '/sample-payload.json',
    ]);
  });

  test('render --version 2 and --version v2 bind the job to version 2; aliases list shows vN; an unknown number is a usage error', async () => {
    // Versions of "polish" exist after the deploy test; make a deploy of its own so the test stands alone.
    for (let i = 0; i < 3; i++) ok(await folio(['deploy', site, '--slug', 'versions', '--new-version']));
    for (const spec of ['2', 'v2']) {
      const created = JSON.parse(ok(await folio(['render', 'versions', '--version', spec, '--json'])).stdout);
      assert.equal(created.job.deployVersionNo, 2, spec);
    }
    const text = ok(await folio(['render', 'versions', '--version', 'v1']));
    assert.match(text.stdout, /\(deploy versions, version v1\)/);
    ok(await folio(['aliases', 'set', 'versions', 'production', '2']));
    assert.match(ok(await folio(['aliases', 'list', 'versions'])).stdout, /^production +v2 \(ver_\w+\) +\d{4}-/m);
    const missing = await folio(['render', 'versions', '--version', '9']);
    assert.equal(missing.code, 2, missing.stderr);
    assert.match(missing.stderr, /no version v9/);
  });

  test('deploys list shows each deploy with its latest version as vN', async () => {
    ok(await folio(['deploy', site, '--slug', 'listed']));
    ok(await folio(['deploy', site, '--slug', 'listed', '--new-version']));
    const out = ok(await folio(['deploys', 'list'])).stdout;
    assert.match(out, /^ID\s+SLUG\s+NAME\s+LATEST\s+UPDATED$/m);
    assert.match(out, /^dep_\w+\s+listed\s+listed\s+v2\s+\d{4}-\d\d-\d\d \d\d:\d\d:\d\dZ$/m);
    const json = JSON.parse(ok(await folio(['deploys', 'list', '--json'])).stdout);
    const listed = json.items.find((d: { slug: string }) => d.slug === 'listed');
    assert.equal(listed.latestVersion.versionNo, 2);
    assert.match(listed.latestVersion.id, /^ver_/);
  });

  test('whoami names the account and the masked key; logout removes what login stored', async () => {
    const who = ok(await folio(['whoami'])).stdout;
    assert.match(who, new RegExp(`^api {6}${server.url.replace(/[.]/g, '\\.')}$`, 'm'));
    assert.match(who, /^key {6}folio_sk_…0001 .*from FOLIO_API_KEY$/m);
    assert.match(who, /^account {2}.+ \(acct_\w+\), plan \w+/m);
    assert.ok(!who.includes(KEY), 'the key is never printed whole');

    ok(await folio(['login', '--url', server.url, '--key', KEY], { noApiEnv: true }));
    const file = path.join(configHome, 'folio', 'config.json');
    assert.ok(fs.existsSync(file));
    const stored = JSON.parse(ok(await folio(['whoami', '--json'], { noApiEnv: true })).stdout);
    assert.equal(stored.key.source, file);
    assert.equal(stored.key.masked, 'folio_sk_…0001');
    assert.match(stored.account.id, /^acct_/);

    const out = ok(await folio(['logout'], { noApiEnv: true })).stdout;
    assert.equal(out, `removed ${file} (key folio_sk_…0001 for ${server.url})\n`);
    assert.ok(!fs.existsSync(file));
    const after = await folio(['whoami'], { noApiEnv: true });
    assert.equal(after.code, 2, after.stderr);
    assert.match(after.stderr, /no API URL configured/);
    assert.match(ok(await folio(['logout'], { noApiEnv: true })).stdout, /^not logged in: .*config\.json does not exist$/m);
  });

  test('Ctrl-C while render waits (not a terminal): exit 130, the job id printed, the job keeps running', async () => {
    const slow = path.join(work, 'slow');
    fs.mkdirSync(slow);
    fs.writeFileSync(
      path.join(slow, 'index.html'),
      '<!doctype html><h1>slow</h1><script>window.folio.waitForReady=true;setTimeout(()=>window.folio.ready(),4000);</script>',
    );
    ok(await folio(['deploy', slow, '--slug', 'slow']));
    const r = start(['render', 'slow', '--wait']);
    // The second line is waitForJob's own: by then its Ctrl-C handler is installed.
    await new Promise<void>((resolve, reject) => {
      const t = setInterval(() => {
        if ((r.run.stderr.match(/^job job_\w+: (queued|rendering)/gm) ?? []).length >= 2) {
          clearInterval(t);
          resolve();
        } else if (r.child.exitCode !== null) {
          clearInterval(t);
          reject(new Error(`render ended early: ${r.run.stderr}`));
        }
      }, 20);
    });
    r.child.kill('SIGINT');
    const done = await r.done;
    assert.equal(done.code, 130, done.stderr);
    const m = /interrupted: job (job_\w+) keeps running; follow it with: folio jobs get \1 --wait/.exec(done.stderr);
    assert.ok(m, done.stderr);
    const jobId = m[1];
    const state = await api(`/v1/render-jobs/${jobId}`);
    assert.ok(['queued', 'rendering'].includes(state.job.status), state.job.status);
    // Not canceled: it finishes on its own.
    let finished = state;
    for (let i = 0; i < 10 && !['succeeded', 'failed', 'canceled'].includes(finished.job.status); i++)
      finished = await api(`/v1/render-jobs/${jobId}?waitSeconds=5`);
    assert.equal(finished.job.status, 'succeeded');
  });

  test('jobs show prints the job and its diagnostics: console output, a missing file, the ready path', async () => {
    const dir = path.join(work, 'noisy');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(
      path.join(dir, 'index.html'),
      `<!doctype html><h1>Noisy</h1><script>
        window.folio.waitForReady = true;
        console.warn('vatId is empty');
        fetch('missing/logo.png').finally(() => window.folio.ready());
      </script>`,
    );
    ok(await folio(['deploy', dir, '--slug', 'noisy']));
    const job = JSON.parse(ok(await folio(['render', 'noisy', '--wait', '--json'])).stdout).job;
    const shown = ok(await folio(['jobs', 'show', job.id])).stdout;
    assert.match(shown, /console\.warning: vatId is empty/);
    assert.match(shown, /request not_found: https:\/\/bundle\.folio\.internal\/missing\/logo\.png/);
    assert.match(shown, /ready: explicit/);
    const json = JSON.parse(ok(await folio(['jobs', 'show', job.id, '--json'])).stdout);
    assert.equal(json.job.id, job.id);
    assert.equal(json.diagnostics.ready.mode, 'explicit');
  });

  test('the top-level help names the new and changed commands', async () => {
    const top = ok(await folio(['--help'], { noApiEnv: true, process: true })).stdout;
    for (const c of ['folio logout', 'folio whoami', 'folio deploys list', 'folio --version', '.folioignore'])
      assert.ok(top.includes(c), c);
  });
});
