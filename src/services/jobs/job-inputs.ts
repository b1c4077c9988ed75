// Where a render job's inputs live. render_payloads holds them packed (db/packed-inputs.ts): the payload body
// (`body_base64`, up to FOLIO_MAX_PAYLOAD_BYTES) and the document input (`document_input_json`: attachments
// and an e-invoice XML, up to ~16 MiB). A packed value longer than STORE_THRESHOLD_CHARS is kept in the blob
// store under the job's own key (blobs/keys.ts: `job-inputs/<jobId>/payload`, `…/document`) and the column
// holds `blob:` and that key, which neither base64, JSON nor the `z:` form starts with. Smaller values stay
// in the row as they are (and rows written before read as they were). Why: SQLite's driver is synchronous,
// so inserting an incompressible 14 MB value held the event loop ~75 ms in one tick, and rows of several MB
// bloat the database and its WAL.
//
// Nothing is lost or half-written: an object is written whole (BlobStore.put is atomic) before the row
// naming it commits, so a job never runs without its input; it is deleted after the transaction that
// deletes the row commits (best effort: `discard`). What a creation that failed (a 429 quota, a crash) or a
// failed delete leaves, the janitor's `sweepOrphans` removes once it is older than ORPHAN_GRACE_MS: an
// object whose job has no render_payloads row. A creation in progress is far younger than the grace.
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import { JOB_INPUTS_PREFIX, jobInputKey, jobOfInputKey } from '../../blobs/keys.js';
import { packBytes, packText, readJobDocumentInput, unpackBytes } from '../../db/packed-inputs.js';
import type { StoredJobDocument } from '../../domain/jobs/job-document.js';
import type { ServiceContext } from '../context.js';

/** Packed values longer than this many characters live in the blob store (an insert of this size costs ~2–3 ms). */
export const STORE_THRESHOLD_CHARS = 256 * 1024;
/** How old an object without a render_payloads row must be before the sweep deletes it. */
export const ORPHAN_GRACE_MS = 60 * 60 * 1000;
/** What a column holding a reference starts with (namesStoredInput spells it in SQL too). */
const REFERENCE = 'blob:';
const PARTS = ['payload', 'document'] as const;
/** Deletes in flight at once (discard, sweep). */
const DELETES_AT_ONCE = 8;

/** Characters encoded, hashed and written per step of a put: one step of 1 Mi is a few ms of the event loop. */
const CHUNK_CHARS = 1024 * 1024;

/** A text as UTF-8, a chunk at a time (a 19 MB value encoded and hashed in one piece: ~30–40 ms in one tick). */
function* utf8Chunks(text: string): Generator<Buffer> {
  for (let start = 0; start < text.length;) {
    let end = Math.min(start + CHUNK_CHARS, text.length);
    // A chunk never ends between the two halves of a surrogate pair.
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end++;
    yield Buffer.from(text.slice(start, end), 'utf8');
    start = end;
  }
}

/**
 * For the RETURNING of a delete from render_payloads: 1 when the row named an object in the store, else 0
 * (substr and CASE read the same on SQLite and PostgreSQL; a NULL document compares as unknown → 0).
 */
export const namesStoredInput = sql<number>`case when substr(body_base64, 1, 5) = 'blob:' or substr(document_input_json, 1, 5) = 'blob:' then 1 else 0 end`;

/** The ids of deleted render_payloads rows that named an object in the store (rows of `namesStoredInput`). */
export const jobsWithStoredInput = (rows: readonly { job_id: string; stored: number | string }[]): string[] =>
  rows.flatMap((r) => (Number(r.stored) === 1 ? [r.job_id] : []));

/** A new job's input columns, prepared before its creating transaction. */
export interface PreparedInputs {
  /** render_payloads.body_base64. */
  body: string;
  /**
   * render_payloads.document_input_json for the document input as checked against the version (null: none;
   * JobDocuments.checkDocumentAgainstVersion). Unchanged by the check, it is what was prepared before the
   * transaction; changed (the check filled in the sizes of bundle attachments), it is packed again, and
   * stored when large, now: inside the transaction.
   */
  document(checked: { input: string; changed: boolean } | null): Promise<string | null>;
}

