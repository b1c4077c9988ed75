// POST /v1/pdfs/merge: a new managed PDF made of pages of the account's managed PDFs and succeeded job
// outputs, in the order given. The sources are read from the blob store as whole buffers, so memory is
// bounded by the limits below (their total size, the result's size) and by running one merge at a time in
// a process; the result is stored under pdfs/<id>.pdf and recorded, counted in the account's managed-PDF
// storage and checked against the plan's storage limit, in one transaction.
import { parsePageRanges } from '../../domain/pdfs/page-ranges.js';
import { MAX_DOCUMENT_PAGES } from '../../domain/pdfs/pdf-document.js';
import { AppError } from '../../errors/app-error.js';
import type { ServiceContext } from '../context.js';
import { isPdfError } from '../../pdf/errors.js';
import { isSandboxLimit } from '../../sandbox/pool.js';
import type { RenderedFiles } from '../jobs/rendered-files.js';
import { storeManagedPdf, type ManagedPdfRecord } from './managed-pdf-store.js';
import { isProtectedJob } from '../jobs/job-views.js';
import type { Usage } from '../accounts/usage.js';

/** At most this many sources per merge. */
export const MAX_MERGE_SOURCES = 50;
/** At most this many pages in a merged PDF. */
export const MAX_MERGE_PAGES = MAX_DOCUMENT_PAGES;
/**
 * The sources' total bytes and the result's bytes are capped by the plan's maxRenderOutputBytes, and by this
 * (also for plans without an output limit): a merge holds about 8× its sources' bytes at its peak (measured
 * with pdf-lib on text-heavy sources), so this keeps one merge under about 800 MB.
 */
export const MAX_MERGE_BYTES = 100 * 1024 * 1024;
/** Time limit of one merge in the sandbox. */
export const MERGE_TIMEOUT_MS = 120_000;

export interface MergeSourceInput {
  pdfId?: string;
  jobId?: string;
  pageRanges?: string;
}

export interface MergeInput {
  sources: MergeSourceInput[];
  fileName?: string;
  businessKey?: string;
}

export interface ResolvedSource {
  field: string;
  storageKey: string;
  bytes: number;
  pages: number[] | null;
  pageCount: number;
  /** The stored file name (`invoice.pdf`): what a PDF job's result is named after. */
  fileName: string;
  notFound: () => AppError;
}

/** An encrypted source cannot be read without its owner password, which Folio never keeps. */
const protectedSource = (field: string, what: string, key: string) =>
  new AppError('invalid_request', `${field}: ${what} is password-protected; protected PDFs cannot be merged`, { field: `${field}.${key}` });

export class PdfMerges {
  constructor(
    private readonly ctx: ServiceContext,
    private readonly deps: { files: RenderedFiles; usage: Usage },
  ) {}

  async merge(accountId: string, input: MergeInput) {
    if (input.sources.length < 1 || input.sources.length > MAX_MERGE_SOURCES)
      throw new AppError('invalid_request', `sources must have 1 to ${MAX_MERGE_SOURCES} items`, { field: 'sources' });
    const account = await this.ctx.db.selectFrom('accounts').select('plan_key').where('id', '=', accountId).executeTakeFirstOrThrow();
    const { policy } = this.ctx.plans.get(account.plan_key);
    const maxBytes = Math.min(policy.maxRenderOutputBytes ?? MAX_MERGE_BYTES, MAX_MERGE_BYTES);

    const sources: ResolvedSource[] = [];
    for (const [i, s] of input.sources.entries()) sources.push(await this.resolve(accountId, s, `sources[${i}]`));
    const pages = sources.reduce((n, s) => n + (s.pages?.length ?? s.pageCount), 0);
    if (pages > MAX_MERGE_PAGES)
      throw new AppError('invalid_request', `the merged PDF would have ${pages} pages; at most ${MAX_MERGE_PAGES} are allowed`, {
        field: 'sources',
      });
    const sourceBytes = sources.reduce((n, s) => n + s.bytes, 0);
    if (sourceBytes > maxBytes)
      throw new AppError('invalid_request', `the sources hold ${sourceBytes} bytes; a merge may read at most ${maxBytes}`, {
        field: 'sources',
      });

    // An account already at its storage limit cannot store any merge: refuse before reading anything.
    const limit = policy.storageLimitBytes;
    if (limit !== null) {
      const used = await this.deps.usage.totalStorageBytes(this.ctx.db, accountId);
      if (used >= limit)
        throw new AppError('storage_limit_exceeded', `the account stores ${used} bytes; the plan's storage limit is ${limit} bytes`);
    }

    const built = await this.build(accountId, sources, maxBytes);
    return this.store(accountId, { ...input, deployId: '', deployVersionId: '', slug: 'merged' }, built, limit);
  }

