// Render batches: up to 1,000 render jobs of one deploy version created by one request.
// Every item is an ordinary render job (render_jobs with batch_id and batch_index): the worker, quotas,
// meters, webhooks, retention and outputs treat it like any other job. What the batch adds: the version is
// bound once for all items, every item is checked before anything is written, the quota is taken for the
// whole batch in one step (all items or none), the rows go in as multi-row inserts, and the batch answers
// counts per state, its items in order, and a cancel of everything not yet finished.
import { PAYLOAD_REFUSALS } from '../jobs/render-job-types.js';
import type { Transaction } from 'kysely';
import type { RenderBatchesTable, RenderJobsTable, Tables } from '../../db/tables.js';
import { decodeCursor, encodeCursor } from '../../domain/cursor.js';
import { newId } from '../../domain/ids.js';
import type { JobStatus } from '../../domain/jobs/job-state.js';
import { buildPayload, payloadWithInvoiceData } from '../../domain/jobs/payload.js';
import { secondsToPeriodEnd } from '../../domain/accounts/period.js';
import { AppError, isAppError } from '../../errors/app-error.js';
import type { Notifier } from '../../notifier/notifier.js';
import { batchView, zeroCounts } from './batch-views.js';
import type { ServiceContext } from '../context.js';
import type { Deploys } from '../deploys/deploys.js';
import { newestFirst } from '../pagination.js';
import {
  type CreateJobInput,
  hasDocumentOptions,
  type RenderJobs,
  queuedJobRow,
  versionSignatureCertificate,
} from '../jobs/render-jobs.js';
import type { StoredJobDocument } from '../../domain/jobs/job-document.js';
import { jobViewsWithKind } from '../jobs/job-kinds.js';
import type { PreparedInputs } from '../jobs/job-inputs.js';
import type { RenderedFiles } from '../jobs/rendered-files.js';
import type { Usage } from '../accounts/usage.js';
import type { Versions } from '../deploys/versions.js';

export const MAX_BATCH_ITEMS = 1000;
export const BATCH_COMBINES = ['none', 'merge', 'zip'] as const;
export type BatchCombine = (typeof BATCH_COMBINES)[number];
/** What a batch row's combine may hold: the public modes, and `check` for a version check's prints (services/deploys/version-checks.ts). */
export type StoredCombine = BatchCombine | 'check';
/**
 * Rows per INSERT statement: render_jobs has 28 columns, so 250 rows bind 7,000 parameters, far below
 * SQLite's 32,766 and PostgreSQL's 65,535, and 1,000 items are 4 statements per table.
 */
const INSERT_CHUNK = 250;

export type BatchItemInput = Pick<
  CreateJobInput,
  | 'payload'
  | 'hasPayload'
  | 'payloadBase64'
  | 'payloadMime'
  | 'businessKey'
  | 'outputMode'
  | 'pdf'
  | 'attachments'
  | 'eInvoice'
  | 'protection'
  | 'signature'
  | 'images'
  | 'outputFormat'
  | 'waitFor'
  | 'steps'
>;

/** Why an item's document cannot go into the batch's combined product (null: it can). */
function combineProblem(combine: StoredCombine, doc: StoredJobDocument, i: number): AppError | null {
  if (combine === 'merge' && doc.protection)
    return new AppError('invalid_request', `items[${i}].protection: an encrypted PDF cannot be merged; use combine "zip" or "none"`, {
      field: `items[${i}].protection`,
    });
  if ((combine === 'merge' || combine === 'zip') && doc.imagesOnly)
    return new AppError('invalid_request', `items[${i}].outputFormat: an item that keeps only images has no PDF to ${combine}`, {
      field: `items[${i}].outputFormat`,
    });
  return null;
}

/** An item's 400 from the single-job checks, named as the item's field (`items[3].attachments[0].content`). */
function asItemError(err: unknown, i: number): unknown {
  if (!(err instanceof AppError) || err.status !== 400) return err;
  const field = typeof err.details?.field === 'string' ? `items[${i}].${err.details.field}` : `items[${i}]`;
  return new AppError(err.code, `items[${i}]: ${err.message}`, { ...err.details, field });
}

export interface CreateBatchInput {
  deployId: string;
  deployVersionId: string;
  businessKey?: string;
  combine?: StoredCombine;
  /** Each item also sends its own render.job.terminated webhook (default false). */
  itemWebhooks?: boolean;
  items: BatchItemInput[];
}