export class JobInputs {
  constructor(private readonly ctx: Pick<ServiceContext, 'db' | 'blobs' | 'clock' | 'log'>) {}

  /**
   * Before a job's creating transaction (none is held while the store is written): the payload and the
   * document input packed, the large ones written to the store.
   */
  async prepare(jobId: string, payload: Buffer, document: StoredJobDocument | null): Promise<PreparedInputs> {
    const [body, early] = await Promise.all([
      packBytes(payload).then((packed) => this.#keep(jobId, 'payload', packed)),
      document === null ? null : packText(JSON.stringify(document)).then((packed) => this.#keep(jobId, 'document', packed)),
    ]);
    return {
      body,
      document: async (checked) => {
        if (checked === null) return null;
        if (!checked.changed && early !== null) return early;
        return this.#keep(jobId, 'document', await packText(checked.input));
      },
    };
  }

  /** The payload bytes of a stored body_base64. */
  async payload(stored: string): Promise<Buffer> {
    return unpackBytes(await this.#resolve(stored));
  }

  /** The post-processing input of a stored document_input_json, checked by its parser; null for a plain job. */
  async document(stored: string | null): Promise<StoredJobDocument | null> {
    return readJobDocumentInput(stored === null ? null : await this.#resolve(stored));
  }

  /**
   * After the commit that deleted their render_payloads rows: the stored inputs of these jobs are deleted.
   * Best effort, never rejects: a failure is logged, and the sweep removes what is left.
   */
  async discard(jobIds: readonly string[]): Promise<void> {
    await this.#deleteAll(
      jobIds.flatMap((jobId) => PARTS.map((part) => jobInputKey(jobId, part))),
      'could not delete a finished job’s stored input; the janitor’s sweep will',
    );
  }

  /**
   * The janitor's: deletes the stored inputs whose job has no render_payloads row any more (its creating
   * transaction failed, or a delete after a job's end did), once older than ORPHAN_GRACE_MS. Returns how many.
   */
  async sweepOrphans(): Promise<number> {
    const cutoff = this.ctx.clock.now() - ORPHAN_GRACE_MS;
    const old: { key: string; jobId: string }[] = [];
    for await (const o of this.ctx.blobs.list(JOB_INPUTS_PREFIX)) {
      const jobId = jobOfInputKey(o.key);
      if (jobId !== null && o.modifiedAt < cutoff) old.push({ key: o.key, jobId });
    }
    const orphans: string[] = [];
    for (let i = 0; i < old.length; i += 500) {
      const chunk = old.slice(i, i + 500);
      const ids = [...new Set(chunk.map((o) => o.jobId))];
      const rows = await this.ctx.db.selectFrom('render_payloads').select('job_id').where('job_id', 'in', ids).execute();
      const live = new Set(rows.map((r) => r.job_id));
      orphans.push(...chunk.filter((o) => !live.has(o.jobId)).map((o) => o.key));
    }
    return this.#deleteAll(orphans, 'could not delete an orphaned job input');
  }

  /** A packed value as its column holds it: as it is, or written to the store and referenced. */
  async #keep(jobId: string, part: (typeof PARTS)[number], packed: string): Promise<string> {
    if (packed.length <= STORE_THRESHOLD_CHARS) return packed;
    const key = jobInputKey(jobId, part);
    await this.ctx.blobs.put(key, Readable.from(utf8Chunks(packed)));
    return REFERENCE + key;
  }

  async #resolve(stored: string): Promise<string> {
    if (!stored.startsWith(REFERENCE)) return stored;
    return (await this.ctx.blobs.getBuffer(stored.slice(REFERENCE.length))).toString('utf8');
  }

  /** Deletes keys, a few at a time; logs each failure. Returns how many were deleted. */
  async #deleteAll(keys: readonly string[], failure: string): Promise<number> {
    let deleted = 0;
    for (let i = 0; i < keys.length; i += DELETES_AT_ONCE) {
      await Promise.all(
        keys.slice(i, i + DELETES_AT_ONCE).map(async (key) => {
          try {
            await this.ctx.blobs.delete(key);
            deleted++;
          } catch (err) {
            this.ctx.log.warn({ err, key }, failure);
          }
        }),
      );
    }
    return deleted;
  }
}