  /**
   * A render batch's merged product (services/batches/batch-products.ts): whole PDFs in the order given, through
   * the same queue, merge, size limit and storage-limit transaction as the route; recorded as a managed
   * PDF of the batch's deploy version. The caller checks the page and byte limits with its own wording.
   */
  async mergeWhole(
    accountId: string,
    sources: Array<{ storageKey: string; bytes: number; pageCount: number; field: string; notFound: () => AppError }>,
    record: { businessKey: string; deployId: string; deployVersionId: string; slug: string; maxBytes: number },
  ) {
    const account = await this.ctx.db.selectFrom('accounts').select('plan_key').where('id', '=', accountId).executeTakeFirstOrThrow();
    const limit = this.ctx.plans.get(account.plan_key).policy.storageLimitBytes;
    const built = await this.build(
      accountId,
      sources.map((s) => ({ ...s, pages: null, fileName: '' })),
      record.maxBytes,
    );
    return this.store(accountId, record, built, limit);
  }

  /** A source of this account, checked before any byte is read; another account's id is not found (404). */
  async resolve(accountId: string, s: MergeSourceInput, field: string): Promise<ResolvedSource> {
    if ((s.pdfId === undefined) === (s.jobId === undefined))
      throw new AppError('invalid_request', `${field} must have exactly one of pdfId or jobId`, { field });
    let found: Omit<ResolvedSource, 'pages' | 'field'>;
    if (s.pdfId !== undefined) {
      const id = s.pdfId;
      const notFound = () => new AppError('pdf_not_found', `PDF ${id} not found`, { field: `${field}.pdfId` });
      const p = await this.ctx.db
        .selectFrom('managed_pdfs')
        .selectAll()
        .where('id', '=', id)
        .where('account_id', '=', accountId)
        .where('state', '!=', 'deleted')
        .executeTakeFirst();
      if (!p) throw notFound();
      if (p.state !== 'available') throw new AppError('pdf_deleting', `PDF ${id} is being deleted`, { field: `${field}.pdfId` });
      if (p.protected === 1) throw protectedSource(field, `PDF ${id}`, 'pdfId');
      found = { storageKey: p.storage_key, bytes: Number(p.bytes), pageCount: p.page_count, fileName: p.file_name, notFound };
    } else {
      const id = s.jobId!;
      const job = await this.ctx.db
        .selectFrom('render_jobs')
        .select(['id', 'status', 'document_view_json'])
        .where('id', '=', id)
        .where('account_id', '=', accountId)
        .executeTakeFirst();
      if (!job) throw new AppError('render_job_not_found', `render job ${id} not found`, { field: `${field}.jobId` });
      if (job.status !== 'succeeded')
        throw new AppError('render_output_not_ready', `render job ${id} is ${job.status}; its output is not available`, {
          field: `${field}.jobId`,
        });
      if (isProtectedJob(job)) throw protectedSource(field, `the output of render job ${id}`, 'jobId');
      const notFound = () =>
        new AppError('render_output_not_found', `the output of render job ${id} was deleted`, { field: `${field}.jobId` });
      const o = await this.ctx.db.selectFrom('render_outputs').selectAll().where('job_id', '=', id).executeTakeFirst();
      if (!o || o.state !== 'available') throw notFound();
      found = { storageKey: o.storage_key, bytes: Number(o.bytes), pageCount: o.page_count, fileName: o.file_name, notFound };
    }
    const pages = s.pageRanges === undefined ? null : pagesOf(s.pageRanges, found.pageCount, `${field}.pageRanges`);
    return { ...found, field, pages };
  }

  /** Reads the sources and merges them; the result may not pass `maxBytes`. */
  private async build(accountId: string, sources: ResolvedSource[], maxBytes: number) {
    const inputs = [];
    for (const s of sources) {
      let bytes: Buffer;
      try {
        bytes = await this.ctx.blobs.getBuffer(s.storageKey);
      } catch (err) {
        // Deleted (and purged) between the check and the read.
        if ((await this.ctx.blobs.stat(s.storageKey).catch(() => null)) === null) throw s.notFound();
        throw err;
      }
      inputs.push({ bytes, pages: s.pages, field: s.field });
    }
    return this.mergeInSandbox(accountId, inputs, maxBytes);
  }

  /**
   * Uploaded PDFs (the Gotenberg merge route) joined whole, in the order given, answered and not stored:
   * bytes an account sent are read only in the sandbox, first each on its own within the PDF limits
   * (`pdf.inspectJoined`, as a version's appended PDFs: a PDF, unencrypted, with pages), then merged under
   * the same limits as `POST /v1/pdfs/merge`. 400 naming the file.
   */
  async mergeUploads(accountId: string, files: Array<{ name: string; bytes: Buffer }>) {
    const { maxBytes } = await this.checkUploads(accountId, files);
    return this.mergeInSandbox(
      accountId,
      files.map((f) => ({ bytes: f.bytes, pages: null, field: f.name })),
      maxBytes,
    );
  }

