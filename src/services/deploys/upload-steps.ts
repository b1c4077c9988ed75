// The steps of uploads (services/deploys/uploads.ts runs them): the declared files checked, the storage refusal, and
// at commit the account's own blobs and their sizes, the version's signing certificate, the session claimed
// once, the blobs touched against a concurrent garbage collection, and the deploy's version counter.
import { blobKey } from '../../blobs/keys.js';
import type { Transaction } from 'kysely';
import type { Tables } from '../../db/tables.js';
import { AppError } from '../../errors/app-error.js';
import type { ServiceContext } from '../context.js';
import { normalizeBundlePath } from '../../domain/deploys/file-paths.js';
import { MAX_SINGLE_FILE_BYTES } from '../accounts/usage.js';
import { isValidMime } from '../../domain/deploys/mime.js';
import { certificateValidityProblem } from '../../domain/pdfs/document-options.js';

type Trx = Transaction<Tables>;

export interface FileDescriptor {
  path: string;
  sha256: string;
  size: number;
  mime?: string;
}

/** Sizes of the account's own blobs among `hashes`: one indexed query per 500 hashes. */
export async function ownedBlobSizes(ctx: ServiceContext, accountId: string, hashes: string[]): Promise<Map<string, number>> {
  const owned = new Map<string, number>();
  for (let i = 0; i < hashes.length; i += 500) {
    const rows = await ctx.db
      .selectFrom('account_blobs')
      .select(['sha256', 'size'])
      .where('account_id', '=', accountId)
      .where('sha256', 'in', hashes.slice(i, i + 500))
      .execute();
    for (const r of rows) owned.set(r.sha256, Number(r.size));
  }
  return owned;
}

/**
 * `render.metadata.pdf.signature` names a certificate of the account, valid now: another account's or an
 * unknown id is 404, an expired one or one not valid yet 400, as for a job (certificateValidityProblem).
 * Each job checks it again when it renders.
 */
export async function checkVersionSignature(
  ctx: ServiceContext,
  accountId: string,
  metadata: Record<string, unknown> | undefined,
): Promise<void> {
  const pdf = metadata?.pdf as { signature?: { certificateId?: unknown } } | undefined;
  const id = pdf?.signature?.certificateId;
  if (typeof id !== 'string') return;
  const field = 'render.metadata.pdf.signature.certificateId';
  const cert = await ctx.db
    .selectFrom('signing_certificates')
    .select(['not_before', 'not_after'])
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  if (!cert) throw new AppError('signing_certificate_not_found', `signing certificate ${id} not found`, { field });
  const validity = { notBefore: Number(cert.not_before), notAfter: Number(cert.not_after) };
  const problem = certificateValidityProblem(id, validity, ctx.clock.now(), field);
  if (problem) throw new AppError('invalid_request', problem.message, { field });
}

/** open → committed, once: of two commits of one session, the second gets 409. */
export async function claimSession(trx: Trx, sessionId: string): Promise<void> {
  const claimed = await trx
    .updateTable('upload_sessions')
    .set({ status: 'committed' })
    .where('id', '=', sessionId)
    .where('status', '=', 'open')
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0)
    throw new AppError('upload_session_committed', `upload session ${sessionId} was already committed`);
}

/**
 * Touch (and on PostgreSQL row-lock) the blobs this version uses: a concurrent garbage collection
 * re-checks last_used_at and spares them; one that already removed some makes the commit fail cleanly.
 */
export async function touchBlobs(trx: Trx, accountId: string, hashes: string[], now: number): Promise<void> {
  let touched = 0;
  for (let i = 0; i < hashes.length; i += 500) {
    const r = await trx
      .updateTable('account_blobs')
      .set({ last_used_at: now })
      .where('account_id', '=', accountId)
      .where('sha256', 'in', hashes.slice(i, i + 500))
      .executeTakeFirst();
    touched += Number(r.numUpdatedRows);
  }
  if (touched !== hashes.length)
    throw new AppError('blob_missing', 'some blobs of this version were removed meanwhile; upload them again', { field: 'entries' });
}

/** The per-deploy counter (not max+1) so a number is never reused after its version is deleted. */
export async function nextVersionNo(trx: Trx, deployId: string): Promise<number> {
  const counter = await trx
    .updateTable('deploys')
    .set((eb) => ({ last_version_no: eb('last_version_no', '+', 1) }))
    .where('id', '=', deployId)
    .returning('last_version_no')
    .executeTakeFirst();
  if (!counter) throw new AppError('deploy_not_found', `deploy ${deployId} was deleted`);
  return counter.last_version_no;
}

/** The files a session declares: valid, distinct paths, each within the file size limit, valid media types; their total bytes. */
export function checkDescriptors(files: FileDescriptor[], field: string): number {
  const seen = new Set<string>();
  let bytes = 0;
  for (const [i, f] of files.entries()) {
    const p = normalizeBundlePath(f.path);
    if (!p.ok) throw new AppError('invalid_path', `${field}[${i}].path: ${p.reason}`, { field: `${field}[${i}].path` });
    if (seen.has(p.path))
      throw new AppError('invalid_path', `${field}[${i}].path: duplicate path ${p.path}`, { field: `${field}[${i}].path` });
    seen.add(p.path);
    if (f.size > MAX_SINGLE_FILE_BYTES)
      throw new AppError('upload_blob_too_large', `${p.path} is ${f.size} bytes; a file may be at most ${MAX_SINGLE_FILE_BYTES} bytes`, {
        field: `${field}[${i}].size`,
      });
    if (f.mime !== undefined && !isValidMime(f.mime))
      throw new AppError('invalid_request', `${field}[${i}].mime is not a valid media type`, { field: `${field}[${i}].mime` });
    bytes += f.size;
  }
  return bytes;
}

/** 429 storage_limit_exceeded for `size` more bytes past the plan's `limit`. */
export const storageRefusal = (size: number, limit: number) =>
  new AppError('storage_limit_exceeded', `storing ${size} more bytes would pass the plan's storage limit of ${limit} bytes`);

/** A stored blob's bytes. */
export async function readBlob(ctx: ServiceContext, sha256: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of await ctx.blobs.get(blobKey(sha256))) chunks.push(Buffer.from(c as Uint8Array));
  return Buffer.concat(chunks);
}
