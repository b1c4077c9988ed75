// Containers of the built image for the image tests (npm run test:image, scripts/test-image.sh): podman as
// that script sets it up (CONTAINERS_CONF), the image it built (FOLIO_TEST_IMAGE_TAG), and what the tests
// read from a running container — its HTTP answers, its logs, its processes as /proc shows them.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import net from 'node:net';
import { after } from 'node:test';
import { promisify } from 'node:util';
import { waitFor } from '../helpers/wait.js';

export const IMAGE = process.env.FOLIO_TEST_IMAGE_TAG ?? 'localhost/folio:test';
const exec = promisify(execFile);

/** podman's stderr without its complaints about the missing systemd (no timer for the HEALTHCHECK here). */
const withoutSystemdNoise = (text: string) =>
  text
    .split('\n')
    .filter((l) => !l.includes('systemd'))
    .join('\n')
    .trim();

/** Runs `podman …`; returns stdout, or throws with the command, exit code and stderr. */
export async function podman(args: string[], opts: { timeoutMs?: number; env?: Record<string, string> } = {}): Promise<string> {
  try {
    const { stdout } = await exec('podman', args, {
      timeout: opts.timeoutMs ?? 120_000,
      maxBuffer: 64 << 20,
      env: { ...process.env, ...opts.env },
    });
    return stdout;
  } catch (err) {
    const e = err as { code?: number; stderr?: string; stdout?: string };
    throw new Error(`podman ${args.join(' ')}: exit code ${e.code}\n${withoutSystemdNoise(`${e.stderr ?? ''}\n${e.stdout ?? ''}`)}`);
  }
}

/** Runs `podman …` whatever its exit code: doctor reports through it. */
export async function podmanResult(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await exec('podman', args, { timeout: 120_000, maxBuffer: 64 << 20 });
    return { code: 0, stdout, stderr: withoutSystemdNoise(stderr) };
  } catch (err) {
    const e = err as { code?: number; stderr?: string; stdout?: string };
    if (typeof e.code !== 'number') throw err;
    return { code: e.code, stdout: e.stdout ?? '', stderr: withoutSystemdNoise(e.stderr ?? '') };
  }
}

/** stdout and stderr of a container, in one string. */
export async function logs(name: string): Promise<string> {
  const { stdout, stderr } = await exec('podman', ['logs', name], { maxBuffer: 64 << 20 });
  return withoutSystemdNoise(stdout + stderr);
}

/** A TCP port nobody listens on at the moment. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * What one test file starts, removed by its after() hook whatever happened: containers (named
 * folio-image-<pid>-<role>, so parallel runs never collide) with the anonymous volume the image's VOLUME
 * gives each, and named volumes.
 */
export function useContainers() {
  const prefix = `folio-image-${process.pid}`;
  const containers = new Set<string>();
  const volumes = new Set<string>();
  after(async () => {
    if (containers.size > 0)
      await podman(['rm', '--force', '--volumes', '--time', '0', ...containers]).catch((e: Error) => console.error(e.message));
    if (volumes.size > 0) await podman(['volume', 'rm', '--force', ...volumes]).catch((e: Error) => console.error(e.message));
  });
  return {
    /** `podman run -d --name <prefix>-<role> …args IMAGE …command`; returns the container's name. */
    async run(role: string, args: string[], command: string[] = []): Promise<string> {
      const name = `${prefix}-${role}`;
      containers.add(name);
      await podman(['run', '-d', '--name', name, ...args, IMAGE, ...command]);
      return name;
    },
    async volume(role: string): Promise<string> {
      const name = `${prefix}-${role}`;
      volumes.add(name);
      await podman(['volume', 'create', name]);
      return name;
    },
    /** Stops the container the way an orchestrator does (SIGTERM, then up to `graceSeconds`); its exit code. */
    async stop(name: string, graceSeconds = 40): Promise<number> {
      await podman(['stop', '--time', String(graceSeconds), name], { timeoutMs: (graceSeconds + 30) * 1000 });
      return Number((await podman(['inspect', '--format', '{{.State.ExitCode}}', name])).trim());
    },
    async remove(name: string): Promise<void> {
      await podman(['rm', '--force', '--volumes', '--time', '0', name]);
      containers.delete(name);
    },
  };
}

/** The answer as JSON (a body that is not JSON: its text), or undefined when none came within 5 s. */
async function getJson(url: string): Promise<{ status: number; body: any } | undefined> {
  let res: Response;
  let text: string;
  try {
    res = await fetch(url, { signal: AbortSignal.timeout(5_000) });
    text = await res.text();
  } catch {
    return undefined;
  }
  try {
    return { status: res.status, body: JSON.parse(text) };
  } catch {
    return { status: res.status, body: text };
  }
}

/**
 * Waits until the container answers /healthz, then until /readyz answers 200. With `orNotReady`, a /readyz
 * whose Chromium check failed (database ok) ends the wait too: the caller expects a Chromium that cannot
 * start. Without it, a failing check is waited out: beside the test suite on two cores, a Chromium busy
 * launching can miss the check's deadline for a while. A container that exits ends the wait with its logs.
 */
