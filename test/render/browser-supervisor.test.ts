import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BrowserSupervisor } from '../../src/render/browser-supervisor.js';
import { findChromium } from '../../src/render/chromium-process.js';

test('at most `concurrency` leases at once; the browser is recycled after N renders and above the memory bound', async () => {
  const sup = new BrowserSupervisor({ concurrency: 1, maxRendersPerBrowser: 2 });
  try {
    const first = await sup.acquire();
    const pid1 = first.browser.pid;
    let secondGranted = false;
    const second = sup.acquire().then((l) => {
      secondGranted = true;
      return l;
    });
    await new Promise((r) => setImmediate(r));
    assert.equal(secondGranted, false, 'second lease must wait for the first');
    first.release();
    const l2 = await second;
    assert.equal(l2.browser.pid, pid1);
    l2.release(); // second render on this browser: it is retired
    const l3 = await sup.acquire();
    assert.notEqual(l3.browser.pid, pid1, 'a fresh browser after maxRendersPerBrowser');
    await l2.browser.chromium.exited; // the retired browser exits once idle
    l3.release();
  } finally {
    await sup.close();
  }

  const tiny = new BrowserSupervisor({ concurrency: 1, maxBrowserRssBytes: 1 });
  try {
    const a = await tiny.acquire();
    const pid = a.browser.pid;
    a.release();
    const b = await tiny.acquire();
    assert.notEqual(b.browser.pid, pid, 'a browser above the memory bound is replaced');
    b.release();
    assert.equal(await tiny.isHealthy(), true);
  } finally {
    await tiny.close();
  }
  assert.equal(await tiny.isHealthy(), false);
});

test('an aborted wait for a render slot rejects', async () => {
  const sup = new BrowserSupervisor({ concurrency: 1 });
  try {
    const held = await sup.acquire();
    const ac = new AbortController();
    const waiting = sup.acquire(ac.signal);
    ac.abort(new Error('gave up'));
    await assert.rejects(waiting, /gave up/);
    held.release();
  } finally {
    await sup.close();
  }
});

test('while a launch is under way, isHealthy() answers with its outcome: never ready before a refused launch shows', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-fake-chromium-'));
  fs.chmodSync(dir, 0o777);
  const exe = path.join(dir, 'chromium');
  // Refused like a sandbox that cannot start, after a moment (a real launch takes about as long).
  fs.writeFileSync(exe, '#!/bin/sh\nsleep 0.5\necho "sandbox refused" >&2\nexit 1\n', { mode: 0o755 });
  const sup = new BrowserSupervisor({ concurrency: 1, executablePath: exe, launchTimeoutMs: 10_000, probeRelaunchIntervalMs: 60_000 });
  try {
    const starting = sup.start();
    assert.equal(await sup.isHealthy(), false, 'the launch under way fails');
    await assert.rejects(starting, /Chromium did not start/);
  } finally {
    await sup.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a browser that fails to launch makes isHealthy() false (not merely "the executable exists"); probes relaunch it, at most once per interval', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-fake-chromium-'));
  // As root, Chromium (here: the script) runs as the unprivileged folio-chromium user, which must be able
  // to run the script and leave its marks in this folder.
  fs.chmodSync(dir, 0o777);
  const exe = path.join(dir, 'chromium');
  const attempts = () => (fs.existsSync(path.join(dir, 'attempts')) ? fs.readFileSync(path.join(dir, 'attempts'), 'utf8').length : 0);
  // Fails like a refused sandbox until the flag file appears, then becomes the real Chromium. Each start
  // leaves a mark, so the test can count launch attempts.
  fs.writeFileSync(
    exe,
    `#!/bin/sh\nprintf x >> "${dir}/attempts"\n[ -f "${dir}/ok" ] || { echo "sandbox refused" >&2; exit 1; }\nexec "${findChromium()}" "$@"\n`,
    { mode: 0o755 },
  );
  const sup = new BrowserSupervisor({ concurrency: 1, executablePath: exe, launchTimeoutMs: 10_000, probeRelaunchIntervalMs: 60_000 });
  const quick = new BrowserSupervisor({ concurrency: 1, executablePath: exe, launchTimeoutMs: 10_000, probeRelaunchIntervalMs: 0 });
  try {
    assert.equal(await sup.isHealthy(), true, 'nothing has failed yet and the executable exists');
    await assert.rejects(sup.acquire(), /Chromium did not start/);
    assert.match(sup.lastLaunchError ?? '', /Chromium did not start/);
    assert.equal(attempts(), 1);
    for (let i = 0; i < 5; i++) assert.equal(await sup.isHealthy(), false);
    assert.equal(attempts(), 1, 'probes within the interval do not launch Chromium again');

    await assert.rejects(quick.acquire(), /Chromium did not start/);
    assert.equal(await quick.isHealthy(), false, 'the probe tried again and it failed again');
    assert.equal(attempts(), 3);
    fs.writeFileSync(path.join(dir, 'ok'), '');
    assert.equal(await quick.isHealthy(), true, 'the probe launched it');
    assert.equal(quick.lastLaunchError, null);
    const lease = await quick.acquire();
    lease.release();
  } finally {
    await sup.close();
    await quick.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
