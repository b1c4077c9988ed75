// `npm start` and `npm test` run scripts/setup.sh first. On a machine it already prepared (as this one is:
// npm test ran it before the tests), it must install nothing: no apt-get, no npm install, no dashboard,
// server or client-package build. Run several times, because the check it replaced (`fc-list | grep -q`
// under pipefail) failed at random and called apt-get again on most starts.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { ROOT } from '../helpers/server-process.js';

test('a second set-up on a ready machine installs nothing', () => {
  for (let i = 0; i < 5; i++) {
    const r = spawnSync('bash', ['scripts/setup.sh'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    const out = r.stdout + r.stderr;
    assert.equal(r.status, 0, out);
    assert.doesNotMatch(
      out,
      /apt-get|installing|building the dashboard|compiling|packing|creating the system user/,
      `run ${i + 1} did work it should not need:\n${out}`,
    );
  }
});

// A fresh clone stays clean: set-up installs the versions package-lock.json pins and never rewrites it.
// The install command is taken from scripts/setup.sh itself and run offline (npm's cache holds every
// package: this checkout was installed from it).
test("set-up's npm install leaves a fresh clone's package-lock.json as committed", () => {
  const script = fs.readFileSync(path.join(ROOT, 'scripts', 'setup.sh'), 'utf8');
  const line = /^\s*(npm install [^\n]*)$/m.exec(script)?.[1];
  assert.ok(line, 'scripts/setup.sh installs with npm install');
  const clone = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-clone-'));
  try {
    const git = (...args: string[]) => spawnSync('git', args, { cwd: clone, encoding: 'utf8' });
    assert.equal(spawnSync('git', ['clone', '-q', '--shared', ROOT, clone]).status, 0);
    // The committed lock file of this checkout, even when the working tree has changes of its own.
    fs.copyFileSync(path.join(ROOT, 'package.json'), path.join(clone, 'package.json'));
    fs.copyFileSync(path.join(ROOT, 'package-lock.json'), path.join(clone, 'package-lock.json'));
    git('add', 'package.json', 'package-lock.json');
    git('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-qm', 'lock', '--allow-empty');
    const r = spawnSync('bash', ['-c', `${line} --offline --ignore-scripts`], { cwd: clone, encoding: 'utf8' });
    assert.equal(r.status, 0, r.stdout + r.stderr);
    assert.equal(git('status', '--porcelain').stdout, '', 'the clone is as it was committed');
  } finally {
    fs.rmSync(clone, { recursive: true, force: true });
  }
});
