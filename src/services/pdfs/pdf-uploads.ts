// POST /v1/pdfs and GET /v1/pdfs/{id}/info: PDFs from outside Folio become managed PDFs like rendered
// ones (same table, same storage meter and limit, same links and deletion). Nothing an account sends is
// parsed in the API's own thread: qpdf checks (and decrypts) the upload in a child process under a time
// limit, then the sandbox reads it with pdf-lib within the PDF limits (src/pdf/syntax/limits.ts: objects,
// inflated bytes, a page tree that lists a node twice); only then is it stored. The password of an
// encrypted upload is used once by qpdf and never stored or logged.
import os from 'node:os';
import { createHash } from 'node:crypto';
import { AppError } from '../../errors/app-error.js';
import { isPdfError } from '../../pdf/errors.js';
import { openUploadedPdf, type OpenedPdf } from '../../pdf/qpdf-input.js';
import { isSandboxError, isSandboxLimit } from '../../sandbox/pool.js';
import { looksLikeImage } from '../../domain/pdfs/image-formats.js';
import type { TaskInput, TaskName, TaskResult } from '../../sandbox/tasks.js';
import type { ServiceContext } from '../context.js';
import { pdfView } from '../jobs/rendered-files.js';
import { pdfFileName } from '../../domain/jobs/file-name.js';
import { storeManagedPdf } from './managed-pdf-store.js';
import { readableManagedPdf } from './readable-pdf.js';
import type { RenderedFiles } from '../jobs/rendered-files.js';
import type { Usage } from '../accounts/usage.js';
import { secretTextProblem } from '../../domain/secret-text.js';
import { FairSlots } from '../../pdf/fair-slots.js';

/**
 * qpdf checks of uploads at once in this process (each may take up to 60 s and 1 GiB): one per core, taken
 * in turns between accounts, so one account's burst of uploads cannot hold every core.
 */
const QPDF_CHECKS = new FairSlots(Math.max(1, os.availableParallelism()));

/** Ceiling of one upload whatever the plan says: pdf-lib holds several times a PDF's bytes while reading it. */
export const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;
/** Time qpdf may take to check and decrypt one upload. */
export const UPLOAD_CHECK_TIMEOUT_MS = 60_000;
/** Longest password accepted (qpdf's own limit is far above; a longer one is a mistake). */
export const MAX_PASSWORD_LENGTH = 1024;

export interface UploadInput {
  bytes: Buffer;
  password?: string;
  fileName?: string;
  businessKey?: string;
}

export class PdfUploads {
  constructor(
    private readonly ctx: ServiceContext,
    private readonly deps: { files: RenderedFiles; usage: Usage },
  ) {}

  /** The most bytes the account may upload in one PDF: the plan's maxRenderOutputBytes, within MAX_UPLOAD_BYTES. */
  async maxBytes(accountId: string): Promise<number> {
    const { policy } = await this.policy(accountId);
    return Math.min(policy.maxRenderOutputBytes ?? MAX_UPLOAD_BYTES, MAX_UPLOAD_BYTES);
  }

  /** The sha256 the Idempotency-Key hash covers: the bytes, not the password. */
  static digest(bytes: Buffer): string {
    return createHash('sha256').update(bytes).digest('hex');
  }

