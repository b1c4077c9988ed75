// Graceful shutdown (SIGTERM lets a running render finish, or releases it past the grace period) and
// cancelling a job while it renders.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import { describe, test } from 'node:test';
import { processTree } from '../../src/render/process-memory.js';
import { createTestApp, tempDir } from '../helpers/app.js';
import { descriptors, entries, file, sha256 } from '../helpers/bundle.js';
import { deployFiles } from '../helpers/deploy.js';
import { client, type Client } from '../helpers/http-client.js';
import { startServerProcess } from '../helpers/server-process.js';
import { waitFor, waitUntil } from '../helpers/wait.js';

const KEY = 'folio_sk_shutdown00000000000000000000000000000001';
const slow = (ms: number) =>
  file(
    'index.html',
    `<!doctype html><h1>slow</h1><script>window.folio.waitForReady=true;setTimeout(()=>window.folio.ready(),${ms});</script>`,
  );

async function deploy(api: Client, page: ReturnType<typeof file>) {
  const s = await api.request('POST', '/v1/upload-sessions', {
    json: { createDeploy: { slug: 'slow', name: 'Slow' }, files: descriptors([page]) },
  });
  await api.request('PUT', `/v1/upload-sessions/${s.body.uploadSession.id}/blobs/${sha256(page.content)}`, {
    body: page.content,
    headers: { 'x-upload-token': s.body.uploadToken },
  });
  const c = await api.request('POST', `/v1/upload-sessions/${s.body.uploadSession.id}/commit`, {
    json: { entries: entries([page]), render: { route: '/', title: 'Slow' } },
    headers: { 'x-upload-token': s.body.uploadToken },
  });
  assert.equal(c.status, 201);
  return c.body.deployVersion.deployId as string;
}

interface ProcessSeen {
  pid: number;
  /** Clock ticks since boot: a pid reused by another process later does not count as this one. */
  startTime: string;
  cmdline: string;
}

function liveProcess(pid: number): ProcessSeen | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (f[0] === 'Z' || f[0] === 'X') return null; // exited, waiting to be reaped
    return { pid, startTime: f[19]!, cmdline: readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ') };
  } catch {
    return null;
  }
}

/**
 * Every process the server started: its tree, plus the ones that left it -- the full browser's crash
 * handlers daemonize (parent pid 1, a session of their own) but keep the browser's environment, whose HOME
 * is the browser's private profile folder.
 */
function processesStartedBy(serverPid: number): ProcessSeen[] {
  const tree = (processTree(serverPid) ?? []).filter((pid) => pid !== serverPid);
  const homes = new Set<string>();
  for (const pid of tree) {
    const home = /--user-data-dir=(\S+)/.exec(liveProcess(pid)?.cmdline ?? '')?.[1];
    if (home) homes.add(home);
  }
  const pids = new Set(tree);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const env = readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0');
      if (env.some((v) => v.startsWith('HOME=') && homes.has(v.slice(5)))) pids.add(Number(entry));
    } catch {
      // gone, or not ours to read
    }
  }
  return [...pids].map(liveProcess).filter((p): p is ProcessSeen => p !== null);
}

async function untilStatus(api: Client, jobId: string, statuses: string[], timeoutMs = 30_000) {
  let status = '';
  return waitFor(
    () => `job ${jobId} to be ${statuses.join(' or ')} (it stayed ${status})`,
    async () => {
      const r = await api.request('GET', `/v1/render-jobs/${jobId}`);
      status = r.body.job.status;
      return statuses.includes(status) ? r.body : undefined;
    },
    { timeoutMs, intervalMs: 50 },
  );
}