/** The version a batch binds, as Versions.resolve answers it. */
type QueuedVersion = Awaited<ReturnType<Versions['resolve']>>;

/** The batch's row as created: counts and combining state empty. */
function batchRow(batchId: string, accountId: string, input: CreateBatchInput, version: QueuedVersion, now: number): RenderBatchesTable {
  return {
    id: batchId,
    account_id: accountId,
    deploy_id: input.deployId,
    deploy_version_id: version.id,
    deploy_version_no: version.version_no,
    combine: input.combine ?? 'none',
    item_count: input.items.length,
    business_key: input.businessKey ?? null,
    created_at: now,
    updated_at: now,
    finished_at: null,
    item_webhooks: input.itemWebhooks ? 1 : 0,
    combine_state: null,
    combine_items: null,
    combine_error_code: null,
    combine_error_message: null,
    combine_lease_owner: null,
    combine_lease_expires_at: null,
    product_pdf_id: null,
    product_output_id: null,
  };
}

export class RenderBatches {
  constructor(
    private readonly ctx: ServiceContext,
    private readonly deploys: Deploys,
    private readonly versions: Versions,
    private readonly usage: Usage,
    private readonly renderJobs: RenderJobs,
    private readonly notifier: Notifier,
    private readonly files: RenderedFiles,
  ) {}

  /**
   * POST /v1/render-batches. Order of the checks: the deploy (404), combine, the provider, every item
   * (400 naming `items[i].field`, nothing written), then one transaction: the version bound once, the
   * render-time quota, the render_jobs meter by the item count (429 saying how many fit), the batch row and
   * the items in multi-row inserts.
   */
  async create(
    accountId: string,
    input: CreateBatchInput,
    /** Writes what the batch belongs to in its creating transaction (a version check's row). */
    alongside?: (trx: Transaction<Tables>, batchId: string, now: number) => Promise<void>,
  ) {
    await this.deploys.require(accountId, input.deployId);
    const combine = input.combine ?? 'none';
    if (input.items.length < 1 || input.items.length > MAX_BATCH_ITEMS)
      throw new AppError('invalid_request', `items must hold 1 to ${MAX_BATCH_ITEMS} items; got ${input.items.length}`, { field: 'items' });
    const problem = this.renderJobs.deps.providerProblem?.();
    if (problem) throw new AppError('render_provider_unavailable', problem);

    const { payloads, documents } = await this.#checkItems(accountId, input, combine);

    // The version is resolved and every item's payload checked against its schema before the transaction
    // (the checks run in the sandbox, within their time limit; no write lock is held meanwhile). The
    // transaction binds that concrete version, which must still exist. (The deploy is the account's:
    // deploys.require above.)
    const pre = await this.versions.resolve(undefined, input.deployId, input.deployVersionId);
    for (const [i, p] of payloads.entries()) {
      try {
        await this.renderJobs.checkPayload(accountId, pre, p);
      } catch (err) {
        throw asItemError(err, i);
      }
    }
    const now = this.ctx.clock.now();
    const batchId = newId('bat', now);
    const count = input.items.length;
    // The items' ids are known before the transaction: their inputs are packed, and the large ones stored
    // under them, before it (services/jobs/job-inputs.ts).
    const jobIds = input.items.map(() => newId('job', now));
    const inputs = await Promise.all(payloads.map((p, i) => this.renderJobs.deps.inputs.prepare(jobIds[i], p.bytes, documents[i])));
    const batch = await this.ctx.db.transaction().execute(async (trx) => {
      const deploy = await trx
        .selectFrom('deploys')
        .select('id')
        .where('id', '=', input.deployId)
        .where('account_id', '=', accountId)
        .executeTakeFirst();
      if (!deploy) throw new AppError('deploy_not_found', `deploy ${input.deployId} not found`);
      const version = await this.versions.resolve(trx, input.deployId, pre.id);
      // A version that signs every job: its certificate must still be usable, unless every item brings a
      // signature of its own (which replaces the version's, as on a single job).
      const signingCertificate = versionSignatureCertificate(version.metadata_json);
      if (signingCertificate && input.items.some((item) => item.signature === undefined))
        await this.renderJobs.usableCertificate(accountId, signingCertificate, 'render.metadata.pdf.signature.certificateId', trx);
      const account = await trx.selectFrom('accounts').select('plan_key').where('id', '=', accountId).executeTakeFirst();
      if (!account) throw new Error(`account ${accountId} not found`);
      const { policy } = this.ctx.plans.get(account.plan_key);
      const documentJson: Array<{ input: string; view: string; changed: boolean } | null> = [];
      for (const [i, doc] of documents.entries()) {
        try {
          documentJson.push(doc ? await this.renderJobs.checkDocumentAgainstVersion(trx, version, doc, policy) : null);
        } catch (err) {
          throw asItemError(err, i);
        }
      }
      await this.renderJobs.checkRenderTime(trx, accountId, policy, now);
      await this.#meterItems(trx, accountId, policy.maxRenderJobsPerBillPeriod, count, now);
      const row = batchRow(batchId, accountId, input, version, now);
      await trx.insertInto('render_batches').values(row).execute();
      const jobs = await this.#insertItems(trx, { accountId, input, version, batchId, jobIds, payloads, inputs, documentJson, now });
      await alongside?.(trx, batchId, now);
      return { row, firstJobId: jobs[0].id };
    });
    // One wake-up is enough: a woken worker claims whatever is queued.
    this.notifier.jobQueued(batch.firstJobId);
    const counts = zeroCounts();
    counts.queued = count;
    return { batch: await batchView(this.ctx.db, this.files, batch.row, counts) };
  }