export async function waitReady(
  name: string,
  baseUrl: string,
  opts: { orNotReady?: boolean; timeoutMs?: number } = {},
): Promise<{ status: number; body: any }> {
  let last = 'nothing yet';
  return waitFor(
    () => `${name} to be ready at ${baseUrl}/readyz (last answer: ${last})`,
    async () => {
      const state = (await podman(['inspect', '--format', '{{.State.Status}}', name])).trim();
      if (state !== 'running') throw new Error(`${name} is ${state}; its logs:\n${(await logs(name)).slice(-4000)}`);
      const health = await getJson(`${baseUrl}/healthz`);
      if (health?.status !== 200) {
        last = `/healthz ${health ? health.status : 'no answer'}`;
        return undefined;
      }
      const ready = await getJson(`${baseUrl}/readyz`);
      last = ready ? JSON.stringify(ready).slice(0, 2000) : '/readyz no answer within 5 s';
      if (ready?.status === 200) return ready;
      const chromium = ready?.body?.checks?.chromium;
      const settled = typeof chromium === 'string' && chromium !== 'ok' && ready?.body?.checks?.database === 'ok';
      return opts.orNotReady && settled ? ready : undefined;
    },
    { timeoutMs: opts.timeoutMs ?? 180_000, intervalMs: 500 },
  );
}

export interface ContainerProcess {
  pid: number;
  uid: number;
  cmdline: string;
  /** Chromium's --type (renderer, zygote, gpu-process, utility), `browser`, or '' for other programs. */
  type: string;
  userNamespace: string;
  /** Seccomp filters stacked on the process (the engine's, if any, plus Chromium's own in its sandbox). */
  seccompFilters: number;
}

// Runs inside the container (its own node, as the image's user): every process of the container.
const PROCESS_LIST = `
const fs = require('fs');
const out = [];
for (const pid of fs.readdirSync('/proc').filter((p) => /^\\d+$/.test(p))) {
  try {
    const cmdline = fs.readFileSync('/proc/' + pid + '/cmdline', 'utf8').split('\\0').join(' ').trim();
    const status = fs.readFileSync('/proc/' + pid + '/status', 'utf8');
    const chromium = /chromium/.test(cmdline.split(' ')[0]);
    out.push({
      pid: Number(pid), cmdline,
      uid: Number(/^Uid:\\s+(\\d+)/m.exec(status)[1]),
      type: chromium ? (/--type=([\\w-]+)/.exec(cmdline) || [null, 'browser'])[1] : '',
      userNamespace: fs.readlinkSync('/proc/' + pid + '/ns/user'),
      seccompFilters: Number((/^Seccomp_filters:\\s+(\\d+)/m.exec(status) || [null, -1])[1]),
    });
  } catch {}
}
console.log(JSON.stringify(out));
`;

/** The processes running in a container, read from its /proc (the image has no ps). */
export async function processes(name: string): Promise<ContainerProcess[]> {
  return (JSON.parse(await podman(['exec', name, 'node', '-e', PROCESS_LIST])) as ContainerProcess[]).filter(
    (p) => !p.cmdline.startsWith('node -e'),
  );
}

/** Chromium's `--no-sandbox` as a flag of its own (not `--no-zygote-sandbox`, Chromium's internal one). */
export const NO_SANDBOX = /(^|\s)--no-sandbox(\s|$)/;

/**
 * Chromium keeps its sandbox in the container: no process of it runs with --no-sandbox, and every renderer
 * is in a user namespace of its own under a seccomp filter of its own (one more than Folio's process has,
 * which carries the engine's filter, if any).
 */
export function assertSandboxed(procs: ContainerProcess[]): { renderers: number } {
  const folio = procs.find((p) => /dist\/main\/cli\.js/.test(p.cmdline));
  assert.ok(folio, `Folio's process runs (${procs.map((p) => p.cmdline.slice(0, 60)).join('; ')})`);
  const chromium = procs.filter((p) => p.type !== '');
  assert.ok(
    chromium.some((p) => p.type === 'browser'),
    'Chromium runs',
  );
  for (const p of chromium) assert.doesNotMatch(p.cmdline, NO_SANDBOX, `${p.type} ${p.pid} was started without the sandbox`);
  const renderers = chromium.filter((p) => p.type === 'renderer');
  assert.ok(renderers.length >= 1, `renderer processes (found ${chromium.map((p) => p.type).join(', ')})`);
  assert.ok(folio.seccompFilters >= 0, 'the kernel reports Seccomp_filters');
  for (const r of renderers) {
    assert.notEqual(r.userNamespace, folio.userNamespace, `renderer ${r.pid} is in a user namespace of its own`);
    assert.ok(
      r.seccompFilters > folio.seccompFilters,
      `renderer ${r.pid} has a seccomp filter of its own (${r.seccompFilters} filters, Folio's process ${folio.seccompFilters})`,
    );
  }
  return { renderers: renderers.length };
}
