// The rules that decide whether the files of an upload session form a valid deploy version, without I/O:
// paths and media types of the entries, the plan's per-commit limits, the render route, timeout and
// metadata, and (given what the account owns) the blobs. services/deploys/uploads.ts runs them around its reads,
// in this order, and turns a refusal into the AppError of the same code.
import { failOnProblem, type JobWarningCode } from '../jobs/job-warnings.js';
import { normalizeBundlePath, resolveRoute } from './file-paths.js';
import { isValidMime, mimeForPath } from './mime.js';
import { fixtureName, MAX_VERSION_FIXTURES } from './snapshot-files.js';
import { resolveEngine, type VersionEngine } from './template-engines.js';
import type { PlanPolicy } from '../accounts/plans.js';
import type { PackEntry } from './render-pack.js';

/** The body of `POST /v1/upload-sessions/{id}/commit`. */
export interface CommitRequest {
  entries: { path: string; blobHash: string; size: number; mime?: string }[];
  /** Accepted and ignored: every commit makes a new version (clients skip an unchanged upload themselves). */
  newVersion?: boolean;
  render: {
    route: string;
    title: string;
    renderTimeoutMs?: number;
    metadata?: Record<string, unknown>;
    failOn?: unknown;
    /** The entry's template language (domain/deploys/template-engines.ts); inferred from its extension when absent. */
    engine?: unknown;
  };
}

/** Validates the metadata of a commit (the render issue plugs in the PDF options check): a problem, or null. */
export type MetadataValidator = (metadata: Record<string, unknown>) => string | null;

/**
 * The plan limits a commit is held to, and the largest fixture (`tests/<name>.json`, a payload a version
 * check prints: the server's payload limit) when the caller holds fixtures to one.
 */
export type CommitPolicy = Pick<PlanPolicy, 'maxFilesPerDeployCommit' | 'maxBytesPerDeployCommit' | 'maxRenderTimeoutMs'> & {
  maxFixtureBytes?: number;
};

/** Longest `render.metadata` as JSON, in UTF-16 code units (String#length). */
export const MAX_METADATA_JSON_LENGTH = 64 * 1024;

/** Why a commit is refused: an error code of src/errors/codes.ts, its message and details. */
export interface CommitRefusal {
  ok: false;
  code: 'invalid_path' | 'invalid_request' | 'deploy_commit_policy_limit_exceeded' | 'blob_missing';
  message: string;
  details?: Record<string, unknown>;
}

/** A commit that passed checkCommit. */
export interface CheckedCommit {
  ok: true;
  /** One per request entry, in the request's order: normalised path, media type defaulted from the path. */
  entries: PackEntry[];
  totalBytes: number;
  /** The file `render.route` resolves to. */
  entryPath: string;
  /** `render.metadata` serialised, or null without metadata. */
  metadataJson: string | null;
  /** `render.failOn` serialised (its codes, once each), or null when it names none. */
  failOnJson: string | null;
  /** The entry's template language (or `docx`: a Word template), or null for HTML. */
  engine: VersionEngine | null;
}

const refuse = (code: CommitRefusal['code'], message: string, details?: Record<string, unknown>): CommitRefusal =>
  details === undefined ? { ok: false, code, message } : { ok: false, code, message, details };

/**
 * Everything about a commit that needs no I/O, first refusal wins, in this order: each entry's path
 * (invalid, duplicate) and media type; at least one entry; the plan's file count and byte limits; the
 * route (begins with "/", resolves to a file); the render timeout against the plan; the metadata
 * (`validateMetadata`, then its serialised length).
 */