  /**
   * Every item's payload and document options, checked as a single job's are (400 naming
   * `items[i].field`), and against what the batch combines.
   */
  async #checkItems(accountId: string, input: CreateBatchInput, combine: StoredCombine) {
    const payloads = input.items.map((item, i) => {
      const asked = payloadWithInvoiceData(item);
      const p = buildPayload({
        payload: asked.payload,
        hasPayload: asked.hasPayload,
        payloadMime: item.payloadMime,
        payloadBase64: item.payloadBase64,
        maxBytes: this.ctx.config.maxPayloadBytes,
      });
      if (!p.ok) {
        const field = `items[${i}].${p.field}`;
        throw new AppError(PAYLOAD_REFUSALS[p.kind], `${field}: ${p.message}`, { field });
      }
      return p;
    });
    // Document options per item (PDF/A, metadata, attachments, an e-invoice, passwords, a signature, page
    // images), checked as a single job's are, and against what the batch combines.
    const documents: Array<StoredJobDocument | null> = [];
    for (const [i, item] of input.items.entries()) {
      let doc: StoredJobDocument | null;
      try {
        doc = hasDocumentOptions(item) ? await this.renderJobs.checkDocument(accountId, item) : null;
      } catch (err) {
        throw asItemError(err, i);
      }
      const problem = doc && combineProblem(combine, doc, i);
      if (problem) throw problem;
      documents.push(doc);
    }
    return { payloads, documents };
  }

  /** The render_jobs meter grows by the item count; past the plan, a 429 saying how many items fit. */
  async #meterItems(trx: Transaction<Tables>, accountId: string, planLimit: number | null, count: number, now: number): Promise<void> {
    try {
      await this.usage.increment(trx, {
        accountId,
        meter: 'render_jobs',
        amount: count,
        limit: planLimit,
        errorCode: 'render_job_quota_exceeded',
      });
    } catch (err) {
      if (!isAppError(err, 'render_job_quota_exceeded')) throw err;
      // The refused upsert changed nothing: the transaction is still usable for the explanation.
      const limit = planLimit ?? 0;
      const used = await this.usage.meterValue(trx, accountId, 'render_jobs');
      const fit = Math.max(0, limit - used);
      throw new AppError(
        'render_job_quota_exceeded',
        `the batch has ${count} items but only ${fit} fit: the plan allows ${limit} render jobs per billing period and ${used} are used; nothing was created`,
        { field: 'items', items: count, fit, limit, used },
        { retryAfterSeconds: secondsToPeriodEnd(now) },
      );
    }
  }

  /** The items' job and payload rows, in multi-row inserts of INSERT_CHUNK rows. */
  async #insertItems(
    trx: Transaction<Tables>,
    p: {
      accountId: string;
      input: CreateBatchInput;
      version: QueuedVersion;
      batchId: string;
      jobIds: string[];
      payloads: Array<{ hash: string; mime: string; bytes: Buffer }>;
      inputs: PreparedInputs[];
      documentJson: Array<{ input: string; view: string; changed: boolean } | null>;
      now: number;
    },
  ): Promise<RenderJobsTable[]> {
    const { accountId, input, version, batchId, jobIds, payloads, inputs, documentJson, now } = p;
    const jobs: RenderJobsTable[] = input.items.map((item, i) =>
      queuedJobRow({
        id: jobIds[i],
        accountId,
        deployId: input.deployId,
        version,
        businessKey: item.businessKey,
        payload: payloads[i],
        outputMode: item.outputMode,
        now,
        documentView: documentJson[i]?.view ?? null,
        batch: { id: batchId, index: i },
      }),
    );
    const storedDocuments = await Promise.all(documentJson.map((d, i) => inputs[i].document(d)));
    for (let i = 0; i < jobs.length; i += INSERT_CHUNK) {
      const chunk = jobs.slice(i, i + INSERT_CHUNK);
      await trx.insertInto('render_jobs').values(chunk).execute();
      await trx
        .insertInto('render_payloads')
        .values(
          chunk.map((j, k) => ({
            job_id: j.id,
            body_base64: inputs[i + k].body,
            document_input_json: storedDocuments[i + k],
          })),
        )
        .execute();
    }
    return jobs;
  }

  async #require(accountId: string, batchId: string): Promise<RenderBatchesTable> {
    const b = await this.ctx.db
      .selectFrom('render_batches')
      .selectAll()
      .where('id', '=', batchId)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    if (!b) throw new AppError('render_batch_not_found', `render batch ${batchId} not found`);
    return b;
  }

  #view(b: RenderBatchesTable) {
    return batchView(this.ctx.db, this.files, b);
  }

  async get(accountId: string, batchId: string) {
    return { batch: await this.#view(await this.#require(accountId, batchId)) };
  }

  /** The account's batches, newest first, with their counts (one grouped read per batch of the page). */
  async list(accountId: string, opts: { cursor?: string; limit: number }) {
    const page = await newestFirst(
      this.ctx.db.selectFrom('render_batches').selectAll().where('account_id', '=', accountId),
      opts,
      (b) => b,
    );
    const items = [];
    for (const b of page.items) items.push(await this.#view(b));
    return { items, nextCursor: page.nextCursor };
  }

  /** The items in request order (`index` 0…n-1), each with its job; keyset paging on the index. */
  async items(accountId: string, batchId: string, opts: { cursor?: string; limit: number; status?: JobStatus }) {
    // The query is judged before the batch is looked up: a malformed cursor is a 400 whatever the id.
    let after = -1;
    if (opts.cursor !== undefined) {
      const c = decodeCursor(opts.cursor, { index: 'number' });
      if (!c) throw new AppError('invalid_request', 'cursor is malformed', { field: 'cursor' });
      // Clamped to the index range: an out-of-range number is no row, not an integer overflow on PostgreSQL.
      after = Math.min(Math.max(c.index as number, -1), MAX_BATCH_ITEMS);
    }
    await this.#require(accountId, batchId);
    let q = this.ctx.db
      .selectFrom('render_jobs')
      .selectAll()
      .where('batch_id', '=', batchId)
      .where('account_id', '=', accountId)
      .where('batch_index', '>', after);
    if (opts.status) q = q.where('status', '=', opts.status);
    const rows = await q
      .orderBy('batch_index', 'asc')
      .limit(opts.limit + 1)
      .execute();
    const page = rows.slice(0, opts.limit);
    const views = await jobViewsWithKind(this.ctx.db, page);
    return {
      items: page.map((j, i) => ({ index: j.batch_index!, job: views[i] })),
      nextCursor: rows.length > opts.limit ? encodeCursor({ index: page[page.length - 1].batch_index! }) : null,
    };
  }

  /** DELETE: cancels every item not yet finished (as the job cancel does), then answers the batch. */
  async cancel(accountId: string, batchId: string) {
    await this.#require(accountId, batchId);
    // Ends the batch in the same transaction when nothing else was left unfinished.
    await this.renderJobs.cancelBatchItems(accountId, batchId);
    return { batch: await this.#view(await this.#require(accountId, batchId)) };
  }
}
