// The rules for a render job's inline sources (`html` or `markdown`, plus `files`, or the multipart parts), without I/O:
// the paths (the bundle path rules of file-paths.ts), the base64 of each file, and the plan's limits. A
// refusal names the field the client sent (`html`, `files["img/logo.png"]`); services/deploys/inline-sources.ts
// turns the files into the entries of a commit (domain/deploys/commit-check.ts) of the account's inline deploy.
import { isBase64 } from '../base64.js';
import { createHash } from 'node:crypto';
import { normalizeBundlePath } from '../deploys/file-paths.js';
import { isOfficeFileName } from '../office/office-input.js';
import { MAX_INLINE_BYTES_CEILING, MAX_INLINE_FILES_CEILING, type PlanPolicy } from '../accounts/plans.js';

/** The path the inline `html` is stored under: the entry document of the version (route `/`). */
export const INLINE_ENTRY_PATH = '/index.html';
/** The path inline `markdown` is stored under: the entry of a Markdown version (route `/`). */
export const INLINE_MARKDOWN_PATH = '/index.md';
/** The slug of the per-account inline deploy: outside SLUG_PATTERN, so no deploy of a client can take it. */
export const INLINE_DEPLOY_SLUG = '_inline';

export type InlinePolicy = Pick<PlanPolicy, 'maxInlineHtmlBytes' | 'maxInlineFilesPerJob' | 'maxInlineBytesPerJob'>;

/** Exactly one of `html` and `markdown` (the entry document). */
export interface InlineSourcesRequest {
  html?: string;
  markdown?: string;
  /** Instead of html or markdown: the path among `files` of an Office document, the version's entry (converted). */
  entry?: string;
  /**
   * The template language of `html` (domain/deploys/template-engines.ts): absent or "html" for a plain page; with
   * `markdown` it can only be "markdown".
   */
  engine?: string;
  /** Path → base64 bytes. */
  files?: Record<string, string>;
}

export interface InlineFile {
  /** Normalised (leading "/"). */
  path: string;
  bytes: Buffer;
  sha256: string;
}

export interface CheckedInlineSources {
  ok: true;
  /** The entry document first, then the files in the request's order. */
  files: InlineFile[];
  totalBytes: number;
}

export interface InlineRefusal {
  ok: false;
  code: 'invalid_request' | 'invalid_path' | 'body_too_large';
  message: string;
  details: { field: string; limit?: string };
}

/** The field of a file as the client names it: `files["img/logo.png"]` (the key as sent). */
export const inlineFileField = (key: string) => `files[${JSON.stringify(key)}]`;

const refuse = (code: InlineRefusal['code'], field: string, message: string, limit?: string): InlineRefusal => ({
  ok: false,
  code,
  message,
  details: limit === undefined ? { field } : { field, limit },
});

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/**
 * First refusal wins, in this order: the html's size; the file count; each file's path (valid, not the
 * entry document, no duplicate after normalisation), base64 and size (`maxSingleFileBytes`); the total.
 * Sizes are of the decoded bytes; the html counts as UTF-8.
 */