  async upload(accountId: string, input: UploadInput) {
    const { policy } = await this.policy(accountId);
    const max = Math.min(policy.maxRenderOutputBytes ?? MAX_UPLOAD_BYTES, MAX_UPLOAD_BYTES);
    if (input.bytes.length > max)
      throw new AppError('body_too_large', `the PDF is ${input.bytes.length} bytes; this plan accepts uploads of at most ${max}`, {
        field: 'file',
        maxBytes: max,
      });
    if (input.bytes.length === 0) throw new AppError('pdf_invalid', 'the PDF is empty', { field: 'file' });
    if (input.password !== undefined && input.password.length > MAX_PASSWORD_LENGTH)
      throw new AppError('invalid_request', `password may have at most ${MAX_PASSWORD_LENGTH} characters`, { field: 'password' });
    const badPassword = input.password === undefined ? null : secretTextProblem(input.password, 'password');
    if (badPassword) throw new AppError('invalid_request', badPassword, { field: 'password' });
    if (looksLikeImage(input.bytes)) {
      if (input.password !== undefined)
        throw new AppError('invalid_request', 'an image has no password: leave out password', { field: 'password' });
      input = { ...input, bytes: await this.pdfOfImage(accountId, input.bytes, 'file') };
    }
    if (input.bytes.subarray(0, 1024).indexOf('%PDF-', 0, 'latin1') < 0)
      throw new AppError(
        'pdf_invalid',
        'the file is not a PDF (no %PDF- header in its first 1024 bytes) nor an image (PNG, JPEG, WebP, TIFF, GIF, AVIF)',
        {
          field: 'file',
        },
      );

    // The same bytes under the same name, uploaded again without a business key of their own, are the PDF
    // the account already has (an unencrypted upload is stored as sent): nothing is checked or stored twice.
    if (input.password === undefined && input.businessKey === undefined) {
      const same = await this.ctx.db
        .selectFrom('managed_pdfs')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('sha256', '=', PdfUploads.digest(input.bytes))
        .where('render_job_id', '=', '')
        .where('deploy_id', '=', '')
        // No business key of its own: it defaults to the PDF's id.
        .whereRef('business_key', '=', 'id')
        .where('state', '=', 'available')
        .where('protected', '=', 0)
        .orderBy('created_at', 'asc')
        .execute();
      const name =
        input.fileName === undefined ? undefined : pdfFileName({ template: input.fileName, slug: 'upload', businessKey: '', jobId: '' });
      const found = same.find((p) => name === undefined || p.file_name === name);
      if (found) return { pdf: pdfView(found), decrypted: false, reused: true };
    }

    // An account already at its storage limit cannot store anything: refuse before any work.
    const limit = policy.storageLimitBytes;
    if (limit !== null) {
      const used = await this.deps.usage.totalStorageBytes(this.ctx.db, accountId);
      if (used >= limit)
        throw new AppError('storage_limit_exceeded', `the account stores ${used} bytes; the plan's storage limit is ${limit} bytes`);
    }

    // The limits first, on the bytes as sent: a PDF whose streams inflate past them is refused before qpdf
    // spends seconds and its memory limit on it. (An encrypted PDF's streams are read once decrypted, below.)
    const bomb = await this.#read(accountId, 'pdf.scan', { pdf: input.bytes });
    if (bomb) throw new AppError('pdf_invalid', `the PDF ${bomb}`, { field: 'file' });

    let opened: OpenedPdf;
    try {
      opened = await QPDF_CHECKS.run(accountId, () => openUploadedPdf(input.bytes, input.password, { timeoutMs: UPLOAD_CHECK_TIMEOUT_MS }));
    } catch (err) {
      throw refusedUpload(err);
    }

    const inspected = await this.#read(accountId, 'pdf.inspectJoined', { pdf: opened.bytes });
    if (inspected.problem) throw new AppError('pdf_invalid', `the PDF ${inspected.problem}`, { field: 'file' });

    const stored = await storeManagedPdf(
      this.ctx,
      this.deps,
      accountId,
      { businessKey: input.businessKey, fileName: input.fileName, deployId: '', deployVersionId: '', slug: 'upload', what: 'uploaded PDF' },
      { bytes: opened.bytes, pageCount: inspected.pages },
      limit,
    );
    return { ...stored, decrypted: opened.wasEncrypted, reused: false };
  }

  /**
   * An image as a PDF of one page the image's size (its resolution, else 72 dpi), made in the sandbox: 422
   * pdf_invalid naming `field` when it cannot be read or has more pixels than a PDF's image may.
   */
  async pdfOfImage(accountId: string, bytes: Buffer, field: string): Promise<Buffer> {
    try {
      const r = await this.#read(accountId, 'pdf.fromImages', { images: [{ bytes, field }] }, { field });
      return Buffer.from(r.bytes);
    } catch (err) {
      if (isPdfError(err) || isSandboxError(err, 'task'))
        throw new AppError('pdf_invalid', `the image ${(err as Error).message}`, { field });
      throw err;
    }
  }

  /** GET /v1/pdfs/{id}/info: read in the sandbox; another account's PDF is not found (404). */
  async info(accountId: string, pdfId: string) {
    const bytes = await readableManagedPdf(this.ctx, accountId, pdfId, 'its info');
    return { pdfId, info: await this.#read(accountId, 'pdf.info', { pdf: bytes }, {}) };
  }

  /** A sandbox task on an account's PDF; past the sandbox's own limits, 422 pdf_invalid saying so. */
  async #read<K extends TaskName>(
    accountId: string,
    name: K,
    input: TaskInput<K>,
    details: Record<string, unknown> = { field: 'file' },
  ): Promise<TaskResult<K>> {
    try {
      return await this.ctx.sandbox.run(name, input, { account: accountId, timeoutMs: this.ctx.config.sandboxTimeoutMs });
    } catch (err) {
      if (isSandboxLimit(err)) throw new AppError('pdf_invalid', `the PDF could not be read within the limits: ${err.message}`, details);
      throw err;
    }
  }

  private async policy(accountId: string) {
    const account = await this.ctx.db.selectFrom('accounts').select('plan_key').where('id', '=', accountId).executeTakeFirstOrThrow();
    return this.ctx.plans.get(account.plan_key);
  }
}

/**
 * What the API answers when qpdf's check of an upload fails: the file's fault (damaged, a password missing
 * or wrong, too slow to read) is 422 naming the field, qpdf's own (missing, failed) is the server's 503.
 */
function refusedUpload(err: unknown): unknown {
  if (!isPdfError(err)) return err;
  switch (err.kind) {
    case 'input_invalid':
      return new AppError('pdf_invalid', err.message, { field: 'file' });
    case 'password_required':
      return new AppError('pdf_password_required', err.message, { field: 'password' });
    case 'password_incorrect':
      return new AppError('pdf_password_incorrect', err.message, { field: 'password' });
    case 'qpdf_timeout':
      return new AppError('pdf_invalid', `the PDF ${err.message.replace(/^qpdf /, 'could not be checked: qpdf ')}`, { field: 'file' });
    case 'qpdf_failed':
      return new AppError('render_provider_unavailable', err.message);
    default:
      return err;
  }
}
