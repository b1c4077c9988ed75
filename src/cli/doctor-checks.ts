// The `folio doctor` checks of the installation's settings and stores: the database and its migrations,
// the blob store, the public URL and the keys. They read; the only thing they write is a probe object in
// the blob store (deleted at once). Never a database, a key file or a data dir. The checks of the machine
// are in doctor-host.ts and doctor-chromium.ts, what a check answers in doctor-result.ts.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../config/load.js';
import { databaseErrorFix, databasePresence, migrationState, redactDatabaseUrl } from './doctor-database.js';
import { fail, message, ok, warn, within, type CheckResult } from './doctor-result.js';

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
