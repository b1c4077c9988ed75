// deployDirectory(): a folder in, a committed deploy version out. Files are hashed in parallel (bounded),
// then the four upload calls: session → missing-blobs → PUT only the missing blobs (bounded) → commit.
// Blobs are content-addressed, so a re-deploy of a folder where one file changed sends one blob.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { DeployVersion } from './api-types.js';
import { mapLimit } from './concurrency.js';
import { FolioApiError } from './errors.js';
import type { HttpCore } from './http.js';
import { latestVersion, sameAsLatest, treeHashOf } from './deploy-unchanged.js';
import type { JobWarningCode } from './warnings.js';

export interface DeployDirectoryOptions {
  /** Deploy to use, found by slug or created when none has it. Give `slug` or `deployId`. */
  slug?: string;
  /** An existing deploy (`dep_…`). */
  deployId?: string;
  /** Name of a deploy created here (default: the title, else the slug). */
  name?: string;
  /** Entry route of the version (default `/`; with `engine: 'docx'`, the folder's Word template: below). */
  route?: string;
  /**
   * `render.engine` of the version (default: the server tells it by the entry's extension). `docx` makes a
   * `.docx` entry a Word template filled from each job's payload; without `route` the entry is the folder's
   * `index.docx`, else its only `.docx` at the top level.
   */
  engine?: string;
  /** Title of the version (default: the slug, else the folder name). */
  title?: string;
  /** `render.renderTimeoutMs` of the version. */
  renderTimeoutMs?: number;
  /** `render.metadata` of the version (e.g. `{pdf: {format: 'A4'}, fileName: '{businessKey}.pdf'}`). */
  metadata?: Record<string, unknown>;
  /** `render.failOn` of the version: warning codes that fail its jobs instead of letting them succeed with the warning. */
  failOn?: JobWarningCode[];
  /** Point this alias (`production`, `preview`, …) at the new version. */
  alias?: string;
  /**
   * Commit a new version even when the folder and settings are identical to the deploy's latest version.
   * By default (false) such a deploy uploads and commits nothing: the latest version is the result, with
   * `unchanged: true` (every commit makes a version and counts one deploy commit, so the check is here).
   */
  newVersion?: boolean;
  /** Parallel file reads while hashing and parallel blob uploads (default 8 each). */
  concurrency?: number;
  hashConcurrency?: number;
  /** Include files and folders whose name starts with "." (default false). */
  includeDotfiles?: boolean;
  /** Include `node_modules` folders (default false). */
  includeNodeModules?: boolean;
  /**
   * Decides what is left out instead of includeDotfiles / includeNodeModules: called with each file's and
   * folder's path relative to the folder ("/"-separated; a folder's ends in "/"), true leaves it out (a
   * folder with everything in it). `folio deploy` passes the rules of the folder's `.folioignore` here.
   */
  ignore?: IgnorePredicate;
  /** Sent as the upload session's Idempotency-Key (default: a random key, so a retried create is safe). */
  idempotencyKey?: string;
  onProgress?: (event: DeployProgress) => void;
  signal?: AbortSignal;
}

export type DeployProgress =
  | { phase: 'scan'; files: number; bytes: number; ignored: number }
  | { phase: 'hash'; done: number; total: number; bytesDone: number; bytesTotal: number }
  | { phase: 'check'; files: number }
  | { phase: 'upload'; done: number; total: number; bytesDone: number; bytesTotal: number }
  | { phase: 'commit' }
  | { phase: 'alias'; alias: string };

export interface DeployDirectoryResult {
  deployId: string;
  slug: string | null;
  /** True when this call created the deploy. */
  createdDeploy: boolean;
  deployVersion: DeployVersion;
  /** True when the folder and settings equal the deploy's latest version, which is `deployVersion`: nothing was uploaded or committed. */
  unchanged: boolean;
  /** The version number (`vK`). */
  version: number;
  /** Files in the version. */
  files: number;
  /** Distinct blobs the server did not have and that were uploaded now. */
  newBlobs: number;
  /** Bytes of file content sent in blob uploads. */
  bytesSent: number;
  /** Total bytes of the version's files. */
  totalBytes: number;
  alias: string | null;
  /** What was left out (by `.folioignore` and the defaults), "/"-separated; a left-out folder ends in "/". */
  ignored: string[];
}

export interface LocalFile {
  /** Bundle path, "/"-separated, relative to the folder. */
  path: string;
  abs: string;
  size: number;
  sha256: string;
}

