import { isOfficeFileName } from '../../domain/office/office-input.js';
import { PAYLOAD_REFUSALS } from './render-job-types.js';
import type { Transaction } from 'kysely';
import type { RenderJobsTable, Tables } from '../../db/tables.js';
import { newId } from '../../domain/ids.js';
import { CANCELABLE_STATUSES, isTerminal } from '../../domain/jobs/job-state.js';
import { buildPayload, isJsonMime, payloadWithInvoiceData } from '../../domain/jobs/payload.js';
import { effectiveParts, partsPayloadProblem } from '../../domain/jobs/document-parts.js';
import { type PlanPolicy } from '../../domain/accounts/plans.js';
import { secondsToPeriodEnd } from '../../domain/accounts/period.js';
import { urlSourceShapeProblem } from '../../domain/jobs/job-sources.js';
import { jobShape } from './job-shape.js';
import { AppError } from '../../errors/app-error.js';
import { newestFirst } from '../pagination.js';
import type { ServiceContext } from '../context.js';
import type { RenderDiagnostics } from '../../domain/jobs/render-diagnostics.js';
import { outputView, pdfEmbeddedView } from './job-views.js';
import { jobViewsWithKind, jobViewWithKind } from './job-kinds.js';
import type { BoundVersion, PreparedInline } from '../deploys/inline-sources.js';
import { URL_SOURCE_HTML } from './url-sources.js';
import type { RenderJobsDeps } from './render-jobs-deps.js';

/** The entry document of the inline version PDF jobs bind to; nothing ever loads it. */
export const PDF_JOB_HTML = '<!doctype html><title>PDF job</title><!-- a PDF job joins its sources instead of printing this -->';

import { hasDocumentOptions, versionSignatureCertificate, type JobDocuments } from './job-documents.js';
import {
  deployOfAccount,
  insertJob,
  insertPayload,
  insertPayloadWithDocument,
  jobOfAccount,
  outputOfJob,
  planOfAccount,
  queuedJobRow,
  versionOfDeployAndPlan,
} from './job-rows.js';
import type { CreateJobInput, DocumentInput } from './render-job-types.js';
import type { StoredJobDocument } from '../../domain/jobs/job-document.js';

export type { CreateJobInput, JobAttachmentInput } from './render-job-types.js';
export { hasDocumentOptions, versionSignatureCertificate } from './job-documents.js';

/** A long document (pdf.parts) is split from the payload's array: a payload without it is a 400 now. */
function checkParts(print: StoredJobDocument['print'], versionMetadataJson: string | null, payload: { bytes: Buffer; mime: string }): void {
  const parts = effectiveParts(print, versionMetadataJson);
  const problem = parts ? partsPayloadProblem(parts, payload.bytes, isJsonMime(payload.mime)) : null;
  if (problem) throw new AppError('invalid_request', problem, { field: 'payload' });
}
export { queuedJobRow } from './job-rows.js';
const MAX_WAIT_SECONDS = 30;

export class RenderJobs {
  constructor(
    private readonly ctx: ServiceContext,
    readonly deps: RenderJobsDeps,
  ) {}

  /**
   * 400 payload_invalid when the payload does not match the version's payload.schema.json. The check runs in
   * the sandbox: callers run it before their transaction, never while holding one.
   */
  async checkPayload(
    accountId: string,
    version: { id: string; payload_schema_json?: string | null },
    payload: { bytes: Buffer; mime: string },
  ): Promise<void> {
    await this.deps.payloadSchemas.check(accountId, version, payload);
  }

