// The checks of `folio doctor`. Each answers ok, warn or fail with one line of detail and, when not ok,
// the fix. They read; the only things they write are a probe object in the blob store (deleted at once)
// and Chromium's temporary profile (removed when it exits). Never a database, a key file or a data dir.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Config } from '../config/load.js';
import { CANDIDATE_PATHS, findChromium, isHeadlessShell } from '../render/chromium-process.js';
import { describeSandbox, planSandbox, runningAsRoot } from '../render/chromium-sandbox.js';
import type { RenderBundle } from '../render/types.js';
import { databaseErrorFix, databasePresence, migrationState, redactDatabaseUrl } from './doctor-database.js';

const run = promisify(execFile);

export type Status = 'ok' | 'warn' | 'fail';

export interface CheckResult {
  name: string;
  status: Status;
  detail: string;
  /** What to do; present when status is not ok. */
  fix?: string;
}

const ok = (name: string, detail: string): CheckResult => ({ name, status: 'ok', detail });
const warn = (name: string, detail: string, fix: string): CheckResult => ({ name, status: 'warn', detail, fix });
const fail = (name: string, detail: string, fix: string): CheckResult => ({ name, status: 'fail', detail, fix });

/** Free space in the data dir below which `disk` warns, and below which it fails (docs/cli.md, folio doctor). */
export const DISK_WARN_BYTES = 1024 ** 3;
export const DISK_FAIL_BYTES = 100 * 1024 ** 2;

/**
 * The fonts `npm start`'s set-up (scripts/setup.sh) and the image (Dockerfile) install, by the families
 * fc-list reports and the Debian package that brings them. Without them Chromium falls back to whatever
 * is there, and text in scripts no installed font covers prints as empty boxes.
 */
export const FONT_REQUIREMENTS = [
  { label: 'Liberation Sans/Serif/Mono', family: /^Liberation (Sans|Serif|Mono)$/, pkg: 'fonts-liberation' },
  { label: 'Noto Sans/Serif', family: /^Noto (Sans|Serif)$/, pkg: 'fonts-noto-core' },
  { label: 'Noto Color Emoji', family: /^Noto Color Emoji$/, pkg: 'fonts-noto-color-emoji' },
] as const;

function formatBytes(n: number): string {
  if (n >= 1024 ** 3) return `${(n / 1024 ** 3).toFixed(1)} GiB`;
  if (n >= 1024 ** 2) return `${(n / 1024 ** 2).toFixed(1)} MiB`;
  return `${(n / 1024).toFixed(1)} KiB`;
}

function message(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return text.replace(/\s+/g, ' ').trim();
}

/** Resolves with `p`, or rejects after `ms` (a store or database that never answers must not hang doctor). */
async function within<T>(ms: number, what: string, p: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      p,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms / 1000} s`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

// ---- database ----------------------------------------------------------------------------------------

/** `database` (exists, answers) and `migrations` (current, pending, or unknown to this version). */
export async function checkDatabase(config: Config): Promise<CheckResult[]> {
  const shown = redactDatabaseUrl(config.resolved.databaseUrl);
  const isSqlite = config.resolved.databaseUrl.startsWith('sqlite:');
  try {
    const presence = await databasePresence(config);
    if (!presence.exists) {
      return [
        fail(
          'database',
          presence.reason,
          isSqlite
            ? `point FOLIO_DATA_DIR (or FOLIO_DATABASE_URL) at your installation's data, or run \`folio migrate\` to create a new database there`
            : 'run `folio migrate` once: it creates the schema (or check that FOLIO_DATABASE_URL names the right database)',
        ),
      ];
    }
    const state = await migrationState(config);
    const out = [ok('database', `${shown} answers`)];
    const known = state.applied.length - state.unknown.length;
    if (state.applied.length === 0) {
      out.push(fail('migrations', 'none applied: the database has no Folio schema', 'run `folio migrate`'));
    } else if (state.pending.length > 0) {
      const detail = `${state.pending.length} pending (${state.pending.join(', ')}); ${known} applied`;
      out.push(
        isSqlite
          ? warn('migrations', detail, 'run `folio migrate` (folio serve and folio worker also apply them when they start)')
          : fail(
              'migrations',
              detail,
              'run `folio migrate` once before starting this version: `folio api` never migrates PostgreSQL and fails on an old schema',
            ),
      );
    } else if (state.unknown.length > 0) {
      out.push(
        warn(
          'migrations',
          `the database has migrations this version does not know (${state.unknown.join(', ')}): a newer Folio migrated it`,
          'run the newer version; migrations are forward-only (docs/operations.md, "Upgrades and migrations")',
        ),
      );
    } else {
      out.push(ok('migrations', `current (${state.applied.length} applied, latest ${state.applied[state.applied.length - 1]})`));
    }
    return out;
  } catch (err) {
    return [fail('database', `${shown}: ${message(err)}`, databaseErrorFix(err))];
  }
}