/** Says whether a path ("/"-separated, relative to the folder; a folder's ends in "/") is left out. */
export type IgnorePredicate = (relPath: string) => boolean;

export interface ListDirectoryOptions {
  includeDotfiles?: boolean;
  includeNodeModules?: boolean;
  /** Replaces includeDotfiles / includeNodeModules when given. */
  ignore?: IgnorePredicate;
}

export interface DirectoryListing {
  files: Array<{ path: string; abs: string; size: number }>;
  /** Paths left out, sorted; a folder left out (with everything in it) ends in "/". */
  ignored: string[];
}

/**
 * Files of a folder as a deploy sees them: regular files (symlinks followed); dotfiles and node_modules
 * left out unless asked, or what `opts.ignore` says.
 */
export async function scanDirectory(dir: string, opts: ListDirectoryOptions = {}): Promise<DirectoryListing> {
  const root = path.resolve(dir);
  const st = await fsp.stat(root).catch(() => null);
  if (!st) throw new Error(`folder not found: ${dir}`);
  if (!st.isDirectory()) throw new Error(`not a folder: ${dir}`);
  const ignores: IgnorePredicate =
    opts.ignore ??
    ((rel) => {
      const name = rel.replace(/\/$/, '').split('/').pop()!;
      return (!opts.includeDotfiles && name.startsWith('.')) || (!opts.includeNodeModules && rel.endsWith('/') && name === 'node_modules');
    });
  const out: DirectoryListing['files'] = [];
  const ignored: string[] = [];
  const seen = new Set<string>();
  const walk = async (abs: string, rel: string): Promise<void> => {
    const real = await fsp.realpath(abs);
    if (seen.has(real)) return; // a symlink loop
    seen.add(real);
    const entries = await fsp.readdir(abs, { withFileTypes: true });
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const e of entries) {
      const childAbs = path.join(abs, e.name);
      const childRel = rel ? `${rel}/${e.name}` : e.name;
      let isDir = e.isDirectory();
      let isFile = e.isFile();
      let size = 0;
      if (e.isSymbolicLink() || isFile) {
        const s = await fsp.stat(childAbs).catch(() => null);
        if (!s) continue; // dangling symlink
        isDir = s.isDirectory();
        isFile = s.isFile();
        size = s.size;
      }
      if (isDir) {
        // As in git: a folder left out is not entered, so a rule cannot re-include a file inside it.
        if (ignores(`${childRel}/`)) ignored.push(`${childRel}/`);
        else await walk(childAbs, childRel);
      } else if (isFile) {
        if (ignores(childRel)) ignored.push(childRel);
        else out.push({ path: childRel, abs: childAbs, size });
      }
    }
  };
  await walk(root, '');
  ignored.sort();
  return { files: out, ignored };
}

/** The files of scanDirectory() (what a deploy uploads). */
export async function listDirectory(
  dir: string,
  opts: ListDirectoryOptions = {},
): Promise<Array<{ path: string; abs: string; size: number }>> {
  return (await scanDirectory(dir, opts)).files;
}

async function hashFile(abs: string, signal?: AbortSignal): Promise<string> {
  const h = createHash('sha256');
  await pipeline(fs.createReadStream(abs, { highWaterMark: 256 * 1024 }), h, { signal });
  return h.digest('hex');
}

/** A valid deploy slug from a folder name: lowercase, `[a-z0-9-]`, at most 63 characters. */
export function slugify(name: string): string {
  const s = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 63)
    .replace(/-+$/, '');
  return s || 'site';
}