  async create(accountId: string, input: CreateJobInput, pathDeployId?: string) {
    // A URL source with a deploy or inline HTML is a 400 before the deploy is looked up.
    const urlSource = input.source !== undefined;
    const urlClash = urlSource ? urlSourceShapeProblem(input, pathDeployId) : null;
    if (urlClash) throw new AppError('invalid_request', urlClash.message, { field: urlClash.field });
    // An unknown (or another account's) deploy is 404 before anything about the body is judged.
    const knownDeploy = pathDeployId ?? input.deployId;
    if (knownDeploy !== undefined) await this.#requireDeploy(accountId, knownDeploy);
    const { pdfJob, inline, requestedDeployId, failOn } = jobShape(input, pathDeployId);
    // A PDF job prints no page: it needs no browser; an Office document needs LibreOffice instead.
    if (input.entry !== undefined) {
      const officeProblem = this.deps.officeProblem?.();
      if (officeProblem) throw new AppError('office_unavailable', officeProblem);
    }
    const problem = pdfJob || input.entry !== undefined ? null : this.deps.providerProblem?.();
    if (problem) throw new AppError('render_provider_unavailable', problem);
    const asked = payloadWithInvoiceData(input);
    const payload = buildPayload({
      payload: asked.payload,
      hasPayload: asked.hasPayload,
      payloadMime: input.payloadMime,
      payloadBase64: input.payloadBase64,
      maxBytes: this.ctx.config.maxPayloadBytes,
    });
    if (!payload.ok) {
      throw new AppError(PAYLOAD_REFUSALS[payload.kind], payload.message, {
        field: payload.field,
      });
    }
    // Document options (PDF/A, metadata, attachments, e-invoice): everything that needs no version is
    // checked before the transaction; a plain job skips all of it.
    let document = hasDocumentOptions(input) ? await this.checkDocument(accountId, input) : null;
    if (pdfJob) document = { ...(document ?? { attachments: [] }), pdfJob };
    // Inline sources last of the checks: they write content-addressed bytes (never a row) before the
    // transaction, which binds them to a version of the inline deploy or undoes everything.
    const { prepared, source } = await this.#prepareSources(accountId, input, { urlSource, pdfJob, inline });
    // The version is resolved (alias, latest) and the payload checked against its schema before the
    // transaction: the check may take up to its time limit, and no write lock is held meanwhile. The
    // transaction then binds that concrete version, which must still exist.
    let versionId = input.deployVersionId;
    if (!prepared) {
      const pre = await this.deps.versions.resolve(undefined, requestedDeployId!, input.deployVersionId!);
      await this.checkPayload(accountId, pre, payload);
      versionId = pre.id;
    }
    const now = this.ctx.clock.now();
    const id = newId('job', now);
    // The inputs are packed, and the large ones stored, before the transaction (services/jobs/job-inputs.ts).
    const inputs = await this.deps.inputs.prepare(id, payload.bytes, document);
    const job = await this.ctx.db.transaction().execute(async (trx) => {
      const { bound, planKey } = await this.#bindVersion(trx, accountId, input, prepared, requestedDeployId, versionId);
      const { deployId, version } = bound;
      if (input.office !== undefined && !isOfficeFileName(version.route))
        throw new AppError('invalid_request', "office is for a version whose entry is an Office document; this one's is not", {
          field: 'office',
        });
      const { policy } = this.ctx.plans.get(planKey);
      checkParts(document?.print, version.metadata_json, payload);
      const documentJson = document ? await this.checkDocumentAgainstVersion(trx, version, document, policy) : null;
      await this.checkRenderTime(trx, accountId, policy, now);
      const row = queuedJobRow({
        id,
        accountId,
        deployId,
        version,
        businessKey: input.businessKey,
        payload,
        outputMode: input.outputMode,
        now,
        documentView: documentJson?.view ?? null,
        inline: prepared !== null,
        failOn: failOn === undefined ? null : JSON.stringify([...new Set(failOn)]),
        sourceUrl: source?.shown ?? null,
      });
      await insertJob(this.ctx.db, row, trx);
      const storedDocument = await inputs.document(documentJson);
      if (storedDocument === null) await insertPayload(this.ctx.db, { jobId: id, body: inputs.body }, trx);
      else await insertPayloadWithDocument(this.ctx.db, { jobId: id, body: inputs.body, document: storedDocument }, trx);
      if (source) await trx.updateTable('render_payloads').set({ source_sealed: source.sealed }).where('job_id', '=', id).execute();
      // The meter last: its row is the account's one lock that every job creation takes, held until the
      // commit; counted after the inserts, no other statement waits behind it (past the quota, the
      // transaction is undone, inserts and all).
      await this.deps.usage.increment(trx, {
        accountId,
        meter: 'render_jobs',
        amount: 1,
        limit: policy.maxRenderJobsPerBillPeriod,
        errorCode: 'render_job_quota_exceeded',
      });
      return jobViewWithKind(row, { engine: version.engine, entryPath: version.entry_path });
    });
    this.deps.notifier.jobQueued(id);
    return { accepted: true, queue: job.queue, job };
  }

