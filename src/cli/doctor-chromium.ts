// The `folio doctor` checks of Chromium: which binary a worker would start, and whether it starts with the
// configured sandbox and prints. The only thing they write is Chromium's temporary profile (removed when
// it exits).
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { promisify } from 'node:util';
import type { Config } from '../config/load.js';
import { CANDIDATE_PATHS, findChromium, isHeadlessShell } from '../render/chromium-process.js';
import { describeSandbox, planSandbox, runningAsRoot } from '../render/chromium-sandbox.js';
import type { RenderBundle } from '../render/types.js';
import { fail, formatBytes, message, ok, warn, type CheckResult, type Status } from './doctor-result.js';

const run = promisify(execFile);

const INSTALL_CHROMIUM = 'apt-get install chromium-headless-shell (Debian/Ubuntu; or the chromium package)';

/** `chromium`: which binary, why that one, and its version (`--version`). Returns the binary to print with. */
export async function checkChromiumBinary(config: Config): Promise<{ result: CheckResult; executable: string | null }> {
  let executable: string;
  let why: string;
  let status: Status = 'ok';
  let fix: string | undefined;
  if (config.chromiumPath) {
    if (!fs.existsSync(config.chromiumPath)) {
      return {
        executable: null,
        result: fail(
          'chromium',
          `FOLIO_CHROMIUM_PATH is ${config.chromiumPath}, which does not exist`,
          `${INSTALL_CHROMIUM}, then set FOLIO_CHROMIUM_PATH to its binary (${CANDIDATE_PATHS[0]}) or unset it to use the first of ${CANDIDATE_PATHS.join(', ')} found`,
        ),
      };
    }
    executable = config.chromiumPath;
    why = 'set by FOLIO_CHROMIUM_PATH';
  } else {
    const found = findChromium();
    if (!found) {
      return {
        executable: null,
        result: fail(
          'chromium',
          `no Chromium found (looked for ${CANDIDATE_PATHS.join(', ')})`,
          `${INSTALL_CHROMIUM}, or set FOLIO_CHROMIUM_PATH`,
        ),
      };
    }
    executable = found;
    if (isHeadlessShell(found)) {
      why = 'auto-detected: chromium-headless-shell comes first, it renders about twice as fast as the full browser';
    } else {
      why = `auto-detected: the first of ${CANDIDATE_PATHS.join(', ')} that exists`;
      status = 'warn';
      fix =
        'apt-get install chromium-headless-shell: the same Chromium without the browser UI renders about twice as fast, and Folio picks it up by itself';
    }
  }
  try {
    fs.accessSync(executable, fs.constants.X_OK);
  } catch {
    return {
      executable: null,
      result: fail('chromium', `${executable} (${why}) is not executable`, `reinstall it (${INSTALL_CHROMIUM}) or chmod +x ${executable}`),
    };
  }
  let version: string;
  try {
    const r = await run(executable, ['--version'], { timeout: 15_000, env: { PATH: process.env.PATH ?? '/usr/bin:/bin' } });
    version = r.stdout.trim() || 'version not printed';
  } catch (err) {
    const stderr = ((err as { stderr?: string }).stderr ?? '').trim().split('\n').slice(-2).join(' | ');
    return {
      executable: null,
      result: fail(
        'chromium',
        `${executable} (${why}) does not run: ${stderr || message(err)}`,
        `reinstall it with its libraries (${INSTALL_CHROMIUM})`,
      ),
    };
  }
  const detail = `${executable}, ${version} (${why})`;
  return { executable, result: status === 'ok' ? ok('chromium', detail) : warn('chromium', detail, fix!) };
}

const PROBE_HTML = `<!doctype html><html><head><meta charset="utf-8"><title>folio doctor</title>
<style>@page { size: A4; margin: 20mm; } body { font-family: 'Liberation Sans', 'Noto Sans', sans-serif; }</style></head>
<body><h1>Folio doctor</h1><p>Chromium started and printed this page.</p></body></html>`;

function chromiumStartFix(text: string, executable: string, config: Config): string {
  if (/sandbox|namespace|clone|seccomp|setuid/i.test(text)) {
    return 'Chromium\'s sandbox cannot start here (unprivileged user namespaces are blocked): allow them (a seccomp profile with clone/unshare/setns; docs/operations.md, "Chromium\'s sandbox", "In containers"), or, knowingly, FOLIO_CHROMIUM_NO_SANDBOX=true';
  }
  const as = runningAsRoot() && !config.chromiumNoSandbox ? ` as ${config.chromiumUser}` : '';
  return `run ${executable} --headless --dump-dom about:blank${as} to see Chromium's own error; docs/operations.md, "Chromium's sandbox"`;
}