/** The deploy with this slug, or null (pages through GET /v1/deploys: there is no slug filter). */
export async function findDeployBySlug(
  http: HttpCore,
  slug: string,
  signal?: AbortSignal,
): Promise<{ id: string; slug: string; name: string } | null> {
  let cursor: string | undefined;
  do {
    const page = await http.call('GET /v1/deploys', { query: { limit: 100, ...(cursor ? { cursor } : {}) }, signal });
    const hit = page.items.find((d) => d.slug === slug);
    if (hit) return hit;
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return null;
}

/** The route of a folder's Word template: its index.docx, else its only .docx at the top level. */
function wordTemplateRoute(dir: string, files: ReadonlyArray<{ path: string }>): string {
  const top = files.map((f) => f.path).filter((p) => !p.includes('/') && p.toLowerCase().endsWith('.docx'));
  if (top.includes('index.docx')) return '/index.docx';
  if (top.length === 1) return `/${top[0]}`;
  throw new Error(
    top.length === 0
      ? `engine docx: ${dir} has no .docx file at its top level to be the template`
      : `engine docx: ${dir} has ${top.length} .docx files at its top level (${top.slice(0, 5).join(', ')}); name the template with route (--route /name.docx) or call it index.docx`,
  );
}

/** Every file hashed, `hashConcurrency` at a time, with progress. */
async function hashFiles(
  listed: Array<Omit<LocalFile, 'sha256'>>,
  opts: DeployDirectoryOptions,
  progress: (p: DeployProgress) => void,
  bytesTotal: number,
): Promise<LocalFile[]> {
  const signal = opts.signal;
  let hashed = 0;
  let hashedBytes = 0;
  progress({ phase: 'hash', done: 0, total: listed.length, bytesDone: 0, bytesTotal });
  return mapLimit(listed, opts.hashConcurrency ?? Math.max(8, opts.concurrency ?? 8), async (f) => {
    const sha256 = await hashFile(f.abs, signal);
    hashed++;
    hashedBytes += f.size;
    progress({ phase: 'hash', done: hashed, total: listed.length, bytesDone: hashedBytes, bytesTotal });
    return { ...f, sha256 };
  });
}

/** The blobs the server is missing, PUT `concurrency` at a time (each retried as a whole), with progress. */
async function uploadBlobs(
  http: HttpCore,
  sessionId: string,
  tokenHeader: Record<string, string>,
  missingBlobs: ReadonlyArray<{ sha256: string }>,
  files: LocalFile[],
  opts: DeployDirectoryOptions,
  progress: (p: DeployProgress) => void,
): Promise<{ newBlobs: number; bytesSent: number }> {
  const signal = opts.signal;
  const byHash = new Map(files.map((f) => [f.sha256, f]));
  const toUpload = missingBlobs.map((b) => byHash.get(b.sha256)).filter((f): f is LocalFile => f !== undefined);
  const uploadBytesTotal = toUpload.reduce((n, f) => n + f.size, 0);
  let uploaded = 0;
  let bytesSent = 0;
  let newBlobs = 0;
  progress({ phase: 'upload', done: 0, total: toUpload.length, bytesDone: 0, bytesTotal: uploadBytesTotal });
  await mapLimit(toUpload, opts.concurrency ?? 8, async (f) => {
    // Read into memory (≤ 10 MiB per blob): a retried PUT must be able to send the bytes again.
    const bytes = await fsp.readFile(f.abs, { signal });
    const res = await http.send({
      method: 'PUT',
      url: `/v1/upload-sessions/${encodeURIComponent(sessionId)}/blobs/${f.sha256}`,
      bytes,
      headers: tokenHeader,
      signal,
      retrySafe: true,
      what: `PUT blob ${f.path}`,
    });
    const body = (await res.json()) as { alreadyPresent: boolean };
    uploaded++;
    bytesSent += bytes.length;
    if (!body.alreadyPresent) newBlobs++;
    progress({ phase: 'upload', done: uploaded, total: toUpload.length, bytesDone: bytesSent, bytesTotal: uploadBytesTotal });
  });

  return { newBlobs, bytesSent };
}
/**
 * The upload session, for the given or found deploy, or with a deploy created inline (one transaction on
 * the server). A slug someone created between the lookup and the session is theirs: the session is for it.
 */
async function openSession(
  http: HttpCore,
  opts: DeployDirectoryOptions,
  found: string | null,
  slug: string | null,
  descriptors: Array<{ path: string; sha256: string; size: number }>,
) {
  let deployId = found;
  const createSession = async () => {
    const target = deployId ? { deployId } : { createDeploy: { slug: slug!, name: opts.name ?? opts.title ?? slug! } };
    return http.call('POST /v1/upload-sessions', {
      body: { ...target, files: descriptors },
      idempotencyKey: opts.idempotencyKey,
      signal: opts.signal,
    });
  };
  try {
    return { session: await createSession(), createdDeploy: !opts.deployId && deployId === null };
  } catch (err) {
    if (!(err instanceof FolioApiError && err.code === 'deploy_slug_conflict' && !deployId)) throw err;
    deployId = (await findDeployBySlug(http, slug!, opts.signal))?.id ?? null;
    if (!deployId) throw err;
    return { session: await createSession(), createdDeploy: false };
  }
}

export async function deployDirectory(http: HttpCore, dir: string, opts: DeployDirectoryOptions): Promise<DeployDirectoryResult> {
  if (!opts.slug && !opts.deployId) throw new TypeError('deployDirectory: give slug or deployId');
  const progress = opts.onProgress ?? (() => {});
  const signal = opts.signal;
  const { files: listed, ignored } = await scanDirectory(dir, opts);
  if (listed.length === 0)
    throw new Error(
      `nothing to deploy: ${dir} has no files${ignored.length ? ` (${ignored.length} left out: ${ignored.slice(0, 5).join(', ')}${ignored.length > 5 ? ', …' : ''})` : ''}`,
    );
  const route = opts.route ?? (opts.engine === 'docx' ? wordTemplateRoute(dir, listed) : '/');
  const bytesTotal = listed.reduce((n, f) => n + f.size, 0);
  progress({ phase: 'scan', files: listed.length, bytes: bytesTotal, ignored: ignored.length });

  const files = await hashFiles(listed, opts, progress, bytesTotal);
  const descriptors = files.map((f) => ({ path: f.path, sha256: f.sha256, size: f.size }));
  const render = {
    route,
    title: opts.title ?? opts.slug ?? path.basename(path.resolve(dir)),
    ...(opts.engine !== undefined ? { engine: opts.engine } : {}),
    ...(opts.renderTimeoutMs !== undefined ? { renderTimeoutMs: opts.renderTimeoutMs } : {}),
    ...(opts.metadata !== undefined ? { metadata: opts.metadata } : {}),
    ...(opts.failOn !== undefined ? { failOn: opts.failOn } : {}),
  };

  // The deploy: given, found by slug, or created inline with the session (one transaction on the server).
  let deployId = opts.deployId ?? null;
  const slug = opts.slug ?? null;
  if (!deployId) deployId = (await findDeployBySlug(http, slug!, signal))?.id ?? null;

  /** Points the alias at the resulting version (when asked) and answers the result. */
  const finish = async (
    deployVersion: DeployVersion,
    sent: Pick<DeployDirectoryResult, 'createdDeploy' | 'unchanged' | 'newBlobs' | 'bytesSent'>,
  ): Promise<DeployDirectoryResult> => {
    if (opts.alias) {
      progress({ phase: 'alias', alias: opts.alias });
      await http.call('PUT /v1/deploys/{deployId}/aliases/{alias}', {
        path: { deployId: deployVersion.deployId, alias: opts.alias },
        body: { deployVersionId: deployVersion.id },
        signal,
      });
    }
    return {
      ...sent,
      deployId: deployVersion.deployId,
      slug,
      deployVersion,
      version: deployVersion.versionNo,
      files: files.length,
      totalBytes: bytesTotal,
      alias: opts.alias ?? null,
      ignored,
    };
  };

  // Nothing changed since the deploy's latest version: that version is the answer, with nothing sent.
  const latest = deployId && !opts.newVersion ? await latestVersion(http, deployId, signal) : null;
  if (latest && sameAsLatest(latest, treeHashOf(descriptors), render))
    return finish(latest, { createdDeploy: false, unchanged: true, newBlobs: 0, bytesSent: 0 });
  const { session, createdDeploy } = await openSession(http, opts, deployId, slug, descriptors);
  const sessionId = session.uploadSession.id;
  const tokenHeader = { 'x-upload-token': session.uploadToken };

  progress({ phase: 'check', files: files.length });
  const missing = await http.call('POST /v1/upload-sessions/{uploadSessionId}/missing-blobs', {
    path: { uploadSessionId: sessionId },
    body: { files: descriptors },
    headers: tokenHeader,
    signal,
  });
  const { newBlobs, bytesSent } = await uploadBlobs(http, sessionId, tokenHeader, missing.missingBlobs, files, opts, progress);

  progress({ phase: 'commit' });
  const committed = await http.call('POST /v1/upload-sessions/{uploadSessionId}/commit', {
    path: { uploadSessionId: sessionId },
    body: {
      entries: files.map((f) => ({ path: f.path, blobHash: f.sha256, size: f.size })),
      render,
    },
    headers: tokenHeader,
    signal,
  });
  return finish(committed.deployVersion, { createdDeploy, unchanged: false, newBlobs, bytesSent });
}