export function checkCommit(
  request: CommitRequest,
  policy: CommitPolicy,
  validateMetadata: MetadataValidator | null,
): CheckedCommit | CommitRefusal {
  const entries: PackEntry[] = [];
  const seen = new Set<string>();
  let totalBytes = 0;
  for (const [i, e] of request.entries.entries()) {
    const p = normalizeBundlePath(e.path);
    if (!p.ok) return refuse('invalid_path', `entries[${i}].path: ${p.reason}`, { field: `entries[${i}].path` });
    if (seen.has(p.path)) return refuse('invalid_path', `entries[${i}].path: duplicate path ${p.path}`, { field: `entries[${i}].path` });
    seen.add(p.path);
    if (e.mime !== undefined && !isValidMime(e.mime))
      return refuse('invalid_request', `entries[${i}].mime is not a valid media type`, { field: `entries[${i}].mime` });
    // Key order matters: the render index is this list as JSON, and its hash names the render pack.
    entries.push({ path: p.path, sha256: e.blobHash, size: e.size, mime: e.mime ?? mimeForPath(p.path) });
    totalBytes += e.size;
  }
  if (entries.length === 0) return refuse('invalid_request', 'entries must list at least one file', { field: 'entries' });
  if (policy.maxFilesPerDeployCommit !== null && entries.length > policy.maxFilesPerDeployCommit) {
    return refuse(
      'deploy_commit_policy_limit_exceeded',
      `the version has ${entries.length} files; the plan allows ${policy.maxFilesPerDeployCommit}`,
    );
  }
  if (policy.maxBytesPerDeployCommit !== null && totalBytes > policy.maxBytesPerDeployCommit) {
    return refuse(
      'deploy_commit_policy_limit_exceeded',
      `the version has ${totalBytes} bytes; the plan allows ${policy.maxBytesPerDeployCommit}`,
    );
  }
  const fixtureRefused = checkFixtures(entries, policy.maxFixtureBytes);
  if (fixtureRefused) return fixtureRefused;
  const { route, renderTimeoutMs, metadata } = request.render;
  if (!route.startsWith('/')) return refuse('invalid_request', 'render.route must begin with "/"', { field: 'render.route' });
  const entryPath = resolveRoute(route, (p) => seen.has(p));
  if (!entryPath) {
    return refuse(
      'invalid_request',
      `render.route ${route} resolves to no file of the version (tried ${route}, ${route}.html, index.html and the template extensions .hbs, .liquid, .njk, .mustache, .md)`,
      { field: 'render.route' },
    );
  }
  const engine = resolveEngine(request.render.engine, entryPath);
  if ('problem' in engine) return refuse('invalid_request', engine.problem, { field: 'render.engine' });
  if (renderTimeoutMs !== undefined && policy.maxRenderTimeoutMs !== null && renderTimeoutMs > policy.maxRenderTimeoutMs) {
    return refuse(
      'deploy_commit_policy_limit_exceeded',
      `render.renderTimeoutMs ${renderTimeoutMs} exceeds the plan's maxRenderTimeoutMs ${policy.maxRenderTimeoutMs}`,
    );
  }
  if (metadata !== undefined && validateMetadata) {
    const problem = validateMetadata(metadata);
    if (problem) return refuse('invalid_request', problem, { field: 'render.metadata' });
  }
  const metadataJson = metadata === undefined ? null : JSON.stringify(metadata);
  if (metadataJson !== null && metadataJson.length > MAX_METADATA_JSON_LENGTH)
    return refuse('invalid_request', 'render.metadata must serialise to at most 64 KiB', { field: 'render.metadata' });
  const failOn = request.render.failOn;
  const failOnRefused = failOnProblem(failOn, 'render.failOn');
  if (failOnRefused) return refuse('invalid_request', failOnRefused, { field: 'render.failOn' });
  const codes = [...new Set(failOn as JobWarningCode[] | undefined)];
  return {
    ok: true,
    entries,
    totalBytes,
    entryPath,
    metadataJson,
    failOnJson: codes.length ? JSON.stringify(codes) : null,
    engine: engine.engine,
  };
}

/** A version's fixtures: at most MAX_VERSION_FIXTURES, each within `maxBytes` (a payload's limit). */
function checkFixtures(entries: readonly PackEntry[], maxBytes: number | undefined): CommitRefusal | null {
  let count = 0;
  for (const [i, e] of entries.entries()) {
    if (fixtureName(e.path) === null) continue;
    count++;
    if (maxBytes !== undefined && e.size > maxBytes)
      return refuse(
        'deploy_commit_policy_limit_exceeded',
        `entries[${i}]: the fixture ${e.path.replace(/^\//, '')} is ${e.size} bytes; a fixture is a payload, and a payload may be at most ${maxBytes} bytes`,
        { field: `entries[${i}]` },
      );
  }
  if (count > MAX_VERSION_FIXTURES)
    return refuse(
      'deploy_commit_policy_limit_exceeded',
      `the version has ${count} fixtures (tests/*.json); a version may carry at most ${MAX_VERSION_FIXTURES}`,
      { field: 'entries' },
    );
  return null;
}

/**
 * Every entry must name a blob the account uploaded itself, with the entry's size. `owned` maps the
 * account's blobs among the entries' hashes to their sizes. Null when all are owned; else blob_missing
 * naming the first entries (in the request's order) that are not.
 */
export function checkBlobsOwned(entries: readonly PackEntry[], owned: ReadonlyMap<string, number>): CommitRefusal | null {
  const missing = entries.filter((e) => owned.get(e.sha256) !== e.size);
  if (missing.length === 0) return null;
  return refuse(
    'blob_missing',
    `${missing.length} entr${missing.length === 1 ? 'y names a blob' : 'ies name blobs'} this account has not uploaded (or with another size): ${missing
      .slice(0, 5)
      .map((m) => m.path)
      .join(', ')}`,
    {
      field: 'entries',
      missing: missing.slice(0, 100).map((m) => ({ path: m.path, blobHash: m.sha256 })),
    },
  );
}
