// POST /v1/pdf-jobs: an ordered list of steps (src/domain/pdfs/pdf-steps.ts) applied to the account's managed
// PDFs and succeeded render outputs. A job is a render job that prints no page (`create`): its sources are
// checked now (another account's id is 404) and joined by the worker (worker/producers/existing-pdfs.ts), so
// it has a render job's states, quotas, webhook, diagnostics and long poll, and keeps its result as a managed
// PDF.
// A job that ends with `split` makes several PDFs and runs in the request instead (`run`): the work runs in
// the sandbox (memory: its process's limits) and `optimize` in a qpdf child process, all within
// PDF_JOB_TIMEOUT_MS from the request's checks to its last timestamp;
// each result is bounded by the merge byte limit and stored as a managed PDF counted in storage, one by
// one: when one cannot be stored, those stored before it are deleted again (all of the results or none).
import { checkSteps, type PdfStep } from '../../domain/pdfs/pdf-steps.js';
import { runsBesideSandbox } from '../../domain/jobs/render-job-steps.js';
import { AppError } from '../../errors/app-error.js';
import { isPdfError } from '../../pdf/errors.js';
import { optimizePdf } from '../../pdf/qpdf-input.js';
import { isSandboxError, isSandboxLimit } from '../../sandbox/pool.js';
import type { ServiceContext } from '../context.js';
import { storeManagedPdf } from './managed-pdf-store.js';
import { finishSteps, timeLeft } from './pdf-step-finish.js';
import { prepareStepInputs } from './pdf-step-inputs.js';
import { MAX_MERGE_BYTES, MAX_MERGE_SOURCES, type MergeSourceInput, type PdfMerges } from './pdf-merges.js';
import { pdfView, type RenderedFiles } from '../jobs/rendered-files.js';
import { jobViewWithKind } from '../jobs/job-kinds.js';
import type { Usage } from '../accounts/usage.js';
import type { RenderJobs } from '../jobs/render-jobs.js';
import { MAX_DOCUMENT_PAGES } from '../../domain/pdfs/pdf-document.js';
import { READ_STEPS } from '../../domain/pdfs/pdf-step-content.js';
import type { StepReport } from '../../pdf/pipeline.js';

/** Time limit of a job run in the request, from its sources' check to its last step (sandbox, qpdf, timestamps). */
export const PDF_JOB_TIMEOUT_MS = 120_000;
/** Time limit of `optimize` on one result (within what is left of the job's). */
export const OPTIMIZE_TIMEOUT_MS = 60_000;

export interface PdfJobInput {
  sources: Array<Omit<MergeSourceInput, 'pageRanges'>>;
  steps: unknown[];
  fileName?: string;
  businessKey?: string;
}

/**
 * Whether a job runs in the request rather than as a job: `split` makes several PDFs, and `merge`, a stamp of
 * a PDF page, `encrypt`, `sign` and `timestamp` need what the server prepares beside the sandbox (other
 * managed PDFs, the opened signing key, passwords that are never stored, the timestamp authority).
 */
export const runsInRequest = (steps: unknown[]) => steps.some(runsBesideSandbox);

/** A result named after its first source (`invoice.pdf`), unless that name is one Folio made up itself. */
export function resultName(sourceName: string): string | undefined {
  return sourceName === '' || /^(upload|pdf-job|merged)-pdf_/.test(sourceName) ? undefined : sourceName;
}

export class PdfJobs {
  constructor(
    private readonly ctx: ServiceContext,
    private readonly deps: { files: RenderedFiles; usage: Usage; merges: PdfMerges; jobs: RenderJobs },
  ) {}

  /**
   * A PDF job as a render job (202 `{job}`): the steps and sources are checked as `run` checks them, the
   * sources stay where they are (the worker reads them when the job runs), the result is a managed PDF.
   */
  async create(accountId: string, input: PdfJobInput) {
    const checked = checkSteps(input.steps);
    if ('problem' in checked) throw new AppError('invalid_request', checked.problem.message, { field: checked.problem.field });
    const { resolved } = await this.#checkSources(accountId, input);
    const fileName = input.fileName ?? resultName(resolved[0].fileName);
    return this.deps.jobs.create(accountId, {
      hasPayload: false,
      outputMode: 'managed',
      ...(input.businessKey !== undefined ? { businessKey: input.businessKey } : {}),
      ...(checked.steps.length > 0 ? { steps: input.steps as Array<{ type: string }> } : {}),
      pdfJob: {
        sources: input.sources.map((s) => (s.pdfId !== undefined ? { pdfId: s.pdfId } : { jobId: s.jobId! })),
        ...(fileName !== undefined ? { fileName } : {}),
      },
    });
  }

