// `npm start` and `npm test` run scripts/setup.sh first. On a machine it already prepared (as this one is:
// npm test ran it before the tests), it must install nothing: no apt-get, no npm install, no dashboard,
// server or client-package build. Run several times, because the check it replaced (`fc-list | grep -q`
// under pipefail) failed at random and called apt-get again on most starts.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
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