describe('shutdown and cancel', () => {
  test('SIGTERM: a running render finishes within the grace period; past the grace it is released and done after a restart', async () => {
    const dataDir = tempDir();
    const env = { FOLIO_DATA_DIR: dataDir, FOLIO_BOOTSTRAP_API_KEY: KEY, FOLIO_SHUTDOWN_GRACE_MS: '20000' };
    const server = await startServerProcess(env);
    const api = client(server.url, KEY);
    const deployId = await deploy(api, slow(1500));
    const job = await api.request('POST', '/v1/render-jobs', { json: { deployId, deployVersionId: 'latest' } });
    await untilStatus(api, job.body.job.id, ['rendering']);
    assert.equal(await server.stop('SIGTERM'), 0, server.output());

    // Grace 300 ms for a 4 s render: the job goes back to the queue (not failed, attempt unchanged).
    const short = await startServerProcess({ ...env, FOLIO_SHUTDOWN_GRACE_MS: '300' });
    const api2 = client(short.url, KEY);
    assert.equal(
      (await api2.request('GET', `/v1/render-jobs/${job.body.job.id}`)).body.job.status,
      'succeeded',
      'finished before the first exit',
    );
    const v2 = await api2.request('POST', '/v1/upload-sessions', { json: { deployId, files: descriptors([slow(4000)]) } });
    await api2.request('PUT', `/v1/upload-sessions/${v2.body.uploadSession.id}/blobs/${sha256(slow(4000).content)}`, {
      body: slow(4000).content,
      headers: { 'x-upload-token': v2.body.uploadToken },
    });
    await api2.request('POST', `/v1/upload-sessions/${v2.body.uploadSession.id}/commit`, {
      json: { entries: entries([slow(4000)]), render: { route: '/', title: 'Slower' } },
      headers: { 'x-upload-token': v2.body.uploadToken },
    });
    const long = await api2.request('POST', '/v1/render-jobs', { json: { deployId, deployVersionId: 'latest' } });
    await untilStatus(api2, long.body.job.id, ['rendering']);
    assert.equal(await short.stop('SIGTERM'), 0, short.output());

    const third = await startServerProcess(env);
    try {
      const api3 = client(third.url, KEY);
      const done = await untilStatus(api3, long.body.job.id, ['succeeded', 'failed']);
      assert.equal(done.job.status, 'succeeded');
      assert.equal(done.job.attempt, 0, 'a released job is not a failed attempt');
    } finally {
      await third.stop();
    }
  });

  test('SIGTERM: the server exits only once every Chromium process it started is gone, a slow one included', async () => {
    // The full browser, which also starts crash handlers outside its process tree (the headless shell
    // starts none).
    const server = await startServerProcess({
      FOLIO_DATA_DIR: tempDir(),
      FOLIO_BOOTSTRAP_API_KEY: KEY,
      FOLIO_CHROMIUM_PATH: '/usr/lib/chromium/chromium',
    });
    let started: ProcessSeen[] = [];
    try {
      const api = client(server.url, KEY);
      const deployId = await deploy(api, slow(0));
      const job = await api.request('POST', '/v1/render-jobs', { json: { deployId, deployVersionId: 'latest' } });
      assert.equal((await untilStatus(api, job.body.job.id, ['succeeded', 'failed'])).job.status, 'succeeded');
      started = processesStartedBy(server.child.pid!);
      const list = () => started.map((p) => `${p.pid} ${p.cmdline.slice(0, 120)}`).join('\n');
      assert.ok(
        started.some((p) => /--type=renderer/.test(p.cmdline)),
        `a renderer is running:\n${list()}`,
      );
      const crashHandler = started.find((p) => /crashpad_handler/.test(p.cmdline));
      assert.ok(crashHandler, `a crash handler is running:\n${list()}`);
      // A process slow to exit: stopped, it cannot exit at all until it is killed.
      process.kill(crashHandler.pid, 'SIGSTOP');
      assert.equal(await server.stop('SIGTERM'), 0, server.output());
      const left = started.filter((p) => liveProcess(p.pid)?.startTime === p.startTime);
      assert.deepEqual(
        left.map((p) => `${p.pid} ${p.cmdline.slice(0, 120)}`),
        [],
        'no process the server started outlives it',
      );
    } finally {
      await server.stop('SIGKILL');
      for (const p of started) if (liveProcess(p.pid)?.startTime === p.startTime) process.kill(p.pid, 'SIGKILL');
    }
  });

  test('cancel while rendering aborts the page; no output; the worker carries on', async () => {
    // The render would run for a minute (its page never calls ready()) and the worker's lease heartbeat,
    // which also notices a canceled job, comes every 200 s: only the cancel itself can end the render now,
    // and the worker says so in its log ("render aborted"), where a render ended by its timeout says "render failed".
    let log = '';
    const app = await createTestApp({
      env: { FOLIO_LOG_LEVEL: 'info', FOLIO_WORKER_LEASE_MS: '600000' },
      logDestination: new Writable({ write: (c, _e, cb) => ((log += c), cb()) }),
    });
    try {
      app.startBackground();
      const never = file('index.html', '<!doctype html><script>window.folio.waitForReady=true;</script><h1>waits</h1>');
      const v = await deployFiles(app, { createDeploy: { slug: 'c', name: 'C' } }, [never], {
        route: '/',
        title: 'c',
        renderTimeoutMs: 60000,
      });
      const job = await app.api('POST', '/v1/render-jobs', { deployId: v.deployId, deployVersionId: 'latest' });
      const id = job.body.job.id;
      await waitUntil('the job rendering', async () => (await app.api('GET', `/v1/render-jobs/${id}`)).body.job.status === 'rendering', {
        intervalMs: 25,
      });
      const canceled = await app.api('POST', `/v1/render-jobs/${id}/cancel`);
      assert.equal(canceled.status, 200);
      assert.equal(canceled.body.job.status, 'canceled');
      await waitUntil('the worker to have no active render', () => app.worker!.activeCount === 0, { intervalMs: 25 });
      const ended = log
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { jobId?: string; msg: string })
        .filter((l) => l.jobId === id && /^render (aborted|failed|succeeded)/.test(l.msg))
        .map((l) => l.msg);
      assert.deepEqual(ended, ['render aborted (canceled or shutting down)'], 'the render was aborted by the cancel');
      const after = await app.api('GET', `/v1/render-jobs/${id}`);
      assert.equal(after.body.job.status, 'canceled');
      assert.equal(after.body.output, undefined);
      const outputs = await app.services.ctx.db.selectFrom('render_outputs').select('id').where('job_id', '=', id).execute();
      assert.equal(outputs.length, 0);
      const ok = await deployFiles(app, { deployId: v.deployId }, [file('index.html', '<h1>fine</h1>')]);
      const next = await app.api('POST', '/v1/render-jobs', { deployId: v.deployId, deployVersionId: ok.version.id });
      assert.equal((await app.api('GET', `/v1/render-jobs/${next.body.job.id}?waitSeconds=30`)).body.job.status, 'succeeded');
    } finally {
      await app.close();
    }
  });
});