  /**
   * PDFs uploaded in a form, each read in the sandbox before anything works on it: 1–MAX_MERGE_SOURCES
   * files, within the plan's byte limit together, each an unencrypted PDF with pages, MAX_MERGE_PAGES in all
   * (400 naming the file). Their page counts, and the byte limit of a result.
   */
  async checkUploads(accountId: string, files: Array<{ name: string; bytes: Buffer }>) {
    if (files.length < 1 || files.length > MAX_MERGE_SOURCES)
      throw new AppError('invalid_request', `a form takes 1 to ${MAX_MERGE_SOURCES} PDF files; this one has ${files.length}`, {
        field: 'files',
      });
    const maxBytes = await this.maxBytesOf(accountId);
    const total = files.reduce((n, f) => n + f.bytes.length, 0);
    if (total > maxBytes)
      throw new AppError('invalid_request', `the files hold ${total} bytes; at most ${maxBytes} may be read`, { field: 'files' });
    let pagesLeft = MAX_MERGE_PAGES;
    const pages: number[] = [];
    for (const f of files) {
      let r: { problem: string | null; pages: number };
      try {
        r = await this.ctx.sandbox.run(
          'pdf.inspectJoined',
          { pdf: f.bytes, limits: { maxPages: MAX_MERGE_PAGES } },
          { account: accountId, timeoutMs: this.ctx.config.sandboxTimeoutMs },
        );
      } catch (err) {
        if (!isSandboxLimit(err)) throw err;
        r = { problem: `could not be read within the limits: ${err.message}`, pages: 0 };
      }
      if (r.problem) throw new AppError('invalid_request', `file ${f.name} ${r.problem}`, { field: f.name });
      if (r.pages > pagesLeft)
        throw new AppError(
          'invalid_request',
          `file ${f.name} brings the form to ${MAX_MERGE_PAGES - pagesLeft + r.pages} pages; at most ${MAX_MERGE_PAGES} are allowed`,
          { field: f.name },
        );
      pagesLeft -= r.pages;
      pages.push(r.pages);
    }
    return { maxBytes, pages };
  }

  /** The most bytes a PDF the account works on may have: the plan's maxRenderOutputBytes, at most MAX_MERGE_BYTES. */
  async maxBytesOf(accountId: string) {
    const account = await this.ctx.db.selectFrom('accounts').select('plan_key').where('id', '=', accountId).executeTakeFirstOrThrow();
    const { policy } = this.ctx.plans.get(account.plan_key);
    return Math.min(policy.maxRenderOutputBytes ?? MAX_MERGE_BYTES, MAX_MERGE_BYTES);
  }

  /** Merges in the sandbox; the result may not pass `maxBytes`. */
  private async mergeInSandbox(
    accountId: string,
    inputs: Array<{ bytes: Buffer; pages: number[] | null; field: string }>,
    maxBytes: number,
  ) {
    // The merge reads every source with pdf-lib: in the sandbox, where the accounts take turns, a thread's
    // heap (FOLIO_SANDBOX_MEMORY_MB) bounds its memory and MERGE_TIMEOUT_MS its time.
    let merged: { bytes: Uint8Array; pageCount: number };
    try {
      merged = await this.ctx.sandbox.run(
        'pdf.merge',
        { sources: inputs, nowMs: this.ctx.clock.now() },
        { account: accountId, timeoutMs: MERGE_TIMEOUT_MS },
      );
    } catch (err) {
      if (isPdfError(err, 'merge_source')) throw new AppError('invalid_request', err.message, { field: err.field ?? 'sources' });
      if (isSandboxLimit(err))
        throw new AppError('invalid_request', `the merge could not be built within the limits: ${err.message}`, { field: 'sources' });
      throw err;
    }
    if (merged.bytes.length > maxBytes)
      throw new AppError('invalid_request', `the merged PDF would be ${merged.bytes.length} bytes; at most ${maxBytes} are allowed`, {
        field: 'sources',
      });
    return merged;
  }

  private store(
    accountId: string,
    input: Omit<ManagedPdfRecord, 'what'>,
    merged: { bytes: Uint8Array; pageCount: number },
    limit: number | null,
  ) {
    return storeManagedPdf(this.ctx, this.deps, accountId, { ...input, what: 'merged PDF' }, merged, limit);
  }
}

/** The 0-based pages a `pageRanges` selects, or 400 naming the field. */
function pagesOf(spec: string, pageCount: number, field: string): number[] {
  const r = parsePageRanges(spec, pageCount, MAX_MERGE_PAGES);
  if ('problem' in r) throw new AppError('invalid_request', `${field} ${r.problem}`, { field });
  return r.pages;
}