// ---- blob store ----------------------------------------------------------------------------------------

function blobStoreFix(config: Config, err: unknown): string {
  const url = config.resolved.storageUrl;
  if (url.startsWith('file:')) return `make ${url.slice('file:'.length)} writable by the user Folio runs as`;
  const name = (err as { name?: string; Code?: string }).name ?? '';
  if (name === 'NoSuchBucket') return 'create the bucket named in FOLIO_STORAGE_URL (s3://bucket/prefix)';
  if (/AccessDenied|InvalidAccessKeyId|SignatureDoesNotMatch|Forbidden|CredentialsProviderError/.test(name + message(err)))
    return 'check the credentials (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY or the instance role) and that they allow GetObject, PutObject, DeleteObject, ListBucket and HeadBucket';
  return 'check FOLIO_STORAGE_URL, FOLIO_S3_ENDPOINT, FOLIO_S3_REGION and FOLIO_S3_FORCE_PATH_STYLE (most self-hosted stores need it) and that the endpoint is reachable from here';
}

/** `blob store`: writes, reads back and deletes a probe object (files or S3). */
export async function checkBlobStore(config: Config): Promise<CheckResult> {
  const url = config.resolved.storageUrl;
  const shown = url.startsWith('s3://') && config.s3Endpoint ? `${url} at ${config.s3Endpoint}` : url;
  if (url.startsWith('file:')) {
    const root = path.resolve(url.slice('file:'.length).replace(/^\/\/(?=\/)/, ''));
    if (!fs.existsSync(root)) {
      return warn(
        'blob store',
        `${root} does not exist yet, so nothing was written to it (the first start creates it)`,
        'start Folio once (folio serve) and run folio doctor again, or point FOLIO_STORAGE_URL / FOLIO_DATA_DIR at the existing blob folder',
      );
    }
  }
  // S3 uploads are staged on local disk; the probe stages in a folder of its own, removed afterwards, so
  // that doctor creates nothing in the data dir (whose space and permissions `disk` checks).
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-doctor-'));
  const { openBlobStore } = await import('../blobs/open-blob-store.js');
  let store: Awaited<ReturnType<typeof openBlobStore>> | null = null;
  try {
    store = await openBlobStore({ ...config, dataDir: staging });
    const key = `.tmp/doctor-probe-${randomBytes(8).toString('hex')}`;
    const body = Buffer.from(`folio doctor probe ${new Date().toISOString()}\n`);
    const started = performance.now();
    const s = store;
    await within(30_000, 'blob store', s.put(key, body));
    const back = await within(30_000, 'blob store', s.getBuffer(key));
    await within(30_000, 'blob store', s.delete(key));
    const after = await within(30_000, 'blob store', s.stat(key));
    if (!back.equals(body))
      return fail('blob store', `${shown}: the probe object read back differs from what was written`, blobStoreFix(config, null));
    if (after !== null) return fail('blob store', `${shown}: the probe object is still there after delete`, blobStoreFix(config, null));
    return ok('blob store', `${shown}: wrote, read back and deleted a probe object (${Math.round(performance.now() - started)} ms)`);
  } catch (err) {
    return fail('blob store', `${shown}: ${message(err)}`, blobStoreFix(config, err));
  } finally {
    (store as { close?: () => void } | null)?.close?.();
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

// ---- public URL ----------------------------------------------------------------------------------------

/** localhost, *.localhost, 127.0.0.0/8 and ::1: addresses only this machine reaches. */
export function isLocalHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h.endsWith('.localhost') || /^127\.\d+\.\d+\.\d+$/.test(h) || h === '::1';
}

/** `public URL`: set? http for a non-local address? */
export function checkPublicUrl(config: Config): CheckResult {
  const resolved = config.resolved.publicUrl;
  if (!config.publicUrl) {
    const scaleOut = !config.resolved.databaseUrl.startsWith('sqlite:');
    if (isLocalHost(config.host) && !scaleOut) {
      return ok('public URL', `not set: links are built on ${resolved}, which only this machine reaches (HOST=${config.host})`);
    }
    return warn(
      'public URL',
      `not set: signed links, permanent links and webhook download URLs are built on ${resolved}, which clients elsewhere cannot reach`,
      "set FOLIO_PUBLIC_URL to the URL clients use (your load balancer's), the same in every process",
    );
  }
  const u = new URL(resolved);
  if (u.protocol !== 'http:' && u.protocol !== 'https:') {
    return fail('public URL', `${resolved}: not an http(s) URL`, 'set FOLIO_PUBLIC_URL to https://<the host clients use>');
  }
  if (u.protocol === 'http:' && !isLocalHost(u.hostname)) {
    return warn(
      'public URL',
      `${resolved}: http:// for an address other machines use, so links (bearer tokens) and webhook download URLs travel unencrypted`,
      'serve Folio behind TLS (a load balancer or reverse proxy) and set FOLIO_PUBLIC_URL=https://…',
    );
  }
  return ok('public URL', resolved);
}

// ---- keys ----------------------------------------------------------------------------------------------

/** `secrets key` / `signing key`: configured, or generated where embedded mode allows it. Never prints a key. */
export function checkKey(config: Config, kind: 'secrets' | 'signing'): CheckResult {
  const name = `${kind} key`;
  const env = kind === 'secrets' ? 'FOLIO_SECRETS_KEY' : 'FOLIO_SIGNING_KEY';
  const configured = kind === 'secrets' ? config.secretsKey : config.signingKey;
  if (configured) return ok(name, `configured (${env})`);
  const generate = `generate one (openssl rand -base64 48), set ${env} to it in every process and keep it with your backups`;
  if (!config.resolved.databaseUrl.startsWith('sqlite:')) {
    return kind === 'secrets'
      ? fail(name, `${env} is not set; with PostgreSQL it is required (processes refuse to start without it)`, generate)
      : fail(
          name,
          `${env} is not set; with PostgreSQL no key is generated, so link requests answer 503 and webhooks of succeeded jobs cannot be built`,
          generate,
        );
  }
  const file = path.join(config.dataDir, kind === 'secrets' ? 'secrets.key' : 'signing.key');
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch {
    return warn(
      name,
      `${env} is not set and ${file} does not exist: the next start generates a new key there`,
      kind === 'secrets'
        ? 'nothing, on a new installation; if this one already stored webhook or deploy secrets, restore the old secrets.key from your backup first (secrets encrypted with a lost key cannot be read)'
        : 'nothing, on a new installation; otherwise restore the old signing.key from your backup, or outstanding signed links stop working',
    );
  }
  let length = 0;
  try {
    length = fs.readFileSync(file, 'utf8').trim().length;
  } catch (err) {
    return fail(
      name,
      `${file} cannot be read: ${message(err)}`,
      `make it readable by the user Folio runs as (and nobody else): chmod 600 ${file}`,
    );
  }
  if (length === 0) return fail(name, `${file} is empty`, `restore it from your backup, or set ${env}`);
  if ((stat.mode & 0o077) !== 0) {
    return warn(name, `generated in ${file}, but other users may read it (mode ${(stat.mode & 0o777).toString(8)})`, `chmod 600 ${file}`);
  }
  return ok(name, `generated in ${file} (embedded mode, mode 600; back it up with the database)`);
}

// ---- disk ----------------------------------------------------------------------------------------------

/** `disk`: the data dir is writable and has room (warn under DISK_WARN_BYTES, fail under DISK_FAIL_BYTES). */
export function checkDisk(config: Config): CheckResult {
  const dir = config.dataDir;
  let existing = dir;
  while (!fs.existsSync(existing) && path.dirname(existing) !== existing) existing = path.dirname(existing);
  const where = existing === dir ? dir : `${dir} (does not exist yet; measured on ${existing})`;
  try {
    fs.accessSync(existing, fs.constants.W_OK);
  } catch {
    return fail('disk', `${where} is not writable by this user`, `give the user Folio runs as write access to ${dir} (chown)`);
  }
  const s = fs.statfsSync(existing);
  const free = s.bavail * s.bsize;
  const total = s.blocks * s.bsize;
  const detail = `${formatBytes(free)} free of ${formatBytes(total)} in ${where}`;
  const fix = `free space or grow the volume of ${dir}: uploads are staged there, and the SQLite database and file blobs grow there`;
  if (free < DISK_FAIL_BYTES) return fail('disk', `${detail}: writes will soon be refused (507 insufficient_storage)`, fix);
  if (free < DISK_WARN_BYTES) return warn('disk', `${detail}: under ${formatBytes(DISK_WARN_BYTES)}`, fix);
  return ok('disk', detail);
}

// ---- fonts ---------------------------------------------------------------------------------------------

/** `fonts`: the families the set-up installs, as fontconfig (which Chromium uses) lists them. */
export async function checkFonts(): Promise<CheckResult> {
  let out: string;
  try {
    out = (await run('fc-list', [':', 'family'], { timeout: 15_000, maxBuffer: 16 * 1024 * 1024 })).stdout;
  } catch (err) {
    const missing = (err as NodeJS.ErrnoException).code === 'ENOENT';
    return warn(
      'fonts',
      missing ? 'fc-list is not installed, so the installed fonts cannot be listed' : `fc-list failed: ${message(err)}`,
      `apt-get install fontconfig (then run folio doctor again)`,
    );
  }
  const families = new Set(out.split('\n').flatMap((line) => line.split(',').map((f) => f.trim())));
  const has = (re: RegExp) => [...families].some((f) => re.test(f));
  const missing = FONT_REQUIREMENTS.filter((r) => !has(r.family));
  const present = FONT_REQUIREMENTS.filter((r) => has(r.family)).map((r) => `${r.label} (${r.pkg})`);
  if (missing.length > 0) {
    return warn(
      'fonts',
      `missing ${missing.map((r) => r.label).join(', ')}${present.length ? `; present: ${present.join(', ')}` : ''}: templates that ask for them print in a fallback font, and text no installed font covers prints as empty boxes`,
      `apt-get install ${missing.map((r) => r.pkg).join(' ')}`,
    );
  }
  const cjk = has(/^Noto (Sans|Serif) CJK/) ? ', Noto CJK (fonts-noto-cjk)' : '';
  return ok('fonts', `${present.join(', ')}${cjk}; ${families.size} families in all`);
}

// ---- PDF tools -----------------------------------------------------------------------------------------

/** A tool's version line (`pdfinfo version 22.12.0`, `qpdf version 11.3.0`), or why it did not answer. */
async function toolVersion(command: string, args: string[]): Promise<{ version: string } | { missing: boolean; error: string }> {
  try {
    const { stderr, stdout } = await run(command, args, { timeout: 15_000 });
    return { version: new RegExp(`${command} version (\\S+)`).exec(stderr + stdout)?.[1] ?? 'unknown version' };
  } catch (err) {
    return { missing: (err as NodeJS.ErrnoException).code === 'ENOENT', error: `${command} ${args.join(' ')} failed: ${message(err)}` };
  }
}

/**
 * `pdf tools`: poppler's pdfinfo, which the two-pass render of page references reads a print's named
 * destinations with (pdf/destinations.ts), and qpdf, which encrypts protected PDFs (pdf/protect.ts).
 * Without them those jobs fail; other jobs do not need them.
 */
export async function checkPdfTools(): Promise<CheckResult> {
  const pdfinfo = await toolVersion('pdfinfo', ['-v']);
  const qpdf = await toolVersion('qpdf', ['--version']);
  const problems: string[] = [];
  const packages: string[] = [];
  if (!('version' in pdfinfo)) {
    problems.push(
      pdfinfo.missing ? 'poppler-utils is not installed: jobs of versions with render.metadata.pdf.pageReferences fail' : pdfinfo.error,
    );
    packages.push('poppler-utils');
  }
  if (!('version' in qpdf)) {
    problems.push(qpdf.missing ? 'qpdf is not installed: jobs that ask for protection fail' : qpdf.error);
    packages.push('qpdf');
  }
  if (problems.length > 0) return warn('pdf tools', problems.join('; '), `apt-get install ${packages.join(' ')}`);
  return ok(
    'pdf tools',
    `poppler pdfinfo ${'version' in pdfinfo ? pdfinfo.version : ''} (page references), qpdf ${'version' in qpdf ? qpdf.version : ''} (protection)`,
  );
}

// ---- Chromium ------------------------------------------------------------------------------------------

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
  const sandbox = { chromiumUser: config.chromiumUser, noSandbox: config.chromiumNoSandbox };
  const out: CheckResult[] = [];
  try {
    planSandbox(sandbox);
    out.push(
      config.chromiumNoSandbox
        ? warn(
            'chromium sandbox',
            `${describeSandbox(sandbox)}: a renderer exploit in an untrusted template runs with the privileges of ${os.userInfo().username}`,
            'allow unprivileged user namespaces (docs/operations.md, "Chromium\'s sandbox") and unset FOLIO_CHROMIUM_NO_SANDBOX',
          )
        : ok('chromium sandbox', describeSandbox(sandbox)),
    );
  } catch {
    const user = config.chromiumUser;
    out.push(
      fail(
        'chromium sandbox',
        `Folio runs as root, so Chromium must run as an unprivileged user to keep its sandbox, and the user "${user}" does not exist`,
        `useradd --system --user-group --no-create-home --shell /usr/sbin/nologin ${user} (npm start's set-up does it), or name another user with FOLIO_CHROMIUM_USER`,
      ),
    );
    return out;
  }
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
      out.push(
        fail(
          'chromium print',
          `Chromium answered, but not with a 1-page PDF (${r.pageCount} pages, ${pdf.length} bytes)`,
          chromiumStartFix('', executable, config),
        ),
      );
    } else {
      out.push(ok('chromium print', `started and printed a 1-page PDF (${formatBytes(pdf.length)}) in ${ms} ms${product}`));
    }
  } catch (err) {
    const text = message(err);
    out.push(fail('chromium print', text, chromiumStartFix(text, executable, config)));
  } finally {
    await renderer.close();
  }
  return out;
}
