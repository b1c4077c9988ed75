// Chromium keeps its own sandbox (docs/operations.md, "Chromium's sandbox"): every renderer runs under a
// seccomp filter in a user namespace of its own, and when the tests run as root (CI does) the browser runs
// as the unprivileged `folio-chromium` user that the set-up step creates. Read from /proc, not from flags.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readlinkSync, statSync } from 'node:fs';
import { lookupUser, runningAsRoot } from '../../src/render/chromium-sandbox.js';
import { Renderer } from '../../src/render/renderer.js';
import { RenderError } from '../../src/render/types.js';
import { tempDir } from '../helpers/app.js';
import { chromiumProcesses } from '../helpers/proc.js';
import { startServerProcess } from '../helpers/server-process.js';
import { waitUntil } from '../helpers/wait.js';
import { bundle, memorySink, pdfText, request } from './helpers.js';

let renderer: Renderer;
before(async () => {
  renderer = new Renderer({ concurrency: 1, executablePath: process.env.FOLIO_CHROMIUM_PATH });
  await renderer.start();
});
after(() => renderer.close());

test("every renderer is sandboxed: a seccomp filter and a user namespace other than the service's", async () => {
  const out = memorySink();
  await renderer.render(request({ bundle: bundle({ '/index.html': '<p>inside the sandbox</p>' }) }), out.sink);
  assert.match(pdfText(out.bytes()), /inside the sandbox/);
  const tree = chromiumProcesses(renderer.supervisor.browserPid!);
  const renderers = tree.filter((p) => p.type === 'renderer');
  assert.ok(renderers.length >= 1, `renderer processes found: ${tree.map((p) => p.type).join(', ')}`);
  const ownNs = readlinkSync('/proc/self/ns/user');
  for (const r of renderers) {
    assert.equal(r.seccomp, 2, `renderer ${r.pid} runs under a seccomp filter (Seccomp: 2), got ${r.seccomp}`);
    assert.notEqual(r.userNamespace, ownNs, `renderer ${r.pid} is in a user namespace of its own`);
  }
  for (const p of tree) assert.doesNotMatch(p.cmdline, /--no-sandbox/, `${p.type} ${p.pid} was started without the sandbox`);
});

test(
  'as root, Chromium runs as the unprivileged folio-chromium user, in a private profile folder removed on exit',
  { skip: !runningAsRoot() && 'only meaningful when the tests run as root (CI does)' },
  async () => {
    const user = lookupUser('folio-chromium');
    assert.ok(user, 'the set-up step (scripts/setup.sh) creates the folio-chromium user');
    const tree = chromiumProcesses(renderer.supervisor.browserPid!);
    for (const p of tree) assert.equal(p.uid, user.uid, `${p.type} ${p.pid} runs as uid ${p.uid}`);
    const browser = tree.find((p) => p.type === 'browser')!;
    const profile = /--user-data-dir=(\S+)/.exec(browser.cmdline)![1];
    assert.equal(statSync(profile).uid, user.uid, 'the profile folder belongs to the user Chromium runs as');
    const environ = readFileSync(`/proc/${browser.pid}/environ`, 'utf8').split('\0');
    assert.ok(environ.includes(`HOME=${profile}`), 'HOME is the private folder');
    assert.ok(!environ.some((v) => v.startsWith('FOLIO_')), "none of Folio's settings reach Chromium's environment");

    const other = new Renderer({ concurrency: 1, spareSessions: 0, executablePath: process.env.FOLIO_CHROMIUM_PATH });
    await other.start();
    const otherProfile = /--user-data-dir=(\S+)/.exec(
      chromiumProcesses(other.supervisor.browserPid!).find((p) => p.type === 'browser')!.cmdline,
    )![1];
    await other.close();
    await waitUntil('the profile folder to be removed once Chromium has exited', () => !existsSync(otherProfile), { timeoutMs: 1_000 });
  },
);

test(
  'as root with a user that does not exist, Chromium is not started without its sandbox: render_provider_unavailable says what to do',
  { skip: !runningAsRoot() && 'only meaningful as root' },
  async () => {
    const r = new Renderer({ concurrency: 1, chromiumUser: 'folio-no-such-user', executablePath: process.env.FOLIO_CHROMIUM_PATH });
    try {
      await assert.rejects(r.render(request({ bundle: bundle({ '/index.html': 'x' }) }), memorySink().sink), (err: unknown) => {
        assert.ok(err instanceof RenderError);
        assert.equal(err.code, 'render_provider_unavailable');
        assert.match(err.message, /"folio-no-such-user" does not exist/);
        assert.match(err.message, /FOLIO_CHROMIUM_NO_SANDBOX/);
        return true;
      });
      assert.equal(r.supervisor.browserPid, null);
    } finally {
      await r.close();
    }
  },
);

test('FOLIO_CHROMIUM_NO_SANDBOX is the explicit way out: renderers then run without a seccomp filter', async () => {
  const r = new Renderer({ concurrency: 1, spareSessions: 0, noSandbox: true, executablePath: process.env.FOLIO_CHROMIUM_PATH });
  try {
    await r.render(request({ bundle: bundle({ '/index.html': '<p>no sandbox</p>' }) }), memorySink().sink);
    const renderers = chromiumProcesses(r.supervisor.browserPid!).filter((p) => p.type === 'renderer');
    assert.ok(renderers.length >= 1);
    for (const p of renderers) assert.equal(p.seccomp, 0, 'without the sandbox there is no seccomp filter');
  } finally {
    await r.close();
  }
});

test('a service started with FOLIO_CHROMIUM_NO_SANDBOX=true warns at start and says so in /readyz', async () => {
  const server = await startServerProcess({ FOLIO_DATA_DIR: tempDir(), FOLIO_CHROMIUM_NO_SANDBOX: 'true', FOLIO_LOG_LEVEL: 'warn' });
  try {
    const ready = (await (await fetch(`${server.url}/readyz`)).json()) as { details: { chromiumSandbox: string } };
    assert.equal(ready.details.chromiumSandbox, 'off (FOLIO_CHROMIUM_NO_SANDBOX=true)');
    assert.match(server.output(), /Chromium runs WITHOUT its sandbox/);
  } finally {
    await server.stop();
  }
});