export function checkInlineSources(
  request: InlineSourcesRequest,
  policy: InlinePolicy,
  maxSingleFileBytes: number,
): CheckedInlineSources | InlineRefusal {
  if (request.entry !== undefined) return checkInlineOffice(request, policy, maxSingleFileBytes);
  const entryField = request.markdown !== undefined ? 'markdown' : 'html';
  const entryPath = entryField === 'markdown' ? INLINE_MARKDOWN_PATH : INLINE_ENTRY_PATH;
  const html = Buffer.from(request.markdown ?? request.html ?? '', 'utf8');
  if (html.length === 0) return refuse('invalid_request', entryField, `${entryField} must not be empty`);
  const htmlMax = Math.min(policy.maxInlineHtmlBytes ?? maxSingleFileBytes, maxSingleFileBytes);
  if (html.length > htmlMax)
    return refuse(
      'body_too_large',
      entryField,
      `${entryField} is ${html.length} bytes; the plan allows ${htmlMax} (maxInlineHtmlBytes)`,
      'maxInlineHtmlBytes',
    );
  const keys = Object.keys(request.files ?? {});
  const maxFiles = Math.min(policy.maxInlineFilesPerJob ?? MAX_INLINE_FILES_CEILING, MAX_INLINE_FILES_CEILING);
  if (keys.length > maxFiles)
    return refuse(
      'body_too_large',
      'files',
      `files has ${keys.length} entries; the plan allows ${maxFiles} (maxInlineFilesPerJob)`,
      'maxInlineFilesPerJob',
    );
  const files: InlineFile[] = [{ path: entryPath, bytes: html, sha256: sha(html) }];
  const seen = new Set([entryPath]);
  let totalBytes = html.length;
  for (const key of keys) {
    const field = inlineFileField(key);
    const p = normalizeBundlePath(key);
    if (!p.ok) return refuse('invalid_path', field, `${field}: ${p.reason}`);
    if (p.path === entryPath)
      return refuse('invalid_path', field, `${field}: ${entryPath.slice(1)} is the ${entryField} itself; send it as ${entryField}`);
    if (seen.has(p.path)) return refuse('invalid_path', field, `${field}: duplicate path ${p.path}`);
    seen.add(p.path);
    const b64 = request.files![key];
    if (typeof b64 !== 'string' || !isBase64(b64))
      return refuse('invalid_request', field, `${field} must be base64 (RFC 4648, with padding)`);
    const bytes = Buffer.from(b64, 'base64');
    if (bytes.length > maxSingleFileBytes)
      return refuse('body_too_large', field, `${field} is ${bytes.length} bytes; a file may be at most ${maxSingleFileBytes}`);
    totalBytes += bytes.length;
    files.push({ path: p.path, bytes, sha256: sha(bytes) });
  }
  const max = Math.min(policy.maxInlineBytesPerJob ?? MAX_INLINE_BYTES_CEILING, MAX_INLINE_BYTES_CEILING);
  if (totalBytes > max)
    return refuse(
      'body_too_large',
      'files',
      `${entryField} and files are ${totalBytes} bytes; the plan allows ${max} (maxInlineBytesPerJob)`,
      'maxInlineBytesPerJob',
    );
  return { ok: true, files, totalBytes };
}

/**
 * Inline sources whose entry is an Office document among `files` (`entry` names it): the file exists and
 * has an extension LibreOffice converts; then the same file rules as html's files. The document's own
 * content is judged by domain/office/office-input.ts.
 */
function checkInlineOffice(request: InlineSourcesRequest, policy: InlinePolicy, maxSingleFileBytes: number) {
  const entry = normalizeBundlePath(request.entry!);
  if (!entry.ok) return refuse('invalid_path', 'entry', `entry: ${entry.reason}`);
  if (!isOfficeFileName(entry.path))
    return refuse('invalid_request', 'entry', `entry ${request.entry} is not an Office document LibreOffice converts (by its extension)`);
  const files = request.files ?? {};
  if (
    !Object.keys(files).some((k) => {
      const n = normalizeBundlePath(k);
      return n.ok && n.path === entry.path;
    })
  )
    return refuse('invalid_request', 'entry', `entry ${request.entry} names no file of files`);
  // The entry is one of the files: checked as html's files are, with an empty html that is not stored.
  const checked = checkInlineSources({ html: ' ', files }, policy, maxSingleFileBytes);
  if (!checked.ok) return checked;
  const rest = checked.files.slice(1);
  const first = rest.findIndex((f) => f.path === entry.path);
  const ordered = [rest[first]!, ...rest.filter((_, i) => i !== first)];
  return { ok: true as const, files: ordered, totalBytes: checked.totalBytes - 1 };
}