  /** The inline version a job without a deploy binds to, prepared before the transaction; a URL source checked and sealed. */
  async #prepareSources(
    accountId: string,
    input: CreateJobInput,
    shape: { urlSource: boolean; pdfJob: CreateJobInput['pdfJob']; inline: boolean },
  ): Promise<{ prepared: PreparedInline | null; source: { shown: string; sealed: string } | null }> {
    const { urlSource, pdfJob, inline } = shape;
    let prepared = null;
    let source: { shown: string; sealed: string } | null = null;
    if (urlSource) {
      const checked = await this.deps.urlSources.check(accountId, input.source!);
      source = { shown: checked.shown, sealed: checked.sealed };
      // The job binds to the account's one URL-source version of the inline deploy (the bundle is never served).
      prepared = await this.deps.inlineSources.prepare(accountId, { html: URL_SOURCE_HTML });
    } else if (pdfJob) {
      // Likewise the one PDF-job version: the job joins its PDF sources instead of printing a page.
      prepared = await this.deps.inlineSources.prepare(accountId, { html: PDF_JOB_HTML });
    } else if (inline) {
      prepared = await this.deps.inlineSources.prepare(
        accountId,
        {
          ...(input.entry !== undefined
            ? { entry: input.entry }
            : input.markdown !== undefined
              ? { markdown: input.markdown }
              : { html: input.html! }),
          ...(input.engine !== undefined ? { engine: input.engine } : {}),
          files: input.files,
        },
        { passwordSent: input.office?.password !== undefined },
      );
    }
    return { prepared, source };
  }

  /** Inside the creating transaction: the version the job binds to, and the account's plan. */
  async #bindVersion(
    trx: Transaction<Tables>,
    accountId: string,
    input: CreateJobInput,
    prepared: PreparedInline | null,
    requestedDeployId: string | undefined,
    versionId: string | undefined,
  ): Promise<{ bound: BoundVersion; planKey: string }> {
    let bound: BoundVersion;
    let planKey: string;
    if (prepared) {
      bound = await this.deps.inlineSources.bind(trx, accountId, prepared);
      const [account] = await planOfAccount(this.ctx.db, { accountId }, trx);
      if (!account) throw new Error(`account ${accountId} not found`);
      planKey = account.plan_key;
    } else {
      // The version resolved before the transaction must still be there, in a deploy of this account.
      const deployId = requestedDeployId!;
      const [row] = await versionOfDeployAndPlan(this.ctx.db, { deployId, versionId: versionId!, accountId }, trx);
      if (!row) throw new Error(`account ${accountId} not found`);
      if (row.deploy_id === null) throw new AppError('deploy_not_found', `deploy ${deployId} not found`);
      const { plan_key, deploy_id, id: resolvedId, version_no, route, title, entry_path, ...rest } = row;
      if (resolvedId === null || version_no === null || route === null || title === null || entry_path === null)
        throw new AppError('deploy_version_not_found', `version ${versionId} not found in deploy ${deployId}`);
      const resolved = { ...rest, id: resolvedId, version_no, route, title, entry_path };
      // A version that signs every job: its certificate must still be usable, unless the job signs itself.
      const versionSignature = input.signature ? undefined : versionSignatureCertificate(resolved.metadata_json);
      if (versionSignature) await this.usableCertificate(accountId, versionSignature, 'render.metadata.pdf.signature.certificateId', trx);
      bound = { deployId: deploy_id, version: resolved };
      planKey = plan_key;
    }
    return { bound, planKey };
  }

  /** Inside a creating transaction: 429 once the plan's render time of the period is used up (a render is never cut short). */
  async checkRenderTime(trx: Transaction<Tables>, accountId: string, policy: PlanPolicy, now: number): Promise<void> {
    if (policy.maxRenderTimeMsPerBillPeriod === null) return;
    const used = await this.deps.usage.meterValue(trx, accountId, 'render_time_ms');
    if (used >= policy.maxRenderTimeMsPerBillPeriod) {
      throw new AppError(
        'render_time_quota_exceeded',
        `the plan's ${policy.maxRenderTimeMsPerBillPeriod} ms of render time this period are used up`,
        undefined,
        { retryAfterSeconds: secondsToPeriodEnd(now) },
      );
    }
  }

  /** The document options of a job body, checked without the version (JobDocuments.checkDocument). */
  checkDocument(accountId: string, input: DocumentInput): Promise<StoredJobDocument> {
    return this.deps.documents.checkDocument(accountId, input);
  }

  /** A certificate the job may sign with (JobDocuments.usableCertificate). */
  usableCertificate(accountId: string, certificateId: string, field: string, trx?: Transaction<Tables>) {
    return this.deps.documents.usableCertificate(accountId, certificateId, field, trx);
  }

  /** The document options against the version and the plan (JobDocuments.checkDocumentAgainstVersion). */
  checkDocumentAgainstVersion(...args: Parameters<JobDocuments['checkDocumentAgainstVersion']>) {
    return this.deps.documents.checkDocumentAgainstVersion(...args);
  }

  async #requireDeploy(accountId: string, deployId: string): Promise<void> {
    const [row] = await deployOfAccount(this.ctx.db, { deployId, accountId });
    if (!row) throw new AppError('deploy_not_found', `deploy ${deployId} not found`);
  }

  async require(accountId: string, jobId: string): Promise<RenderJobsTable> {
    const [j] = await jobOfAccount(this.ctx.db, { jobId, accountId });
    if (!j) throw new AppError('render_job_not_found', `render job ${jobId} not found`);
    return j;
  }

  /** GET job; with waitSeconds (≤ 30) answers as soon as the job is terminal or when the wait is over. */
  async get(accountId: string, jobId: string, waitSeconds = 0) {
    let job = await this.require(accountId, jobId);
    if (waitSeconds > 0 && !isTerminal(job.status)) {
      job = await this.waitForTerminal(accountId, jobId, Math.min(waitSeconds, MAX_WAIT_SECONDS) * 1000, job);
    }
    const [view] = await jobViewsWithKind(this.ctx.db, [job]);
    const result: { job: typeof view; output?: ReturnType<typeof outputView>; pdf?: ReturnType<typeof pdfEmbeddedView> } = { job: view };
    if (job.status === 'succeeded') {
      const [out] = await outputOfJob(this.ctx.db, { jobId });
      if (out && out.state === 'available') result.output = outputView(out);
      if (job.output_mode === 'managed') {
        const pdf = await this.ctx.db
          .selectFrom('managed_pdfs')
          .selectAll()
          .where('render_job_id', '=', jobId)
          .where('state', '!=', 'deleted')
          .executeTakeFirst();
        if (pdf) result.pdf = pdfEmbeddedView(pdf);
      }
    }
    return result;
  }

  /**
   * The job once terminal, or as it is after `ms` (no cap here: callers bound it) or when `signal` aborts
   * (a client that went away, a server shutting down): every timer and listener is released then.
   */
  waitForTerminal(accountId: string, jobId: string, ms: number, initial: RenderJobsTable, signal?: AbortSignal): Promise<RenderJobsTable> {
    return new Promise((resolve) => {
      let latest = initial;
      let done = false;
      const finish = () => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        clearInterval(poll);
        off();
        signal?.removeEventListener('abort', finish);
        resolve(latest);
      };
      const check = async () => {
        if (done) return;
        try {
          latest = await this.require(accountId, jobId);
        } catch {
          return finish();
        }
        if (isTerminal(latest.status)) finish();
      };
      // Wall-clock timers on purpose: a long poll is transport behaviour, not a business rule.
      const timer = setTimeout(finish, ms);
      // Other processes change jobs too; a slow poll covers notifications that never reach this process.
      const poll = setInterval(check, 1000);
      const off = this.deps.notifier.onJobChanged((id) => {
        if (id === jobId) void check();
      });
      if (signal?.aborted) finish();
      else signal?.addEventListener('abort', finish);
    });
  }

  async list(accountId: string, opts: { deployId?: string; status?: string; businessKey?: string; cursor?: string; limit: number }) {
    if (opts.deployId) await this.deps.deploys.require(accountId, opts.deployId);
    let q = this.ctx.db.selectFrom('render_jobs').selectAll().where('account_id', '=', accountId);
    if (opts.deployId) q = q.where('deploy_id', '=', opts.deployId);
    if (opts.status) q = q.where('status', '=', opts.status as RenderJobsTable['status']);
    if (opts.businessKey) q = q.where('business_key', '=', opts.businessKey);
    const page = await newestFirst(q, opts, (r) => r);
    return { items: await jobViewsWithKind(this.ctx.db, page.items), nextCursor: page.nextCursor };
  }

  /** GET /v1/render-jobs/{id}/diagnostics: the last finished attempt's, or null. */
  async diagnostics(accountId: string, jobId: string) {
    const job = await this.ctx.db
      .selectFrom('render_jobs')
      .select('id')
      .where('id', '=', jobId)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    if (!job) throw new AppError('render_job_not_found', `render job ${jobId} not found`);
    const row = await this.ctx.db.selectFrom('render_diagnostics').selectAll().where('job_id', '=', jobId).executeTakeFirst();
    return { diagnostics: row ? { attempt: row.attempt, ...(JSON.parse(row.diagnostics_json) as RenderDiagnostics) } : null };
  }

  /**
   * queued / retry_scheduled → canceled at once; rendering → canceled, and the worker that holds the lease
   * aborts the page (it is told through the notifier, and notices on its next heartbeat otherwise). The rule
   * of every cancel is JobCancels' (services/jobs/job-transitions.ts).
   */
  async cancel(accountId: string, jobId: string) {
    const { job, effects } = await this.ctx.db.transaction().execute(async (trx) => {
      const j = await trx
        .selectFrom('render_jobs')
        .selectAll()
        .where('id', '=', jobId)
        .where('account_id', '=', accountId)
        .executeTakeFirst();
      if (!j) throw new AppError('render_job_not_found', `render job ${jobId} not found`);
      if (!CANCELABLE_STATUSES.includes(j.status))
        throw new AppError('render_job_not_cancelable', `render job ${jobId} is already ${j.status}`);
      const effects = await this.deps.cancels.cancelIn(trx, { jobId, accountId, fromStatus: j.status });
      if (effects.jobIds.length === 0) throw new AppError('render_job_not_cancelable', `render job ${jobId} changed state; try again`);
      const now = this.ctx.clock.now();
      // Its view read in the transaction: an answer that cannot be made undoes the cancel with it.
      const [view] = await jobViewsWithKind(trx, [
        { ...j, status: 'canceled' as const, finished_at: now, updated_at: now, lease_owner: null },
      ]);
      return { job: view!, effects };
    });
    this.deps.cancels.announce(effects);
    return { job };
  }

  /**
   * The cancel above for every unfinished item of a batch at once (DELETE /v1/render-batches/{id}): one
   * transaction; terminal items stay as they are. Returns how many items were canceled.
   */
  async cancelBatchItems(accountId: string, batchId: string): Promise<number> {
    const effects = await this.ctx.db.transaction().execute((trx) => this.deps.cancels.cancelIn(trx, { batchId, accountId }));
    this.deps.cancels.announce(effects);
    return effects.jobIds.length;
  }
}
