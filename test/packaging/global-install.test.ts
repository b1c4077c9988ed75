// The project as a user installs it without a checkout: `npm pack`, then `npm install -g` of the tarball
// into a scratch prefix, and `folio` run from an unrelated folder. The installed package holds the compiled
// dist/ (no sources, no tsx), so this also proves the compiled server starts and renders readiness.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { tempDir } from '../helpers/app.js';
import { ROOT } from '../helpers/server-process.js';

// npm's own settings from `npm test` (npm_config_*) would leak into the nested npm runs.
const cleanEnv = () => Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.toLowerCase().startsWith('npm_')));

describe('global install from the packed tarball', () => {
  const work = tempDir('folio-global-');
  const prefix = path.join(work, 'prefix');
  const elsewhere = path.join(work, 'elsewhere');
  let folioBin = '';

  before(() => {
    // npm pack runs the prepack build (scripts/build.sh) first, so the tarball holds a current dist/.
    const pack = spawnSync('npm', ['pack', '--pack-destination', work], { cwd: ROOT, encoding: 'utf8', env: cleanEnv() });
    assert.equal(pack.status, 0, `npm pack failed:\n${pack.stdout}\n${pack.stderr}`);
    const tarballs = fs.readdirSync(work).filter((f) => f.endsWith('.tgz'));
    assert.equal(tarballs.length, 1, pack.stdout);
    const tarball = path.join(work, tarballs[0]);
    // --prefer-offline: the runtime dependencies come from npm's cache when `npm install` already fetched them.
    const install = spawnSync('npm', ['install', '-g', tarball, '--prefix', prefix, '--prefer-offline', '--no-audit', '--no-fund'], {
      cwd: work,
      encoding: 'utf8',
      env: cleanEnv(),
    });
    assert.equal(install.status, 0, `npm install -g failed:\n${install.stdout}\n${install.stderr}`);
    folioBin = path.join(prefix, 'bin', 'folio');
    fs.mkdirSync(elsewhere);
  });
  after(() => fs.rmSync(work, { recursive: true, force: true }));

  test('the package ships compiled JavaScript, not the sources', () => {
    const pkg = path.join(prefix, 'lib', 'node_modules', 'folio');
    assert.ok(fs.existsSync(path.join(pkg, 'dist', 'main', 'cli.js')));
    assert.ok(fs.existsSync(path.join(pkg, 'dashboard', 'dist', 'index.html')));
    assert.ok(fs.existsSync(path.join(pkg, 'LICENSE')));
    assert.ok(!fs.existsSync(path.join(pkg, 'src')), 'no TypeScript sources');
    assert.ok(!fs.existsSync(path.join(pkg, 'node_modules', 'tsx')), 'tsx is a development tool only');
  });

  test('folio --help answers from any folder', () => {
    const r = spawnSync(folioBin, ['--help'], { cwd: elsewhere, encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /^folio — document rendering service/);
    assert.match(r.stdout, /folio doctor/);
  });

  test('folio serve from that folder starts, answers /readyz, /dashboard and /sdk/…, and stops on SIGTERM', async () => {
    const child = spawn(folioBin, ['serve'], {
      cwd: elsewhere,
      env: { ...cleanEnv(), PORT: '0', FOLIO_DATA_DIR: path.join(elsewhere, 'data'), FOLIO_LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no listening line within 30 s:\n${out}`)), 30_000);
        child.stdout.on('data', () => {
          const m = /listening on (http:\/\/\S+)/.exec(out);
          if (m) {
            clearTimeout(timer);
            resolve(m[1]);
          }
        });
        void exited.then((code) => reject(new Error(`exited with ${code}:\n${out}`)));
      });
      const ready = await fetch(`${url}/readyz`);
      assert.equal(ready.status, 200, await ready.clone().text());
      assert.equal((await ready.json()).status, 'ready');
      const dash = await fetch(`${url}/dashboard/`);
      assert.equal(dash.status, 200);
      // The client packages travel with it (build/packages): the installed server hands them out too.
      for (const tarball of ['/sdk/folio-sdk.tgz', '/cli/folio-cli.tgz']) {
        const res = await fetch(url + tarball);
        assert.equal(res.status, 200, `${tarball}: ${res.status}`);
        assert.equal(res.headers.get('content-type'), 'application/gzip');
        await res.arrayBuffer();
      }
      assert.ok(fs.existsSync(path.join(elsewhere, 'data', 'folio.db')), 'the data dir is where FOLIO_DATA_DIR says');
    } finally {
      child.kill('SIGTERM');
      assert.equal(await exited, 0, out);
    }
  });
});
