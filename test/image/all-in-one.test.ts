// The image all-in-one, as docs/operations.md ("Run the image") runs it: `podman run` with a named volume
// for /data and the engine's default seccomp profile. It answers /healthz and /readyz, prints the bootstrap
// API key once, renders examples/invoice (deployed and rendered with the README's scripts) into a 3-page PDF
// with Chromium sandboxed, stops cleanly on SIGTERM, and a new container on the same volume has it all.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe, test } from 'node:test';
import { tempDir } from '../helpers/app.js';
import { waitUntil } from '../helpers/wait.js';
import { client } from '../helpers/http-client.js';
import { ROOT } from '../helpers/server-process.js';
import { chromiumSetting, ENGINE_DEFAULT, UNCONFINED, type ChromiumSetting } from './chromium-settings.js';
import { assertSandboxed, freePort, logs, NO_SANDBOX, podmanResult, processes, useContainers, waitReady } from './podman.js';

const exec = promisify(execFile);
const BANNER = /Folio bootstrap account created/g;
const KEY = /API key\s+(folio_sk_[A-Za-z0-9]+)/g;

describe('all-in-one: podman run with a volume', () => {
  const c = useContainers();
  const dir = tempDir('folio-image-');
  let setting: ChromiumSetting;
  let volume: string;
  let port: number;
  let url: string;
  let name: string;
  let key = '';
  let jobId = '';

  const start = async (role: string) => {
    // FOLIO_PUBLIC_URL: signed links point at the published port.
    name = await c.run(role, ['-p', `127.0.0.1:${port}:8080`, '-v', `${volume}:/data`, '-e', `FOLIO_PUBLIC_URL=${url}`, ...setting.args]);
    return waitReady(name, url);
  };

  before(async () => {
    setting = await chromiumSetting([ENGINE_DEFAULT, UNCONFINED]);
    volume = await c.volume('data');
    port = await freePort();
    url = `http://127.0.0.1:${port}`;
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  test('starts: /healthz, /readyz with database, storage and Chromium ready, the image health check passes', async () => {
    const ready = await start('first');
    assert.equal(ready.status, 200, JSON.stringify(ready.body));
    assert.deepEqual(ready.body.checks, { database: 'ok', storage: 'ok', chromium: 'ok' });
    assert.equal(ready.body.details.chromiumSandbox, setting.sandbox ? 'on' : 'off (FOLIO_CHROMIUM_NO_SANDBOX=true)');
    // The Dockerfile's HEALTHCHECK, run by the engine until it passes, as the engine's own retries would.
    let check = { code: -1, stdout: '', stderr: '' };
    await waitUntil(
      () => `podman healthcheck run to pass (last: exit ${check.code} ${check.stdout}${check.stderr})`,
      async () => (check = await podmanResult(['healthcheck', 'run', name])).code === 0,
      { timeoutMs: 60_000, intervalMs: 3_000 },
    );
  });

  test('the bootstrap API key is printed once, and only the banner names it', async () => {
    const text = await logs(name);
    assert.equal(text.match(BANNER)?.length, 1, 'one bootstrap banner');
    const keys = [...text.matchAll(KEY)].map((m) => m[1]);
    assert.equal(keys.length, 1, `one API key line in the logs`);
    key = keys[0];
    const me = await client(url, key).request('GET', '/v1/usage');
    assert.equal(me.status, 200, 'the printed key works');
  });

  test("examples/invoice, deployed and rendered with the README's scripts, is a valid 3-page PDF", async () => {
    const env = { ...process.env, FOLIO_API_URL: url, FOLIO_API_KEY: key };
    const deploy = await exec(path.join(ROOT, 'examples/quickstart.sh'), [path.join(ROOT, 'examples/invoice'), 'invoice'], { env });
    assert.match(deploy.stdout, /version: v1\b/);
    const pdf = path.join(dir, 'invoice.pdf');
    const render = await exec(
      path.join(ROOT, 'examples/render.sh'),
      ['invoice', path.join(ROOT, 'examples/invoice/sample-payload.json'), pdf],
      { env, timeout: 120_000 },
    );
    assert.match(render.stdout, /succeeded \(3 pages/);
    jobId = /job (\S+): succeeded/.exec(render.stdout)![1];
    const info = (await exec('pdfinfo', [pdf])).stdout;
    assert.match(info, /^Pages:\s+3$/m, info);
    assert.match(info, /^Title:\s+Invoice INV-/m);
    const bytes = fs.readFileSync(pdf);
    assert.equal(bytes.subarray(0, 5).toString(), '%PDF-');
  });

  test('Chromium keeps its sandbox in the container: no --no-sandbox process, renderers in their own namespace and filter', async (t) => {
    const procs = await processes(name);
    for (const p of procs) assert.equal(p.uid, 1000, `${p.cmdline.slice(0, 60)} runs as the image's node user`);
    if (!setting.sandbox) {
      // The documented fallback is in effect (chromiumSetting said why, above): it must be the one running.
      assert.ok(
        procs.some((p) => p.type === 'browser' && NO_SANDBOX.test(p.cmdline)),
        'FOLIO_CHROMIUM_NO_SANDBOX=true runs --no-sandbox',
      );
      // Said in the output, never silent: the test proves the documented fallback instead of the sandbox.
      t.diagnostic(`SANDBOX UNAVAILABLE: this engine refuses what Chromium's sandbox needs; ran ${setting.name}`);
      console.log(`SANDBOX UNAVAILABLE: the documented fallback (${setting.name}) was exercised instead`);
      return;
    }
    const { renderers } = assertSandboxed(procs);
    t.diagnostic(`${renderers} renderer(s) sandboxed with ${setting.name}`);
  });

  test('SIGTERM stops it cleanly; a new container on the same volume keeps the account, the deploy and the PDF', async () => {
    assert.equal(await c.stop(name), 0, 'exit code 0 after SIGTERM (tini forwards it, Folio shuts down)');
    await c.remove(name);
    const ready = await start('second');
    assert.equal(ready.status, 200, JSON.stringify(ready.body));
    const text = await logs(name);
    assert.equal(text.match(BANNER), null, 'no new bootstrap account');
    assert.equal(text.match(KEY), null, 'no key printed again');
    const api = client(url, key);
    const deploys = await api.request('GET', '/v1/deploys?limit=100');
    assert.equal(deploys.status, 200, 'the first key still works');
    assert.deepEqual(
      deploys.body.items.map((d: { slug: string }) => d.slug),
      ['invoice'],
    );
    const job = await api.request('GET', `/v1/render-jobs/${jobId}`);
    assert.equal(job.body.job.status, 'succeeded');
    const link = await api.request('POST', `/v1/render-jobs/${jobId}/output-download`);
    assert.equal(link.status, 200, JSON.stringify(link.body));
    const pdf = await fetch(link.body.access.url);
    assert.equal(pdf.status, 200, 'the PDF is still there, and the signing key still signs its links');
    assert.equal(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
      '%PDF-',
    );
  });
});