/**
 * `chromium sandbox` and `chromium print`: starts Chromium with the configured sandbox and user through
 * the production Renderer (as a worker does) and prints a one-page PDF.
 */
export async function checkChromiumPrint(config: Config, executable: string | null): Promise<CheckResult[]> {
  const out: CheckResult[] = [sandboxCheck(config)];
  if (out[0].status === 'fail') return out;
  if (!executable) {
    out.push(
      fail(
        'chromium print',
        'not tried: there is no usable Chromium binary (the chromium line says why)',
        'fix what the chromium line says, then run folio doctor again',
      ),
    );
    return out;
  }
  out.push(await probePrint(config, executable));
  return out;
}

/** Whether Chromium keeps its sandbox here (as whom), or why it cannot start with one. */
function sandboxCheck(config: Config): CheckResult {
  const sandbox = { chromiumUser: config.chromiumUser, noSandbox: config.chromiumNoSandbox };
  try {
    planSandbox(sandbox);
    return config.chromiumNoSandbox
      ? warn(
          'chromium sandbox',
          `${describeSandbox(sandbox)}: a renderer exploit in an untrusted template runs with the privileges of ${os.userInfo().username}`,
          'allow unprivileged user namespaces (docs/operations.md, "Chromium\'s sandbox") and unset FOLIO_CHROMIUM_NO_SANDBOX',
        )
      : ok('chromium sandbox', describeSandbox(sandbox));
  } catch {
    const user = config.chromiumUser;
    return fail(
      'chromium sandbox',
      `Folio runs as root, so Chromium must run as an unprivileged user to keep its sandbox, and the user "${user}" does not exist`,
      `useradd --system --user-group --no-create-home --shell /usr/sbin/nologin ${user} (npm start's set-up does it), or name another user with FOLIO_CHROMIUM_USER`,
    );
  }
}

/** A one-page probe printed by the production Renderer: the print every job makes, start to PDF. */
async function probePrint(config: Config, executable: string): Promise<CheckResult> {
  const sandbox = { chromiumUser: config.chromiumUser, noSandbox: config.chromiumNoSandbox };
  const { Renderer } = await import('../render/renderer.js');
  const renderer = new Renderer({ executablePath: executable, concurrency: 1, spareSessions: 0, launchTimeoutMs: 20_000, ...sandbox });
  const bundle: RenderBundle = {
    key: 'folio-doctor-probe',
    files: new Map([['/index.html', { body: Buffer.from(PROBE_HTML), mime: 'text/html; charset=utf-8' }]]),
  };
  const started = performance.now();
  try {
    const chunks: Buffer[] = [];
    const r = await renderer.render(
      {
        jobId: 'job_doctor',
        accountId: 'doctor',
        deployId: 'dep_doctor',
        versionNo: 0,
        bundle,
        entryPath: '/index.html',
        payload: Buffer.from('{}'),
        payloadMime: 'application/json',
        env: { variables: {}, secrets: {} },
        pdf: {},
        timeoutMs: 30_000,
        allowExternalNetwork: false,
        maxOutputBytes: null,
      },
      async (stream) => {
        for await (const chunk of stream) chunks.push(chunk as Buffer);
      },
    );
    const ms = Math.round(performance.now() - started);
    const pdf = Buffer.concat(chunks);
    let product = '';
    const lease = await renderer.supervisor.acquire();
    try {
      const v = await lease.browser.connection.send('Browser.getVersion', {}, undefined, 5000);
      product = v.product ? `, ${v.product}` : '';
    } catch {
      // the version is a detail; the print is what matters
    } finally {
      lease.release();
    }
    if (pdf.subarray(0, 5).toString('latin1') !== '%PDF-' || r.pageCount !== 1) {
      return fail(
        'chromium print',
        `Chromium answered, but not with a 1-page PDF (${r.pageCount} pages, ${pdf.length} bytes)`,
        chromiumStartFix('', executable, config),
      );
    }
    return ok('chromium print', `started and printed a 1-page PDF (${formatBytes(pdf.length)}) in ${ms} ms${product}`);
  } catch (err) {
    const text = message(err);
    return fail('chromium print', text, chromiumStartFix(text, executable, config));
  } finally {
    await renderer.close();
  }
}