  /**
   * A PDF job as the API shows it: the job, and once it succeeded the managed PDF it made. 404
   * render_job_not_found for a job of another account or one that is not a PDF job.
   */
  async view(accountId: string, jobId: string) {
    const row = await this.deps.jobs.require(accountId, jobId);
    // A PDF job's kind is `pdf-job` whatever its version: no read of the version for it.
    const job = jobViewWithKind(row, null);
    if (!job.document?.pdfSources) throw new AppError('render_job_not_found', `PDF job ${jobId} not found`);
    if (row.status !== 'succeeded') return { job };
    const pdfs = await this.ctx.db
      .selectFrom('managed_pdfs')
      .selectAll()
      .where('render_job_id', '=', jobId)
      .where('state', '!=', 'deleted')
      .execute();
    return { job, pdfs: pdfs.map(pdfView) };
  }

  /** The sources exist, belong to the account, can be read and are not too big together (400/404 naming one). */
  async #checkSources(accountId: string, input: PdfJobInput) {
    if (input.sources.length < 1 || input.sources.length > MAX_MERGE_SOURCES)
      throw new AppError('invalid_request', `sources must have 1 to ${MAX_MERGE_SOURCES} items`, { field: 'sources' });
    const account = await this.ctx.db.selectFrom('accounts').select('plan_key').where('id', '=', accountId).executeTakeFirstOrThrow();
    const { policy } = this.ctx.plans.get(account.plan_key);
    const maxBytes = Math.min(policy.maxRenderOutputBytes ?? MAX_MERGE_BYTES, MAX_MERGE_BYTES);
    const resolved = [];
    // Pages are counted from what is stored, before anything is read: a job past the document's page limit
    // is refused here, never given to the sandbox.
    let pages = 0;
    for (const [i, s] of input.sources.entries()) {
      const r = await this.deps.merges.resolve(accountId, s, `sources[${i}]`);
      pages += r.pages?.length ?? r.pageCount;
      if (pages > MAX_DOCUMENT_PAGES)
        throw new AppError(
          'invalid_request',
          `sources[${i}] brings the job's document to ${pages} pages; at most ${MAX_DOCUMENT_PAGES} are allowed`,
          { field: `sources[${i}]` },
        );
      resolved.push(r);
    }
    const total = resolved.reduce((n, s) => n + s.bytes, 0);
    if (total > maxBytes)
      throw new AppError('invalid_request', `the sources hold ${total} bytes; a PDF job may read at most ${maxBytes}`, {
        field: 'sources',
      });
    return { resolved, policy, maxBytes, pages };
  }

  /**
   * Work done in the request counts as a render job, as a queued PDF job does (each file worked on alone is
   * one), once its input passed the checks: one on `render_jobs` first
   * (429 `render_job_quota_exceeded` past the plan's allowance, `render_time_quota_exceeded` once its render
   * time is used up), and its time on `render_time_ms` after, whether it succeeded or not.
   */
  async #metered<T>(accountId: string, work: () => Promise<T>): Promise<T> {
    const account = await this.ctx.db.selectFrom('accounts').select('plan_key').where('id', '=', accountId).executeTakeFirstOrThrow();
    const { policy } = this.ctx.plans.get(account.plan_key);
    await this.ctx.db.transaction().execute(async (trx) => {
      await this.deps.jobs.checkRenderTime(trx, accountId, policy, this.ctx.clock.now());
      await this.deps.usage.increment(trx, {
        accountId,
        meter: 'render_jobs',
        amount: 1,
        limit: policy.maxRenderJobsPerBillPeriod,
        errorCode: 'render_job_quota_exceeded',
      });
    });
    const started = performance.now();
    try {
      return await work();
    } finally {
      const amount = Math.max(1, Math.round(performance.now() - started));
      await this.ctx.db
        .transaction()
        .execute((trx) =>
          this.deps.usage.increment(trx, {
            accountId,
            meter: 'render_time_ms',
            amount,
            limit: null,
            errorCode: 'render_time_quota_exceeded',
          }),
        )
        .catch((err) => this.ctx.log.error({ err }, 'could not count the render time of a PDF job run in the request'));
    }
  }

  async run(accountId: string, input: PdfJobInput) {
    const checked = checkSteps(input.steps);
    if ('problem' in checked) throw new AppError('invalid_request', checked.problem.message, { field: checked.problem.field });
    const steps: PdfStep[] = checked.steps;
    const deadline = performance.now() + PDF_JOB_TIMEOUT_MS;
    const { resolved, policy, maxBytes, pages } = await this.#checkSources(accountId, input);
    const fileName = input.fileName ?? resultName(resolved[0].fileName);
    const limit = policy.storageLimitBytes;
    if (limit !== null) {
      const used = await this.deps.usage.totalStorageBytes(this.ctx.db, accountId);
      if (used >= limit)
        throw new AppError('storage_limit_exceeded', `the account stores ${used} bytes; the plan's storage limit is ${limit} bytes`);
    }
    const sources: Array<{ bytes: Uint8Array; field: string }> = [];
    for (const s of resolved) sources.push({ bytes: await this.ctx.blobs.getBuffer(s.storageKey), field: s.field });
    const prepared = await prepareStepInputs(this.ctx, this.deps, accountId, steps, pages);
    const results = await this.#metered(accountId, () => this.#work(accountId, sources, steps, prepared, maxBytes, deadline));
    const reports = results[0]?.reports;
    // Steps that only read (extractText, validate) make no new PDF: their reports are the answer.
    if (steps.every((st) => READ_STEPS.includes(st.type))) return { pdfs: [], reports: reports ?? [] };

    const pdfs = [];
    try {
      for (const [k, r] of results.entries()) {
        const suffix = results.length > 1 ? `-${k + 1}` : '';
        const { pdf } = await storeManagedPdf(
          this.ctx,
          this.deps,
          accountId,
          {
            businessKey: input.businessKey ? `${input.businessKey}${suffix}` : undefined,
            fileName: fileName ? `${fileName.replace(/\.pdf$/i, '')}${suffix}` : undefined,
            deployId: '',
            deployVersionId: '',
            slug: 'pdf-job',
            what: 'PDF',
          },
          r,
          limit,
        );
        pdfs.push(pdf);
      }
    } catch (err) {
      for (const p of pdfs)
        await this.deps.files
          .deletePdf(accountId, p.id)
          .catch((e) => this.ctx.log.error({ err: e }, 'could not delete a PDF of a failed PDF job'));
      throw err;
    }
    return { pdfs, ...(reports ? { reports } : {}) };
  }

  /**
   * The steps on PDFs a request brought (a Gotenberg form), answered and never stored: `files` are checked
   * in the sandbox first (400 naming a file that is not an unencrypted PDF with pages), each is worked on
   * alone (`each`) or all joined in order, and `given` holds the other PDFs the steps name (a stamp's page).
   * Returns each file's results (several after `split`).
   */
  async runOnUploads(
    accountId: string,
    files: Array<{ name: string; bytes: Buffer }>,
    /** The steps, given each file's page count, for one file (its index) or for all joined (null). */
    stepsFor: (pages: number[], file: number | null) => unknown[],
    /** `pages`: the files were checked already (a split's parts, files describeUploads read), with these page counts. */
    opts: { each: boolean; given?: Record<string, Buffer>; pages?: number[] },
  ): Promise<Array<Array<{ bytes: Uint8Array; pageCount: number; reports?: StepReport[] }>>> {
    const deadline = performance.now() + PDF_JOB_TIMEOUT_MS;
    const { maxBytes, pages } = opts.pages
      ? { maxBytes: await this.deps.merges.maxBytesOf(accountId), pages: opts.pages }
      : await this.deps.merges.checkUploads(accountId, files);
    const groups = opts.each ? files.map((f, i) => ({ files: [f], file: i as number | null })) : [{ files, file: null }];
    const plans = groups.map((g) => {
      const checked = checkSteps(stepsFor(pages, g.file));
      if ('problem' in checked) throw new AppError('invalid_request', checked.problem.message, { field: checked.problem.field });
      return checked.steps;
    });
    const given = Object.entries(opts.given ?? {});
    if (given.length > 0)
      await this.deps.merges.checkUploads(
        accountId,
        given.map(([key, bytes]) => ({ name: key, bytes })),
      );
    const total = pages.reduce((a, b) => a + b, 0);
    const out = [];
    for (const [i, g] of groups.entries()) {
      const prepared = await prepareStepInputs(this.ctx, this.deps, accountId, plans[i], total, Object.fromEntries(given));
      const sources = g.files.map((f) => ({ bytes: f.bytes, field: f.name }));
      out.push(await this.#metered(accountId, () => this.#work(accountId, sources, plans[i], prepared, maxBytes, deadline)));
    }
    return out;
  }

  /** What each uploaded PDF says of itself (src/pdf/describe.ts), read in the sandbox after the upload checks. */
  async describeUploads(accountId: string, files: Array<{ name: string; bytes: Buffer }>) {
    await this.deps.merges.checkUploads(accountId, files);
    const out = [];
    for (const f of files) {
      try {
        const d = await this.ctx.sandbox.run(
          'pdf.describe',
          { pdf: f.bytes },
          { account: accountId, timeoutMs: this.ctx.config.sandboxTimeoutMs },
        );
        out.push({ name: f.name, ...d });
      } catch (err) {
        if (!isSandboxLimit(err) && !isSandboxError(err, 'task')) throw err;
        throw new AppError('invalid_request', `file ${f.name} could not be read: ${err.message}`, { field: f.name });
      }
    }
    return out;
  }

  /** The steps in the sandbox, then `optimize` and what runs after the sandbox; each result within `maxBytes`. */
  async #work(
    accountId: string,
    sources: Array<{ bytes: Uint8Array; field: string }>,
    steps: PdfStep[],
    prepared: Awaited<ReturnType<typeof prepareStepInputs>>,
    maxBytes: number,
    deadline: number,
  ) {
    const left = (cap: number, field = 'steps') => timeLeft(deadline, cap, PDF_JOB_TIMEOUT_MS, field);
    let results: Array<{ bytes: Uint8Array; pageCount: number; reports?: StepReport[] }>;
    try {
      results = await this.ctx.sandbox.run(
        'pdf.steps',
        { sources, steps: prepared.sandboxSteps, nowMs: this.ctx.clock.now(), inputs: prepared.inputs },
        { account: accountId, timeoutMs: left(PDF_JOB_TIMEOUT_MS), deadline },
      );
    } catch (err) {
      if (isPdfError(err, 'step', 'merge_source')) throw new AppError('pdf_step_failed', err.message, { field: err.field ?? 'steps' });
      if (isSandboxLimit(err))
        throw new AppError('pdf_step_failed', `the steps could not run within the limits: ${err.message}`, { field: 'steps' });
      if (isSandboxError(err, 'task') || isPdfError(err))
        throw new AppError('pdf_step_failed', `a step could not read or write the PDF: ${err.message}`, { field: 'steps' });
      throw err;
    }
    if (steps.some((s) => s.type === 'optimize')) {
      try {
        const images = steps.some((s) => s.type === 'optimize' && s.images === true);
        const field = `steps[${steps.findIndex((s) => s.type === 'optimize')}]`;
        for (const r of results) r.bytes = await optimizePdf(r.bytes, { timeoutMs: left(OPTIMIZE_TIMEOUT_MS, field), images });
      } catch (err) {
        if (isPdfError(err, 'qpdf_failed', 'qpdf_timeout'))
          throw new AppError('pdf_step_failed', err.message, { field: `steps[${steps.findIndex((s) => s.type === 'optimize')}]` });
        throw err;
      }
    }
    await finishSteps(this.ctx, prepared.finish, results, { deadline, limitMs: PDF_JOB_TIMEOUT_MS });
    for (const [k, r] of results.entries())
      if (r.bytes.length > maxBytes)
        throw new AppError('pdf_step_failed', `result ${k + 1} would be ${r.bytes.length} bytes; at most ${maxBytes} are allowed`, {
          field: 'steps',
        });

    return results;
  }
}
