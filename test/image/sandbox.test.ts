// Where Chromium's sandbox cannot start — an engine whose seccomp profile blocks the user namespaces it
// needs, as Docker's default profile does — Folio says so and never drops the sandbox by itself; the
// documented FOLIO_CHROMIUM_NO_SANDBOX=true then runs Chromium without it, and says that too
// (docs/operations.md, "In containers").
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { check, dockerLikeSeccompProfile, doctor } from './chromium-settings.js';
import { freePort, logs, NO_SANDBOX, processes, useContainers, waitReady } from './podman.js';

describe("Chromium's sandbox under Docker's default namespace rules", () => {
  const c = useContainers();
  const profile = dockerLikeSeccompProfile();
  const args = ['--security-opt', `seccomp=${profile}`];
  after(() => fs.rmSync(path.dirname(profile), { recursive: true, force: true }));

  test('Chromium does not start, and folio doctor says why and names the way out; the sandbox stays on', async () => {
    const checks = await doctor(args);
    assert.equal(check(checks, 'chromium sandbox')?.detail, 'on', 'the sandbox stays configured on');
    const print = check(checks, 'chromium print');
    assert.equal(print?.status, 'fail', JSON.stringify(print));
    assert.match(JSON.stringify(print), /user namespaces/, 'the fix names the cause');
    assert.match(JSON.stringify(print), /FOLIO_CHROMIUM_NO_SANDBOX=true/, 'and the documented way out');
  });

  test('FOLIO_CHROMIUM_NO_SANDBOX=true: Chromium prints without its sandbox, and doctor warns about it', async () => {
    const checks = await doctor(args, { FOLIO_CHROMIUM_NO_SANDBOX: 'true' });
    assert.equal(check(checks, 'chromium print')?.status, 'ok', JSON.stringify(check(checks, 'chromium print')));
    const sandbox = check(checks, 'chromium sandbox');
    assert.equal(sandbox?.status, 'warn');
    assert.match(sandbox!.detail, /^off \(FOLIO_CHROMIUM_NO_SANDBOX=true\)/);
  });

  test('a server there is not ready (/readyz 503, the reason in its logs) and starts no Chromium without its sandbox', async () => {
    const port = await freePort();
    const name = await c.run('refused', ['-p', `127.0.0.1:${port}:8080`, ...args]);
    const ready = await waitReady(name, `http://127.0.0.1:${port}`, { orNotReady: true });
    assert.equal(ready.status, 503, JSON.stringify(ready.body));
    assert.match(ready.body.checks.chromium, /Chromium is not usable/);
    assert.equal(ready.body.details.chromiumSandbox, 'on');
    assert.match(await logs(name), /Chromium failed to start/);
    for (const p of await processes(name)) assert.doesNotMatch(p.cmdline, NO_SANDBOX, p.cmdline);
  });
});
